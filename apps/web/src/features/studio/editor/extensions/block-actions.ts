import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** Set on a transaction that moves a block: nothing is removed, whatever the steps look like. */
export const MOVE_META = 'studioMove';

/** The top-level block (fragment) that holds `pos`, and where it starts. */
export function blockAt(state: EditorState, pos: number) {
  const $pos = state.doc.resolve(Math.min(pos, state.doc.content.size));
  const index = $pos.depth === 0 ? $pos.index(0) : $pos.index(0);
  const node = state.doc.maybeChild(index);
  if (!node) return null;
  return { index, node, pos: $pos.posAtIndex(index, 0) };
}

/** The block the selection is in (a selected block, or the one holding the cursor). */
export function selectedBlock(state: EditorState) {
  return blockAt(state, state.selection.from);
}

/** Moves the block starting at `pos` one place up (-1) or down (1), the selection with it. */
export function moveBlockTr(
  state: EditorState,
  pos: number,
  direction: -1 | 1,
): Transaction | null {
  const block = blockAt(state, pos);
  if (!block) return null;
  const { index, node } = block;
  const start = block.pos;
  const neighbour = state.doc.maybeChild(index + direction);
  if (!neighbour) return null;
  const target = direction < 0 ? start - neighbour.nodeSize : start + neighbour.nodeSize;
  const { selection } = state;
  const tr = state.tr.delete(start, start + node.nodeSize).insert(target, node);
  if (selection instanceof NodeSelection && selection.from === start)
    tr.setSelection(NodeSelection.create(tr.doc, target));
  else if (selection.from >= start && selection.to <= start + node.nodeSize)
    tr.setSelection(
      TextSelection.create(tr.doc, selection.from - start + target, selection.to - start + target),
    );
  return tr.setMeta(MOVE_META, true).scrollIntoView();
}

export function moveBlockAt(view: EditorView, pos: number, direction: -1 | 1): boolean {
  const tr = moveBlockTr(view.state, pos, direction);
  if (!tr) return false;
  view.dispatch(tr);
  view.focus();
  return true;
}

/** Removes the block at `pos` (the removal guard asks first when it is a field). */
export function removeBlockAt(view: EditorView, pos: number): boolean {
  const block = blockAt(view.state, pos);
  if (!block) return false;
  view.dispatch(view.state.tr.delete(block.pos, block.pos + block.node.nodeSize));
  return true;
}
