import { Extension } from '@tiptap/core';
import type { Fragment as PageFragment } from '@portal/domain';
import { Fragment, Slice, type Node as PmNode } from '@tiptap/pm/model';
import {
  NodeSelection,
  Plugin,
  PluginKey,
  TextSelection,
  type Transaction,
} from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { withFreshIds } from '../model/new-fragments';
import { emptyContentBlock } from '../model/page-doc';
import { MOVE_META, blockAt, moveBlockTr, selectedBlock } from './block-actions';

/** Set on a transaction the author confirmed: it may remove fields. */
export const CONFIRMED_META = 'studioConfirmed';

type FieldFragment = Extract<PageFragment, { type: 'field' }>;

export interface RemovalRequest {
  fields: FieldFragment['field'][];
  /** Applies the removal (the document is as it was when asked). */
  confirm: () => void;
}

export interface PageRulesOptions {
  locales: readonly string[];
  /** Asks the author before fields leave the page; called instead of applying the change. */
  requestRemoval: (request: RemovalRequest) => void;
  /** Fields with learners' answers (an undo that removes one asks too). */
  hasAnswers: (fieldId: string) => boolean;
}

/** Fields a transaction takes out of the page (not moved elsewhere in it). */
export function removedFields(tr: Transaction): FieldFragment['field'][] {
  const candidates = new Map<string, FieldFragment['field']>();
  tr.steps.forEach((step, i) => {
    const { from, to } = step as unknown as { from?: number; to?: number };
    if (from === undefined || to === undefined || to <= from) return;
    tr.docs[i]?.nodesBetween(from, to, (node) => {
      const fragment = node.attrs.fragment as PageFragment | null | undefined;
      if (node.type.name === 'fragmentBlock' && fragment?.type === 'field')
        candidates.set(fragment.field._id, fragment.field);
      return false;
    });
  });
  if (!candidates.size) return [];
  tr.doc.forEach((node) => {
    const fragment = node.attrs.fragment as PageFragment | null | undefined;
    if (fragment?.type === 'field') candidates.delete(fragment.field._id);
  });
  return [...candidates.values()];
}

const rulesKey = new PluginKey('studioPageRules');

/**
 * The page's rules: a field leaves only once the author says so; a copied block gets new ids
 * (a moved one keeps its own); a new text block is always there at the end to type in; blocks
 * move with Alt+↑/↓; Enter on a selected block opens a text block under it.
 */
export const PageRules = Extension.create<PageRulesOptions>({
  name: 'studioPageRules',
  addOptions() {
    return { locales: ['en-US'], requestRemoval: () => {}, hasAnswers: () => false };
  },
  addKeyboardShortcuts() {
    const move = (direction: -1 | 1) => () => {
      const { state, view } = this.editor;
      const block = selectedBlock(state);
      const tr = block && moveBlockTr(state, block.pos, direction);
      if (!tr) return false;
      view.dispatch(tr);
      return true;
    };
    return {
      'Alt-ArrowUp': move(-1),
      'Alt-ArrowDown': move(1),
      Enter: () => {
        const { state, view } = this.editor;
        if (!(state.selection instanceof NodeSelection)) return false;
        const block = blockAt(state, state.selection.from);
        if (!block || block.node.type.name !== 'fragmentBlock') return false;
        const after = block.pos + block.node.nodeSize;
        const tr = state.tr.insert(after, emptyContentBlock(state.schema, this.options.locales));
        // Into the first column's paragraph: block, column, paragraph.
        tr.setSelection(TextSelection.create(tr.doc, after + 3));
        view.dispatch(tr.scrollIntoView());
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    const options = this.options;
    let view: EditorView | null = null;
    return [
      new Plugin({
        key: rulesKey,
        view(editorView) {
          view = editorView;
          return { destroy: () => (view = null) };
        },
        filterTransaction(tr) {
          if (!tr.docChanged || tr.getMeta(CONFIRMED_META) || tr.getMeta(MOVE_META)) return true;
          const removed = removedFields(tr);
          if (!removed.length) return true;
          const isUndo = tr.getMeta('history$') !== undefined;
          if (isUndo && !removed.some((field) => options.hasAnswers(field._id))) return true;
          const before = tr.before;
          options.requestRemoval({
            fields: removed,
            confirm: () => {
              if (view && view.state.doc === before)
                view.dispatch(tr.setMeta(CONFIRMED_META, true));
            },
          });
          return false;
        },
        appendTransaction(_trs, _old, state) {
          const last = state.doc.lastChild;
          if (last?.type.name === 'contentBlock' && last.attrs.fragment) return null;
          const tr = state.tr;
          // A block made by ProseMirror to fill a gap has no fragment: it gets one.
          state.doc.forEach((node, offset) => {
            if (node.type.name === 'contentBlock' && !node.attrs.fragment)
              tr.setNodeMarkup(offset, undefined, {
                fragment: emptyContentBlock(state.schema, options.locales).attrs.fragment,
              });
          });
          if (state.doc.lastChild?.type.name !== 'contentBlock')
            tr.insert(state.doc.content.size, emptyContentBlock(state.schema, options.locales));
          return tr.setMeta('addToHistory', false);
        },
        props: {
          transformPasted(slice, editorView) {
            if (editorView.dragging?.move) return slice;
            return new Slice(freshIds(slice.content), slice.openStart, slice.openEnd);
          },
        },
      }),
    ];
  },
});

/** A copy of pasted blocks with new ids: answers belong to the original field. */
function freshIds(content: Fragment): Fragment {
  const nodes: PmNode[] = [];
  content.forEach((node) => {
    const fragment = node.attrs.fragment as PageFragment | null | undefined;
    if (fragment && (node.type.name === 'fragmentBlock' || node.type.name === 'contentBlock'))
      nodes.push(
        node.type.create(
          { ...node.attrs, fragment: withFreshIds(fragment) },
          node.content,
          node.marks,
        ),
      );
    else nodes.push(node);
  });
  return Fragment.from(nodes);
}
