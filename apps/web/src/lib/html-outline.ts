import type { OutlineNode } from './outline';

function fromDom(node: ChildNode): OutlineNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  return { tag: node.nodeName.toLowerCase(), children: Array.from(node.childNodes, fromDom) };
}

/**
 * Author HTML as a tree of elements and text, for the outline a screen shows before the
 * sanitizer has loaded (components/deferred-safe-html.tsx): read by the browser's own parser.
 * The server reads it with parse5 instead (html-outline.server.ts, put in its place by the
 * build's server rendering, vite.config.ts).
 */
export function parseOutline(html: string): OutlineNode[] {
  return Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, fromDom);
}
