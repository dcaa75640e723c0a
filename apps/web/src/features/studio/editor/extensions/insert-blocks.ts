import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { emptyContentBlock, isBlankColumn } from '../model/page-doc';

/**
 * Puts top-level blocks (fields, formulas, attachments, text blocks) where the cursor is. In a
 * text block the block is split there: the text before keeps the fragment (and its id), the
 * text after goes to a new text block; the empty line the cursor was on goes away. The first
 * inserted block is selected (its inspector opens).
 */
export function insertBlocksTr(
  state: EditorState,
  blocks: readonly PmNode[],
  locales: readonly string[],
): Transaction | null {
  if (!blocks.length) return null;
  const { selection, schema } = state;
  const tr = state.tr;
  const $pos = selection.$from;
  let insertAt: number;
  if ($pos.depth === 0) {
    // A selected block or a gap between blocks: after the selected block, else here.
    insertAt = selection instanceof NodeSelection ? selection.to : $pos.pos;
    tr.insert(insertAt, blocks);
  } else {
    const block = $pos.node(1);
    const blockPos = $pos.before(1);
    if (block.type.name !== 'contentBlock' || $pos.depth < 3) {
      insertAt = blockPos + block.nodeSize;
      tr.insert(insertAt, blocks);
    } else {
      const columnIndex = $pos.index(1);
      const column = block.child(columnIndex);
      const childIndex = $pos.index(2);
      const child = column.child(childIndex);
      const dropLine =
        $pos.depth === 3 && child.type.name === 'paragraph' && child.content.size === 0;
      const before: PmNode[] = [];
      const after: PmNode[] = [];
      column.forEach((node, _offset, i) => {
        if (i < childIndex || (i === childIndex && !dropLine)) before.push(node);
        else if (i > childIndex) after.push(node);
      });
      const filled = (nodes: PmNode[]) =>
        nodes.length ? nodes : [schema.nodes.paragraph!.create()];
      const withColumn = (source: PmNode, index: number, nodes: PmNode[], blankOthers: boolean) => {
        const columns: PmNode[] = [];
        source.forEach((col, _o, i) => {
          if (i === index) columns.push(col.type.create(col.attrs, filled(nodes)));
          else columns.push(blankOthers ? col.type.createAndFill(col.attrs)! : col);
        });
        return source.type.create(source.attrs, columns);
      };
      const first = withColumn(block, columnIndex, before, false);
      const keepFirst = before.length > 0 || columnsHaveText(first, columnIndex);
      const replacement: PmNode[] = [];
      if (keepFirst) {
        replacement.push(first, ...blocks);
        if (after.length) {
          const fresh = emptyContentBlock(schema, locales);
          replacement.push(withColumn(fresh, columnIndex, after, true));
        }
      } else {
        replacement.push(...blocks);
        if (after.length) replacement.push(withColumn(block, columnIndex, after, false));
      }
      tr.replaceWith(blockPos, blockPos + block.nodeSize, replacement);
      insertAt = blockPos + (keepFirst ? first.nodeSize : 0);
    }
  }
  const firstBlock = blocks[0]!;
  if (firstBlock.isAtom) tr.setSelection(NodeSelection.create(tr.doc, insertAt));
  else tr.setSelection(TextSelection.near(tr.doc.resolve(insertAt + 1)));
  return tr.scrollIntoView();
}

function columnsHaveText(block: PmNode, except: number): boolean {
  let found = false;
  block.forEach((column, _o, i) => {
    if (i !== except && !isBlankColumn(column)) found = true;
  });
  return found;
}
