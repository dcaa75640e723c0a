/** Author HTML as a tree of elements and text (lib/html-outline.ts reads it). */
export type OutlineNode = string | { tag: string; children: OutlineNode[] } | null;

/** The text of a tree (what `textContent` gives). */
export function outlineText(nodes: readonly OutlineNode[]): string {
  return nodes
    .map((node) =>
      node === null ? '' : typeof node === 'string' ? node : outlineText(node.children),
    )
    .join('');
}
