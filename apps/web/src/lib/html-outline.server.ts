import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import type { OutlineNode } from './outline';

type Node = DefaultTreeAdapterTypes.ChildNode;

/** lib/html-outline.ts on the server: the same tree, read by parse5 as a browser reads it. */
function fromNode(node: Node): OutlineNode {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if (!('tagName' in node)) return null;
  return { tag: node.tagName, children: node.childNodes.map(fromNode) };
}

export function parseOutline(html: string): OutlineNode[] {
  const document = parse(html);
  const root = document.childNodes.find((node) => node.nodeName === 'html');
  const body =
    root && 'childNodes' in root ? root.childNodes.find((node) => node.nodeName === 'body') : null;
  return body && 'childNodes' in body ? body.childNodes.map(fromNode) : [];
}
