import { Node } from '@tiptap/core';
import { ReactNodeViewRenderer } from '@tiptap/react';
import { FragmentBlockView } from '../views/fragment-block-view';

/** A field, formula or attachment fragment: one block, drawn as learners see it, edited in the inspector. */
export const FragmentBlock = Node.create({
  name: 'fragmentBlock',
  group: 'pageBlock',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { fragment: { default: null, rendered: false } };
  },
  parseHTML() {
    return [{ tag: 'div[data-fragment-block]' }];
  },
  renderHTML() {
    return ['div', { 'data-fragment-block': '' }];
  },
  addNodeView() {
    return ReactNodeViewRenderer(FragmentBlockView);
  },
});
