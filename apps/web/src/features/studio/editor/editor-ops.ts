import type { Fragment } from '@portal/domain';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { insertBlocksTr } from './extensions/insert-blocks';
import type { SelectedImage } from './inspector/image-inspector';
import { idsOf, withFreshIds } from './model/new-fragments';
import { fragmentNode } from './model/page-doc';

/** Where the block of `fragmentId` starts, or null. */
export function findFragment(editor: Editor, fragmentId: string): number | null {
  let at: number | null = null;
  editor.state.doc.forEach((node, offset) => {
    if ((node.attrs.fragment as Fragment | null)?._id === fragmentId) at = offset;
  });
  return at;
}

/**
 * Puts fragments after the selected block (or splits the text block at the cursor). A fragment
 * with an id the page already has gets new ids: answers stay with the field they were given to.
 */
export function insertFragments(
  editor: Editor,
  fragments: readonly Fragment[],
  locales: readonly string[],
): number {
  const taken = new Set<string>();
  editor.state.doc.forEach((node) => {
    const fragment = node.attrs.fragment as Fragment | null;
    if (fragment) for (const id of idsOf(fragment)) taken.add(id);
  });
  const nodes = fragments.map((fragment) => {
    const safe = idsOf(fragment).some((id) => taken.has(id)) ? withFreshIds(fragment) : fragment;
    for (const id of idsOf(safe)) taken.add(id);
    return fragmentNode(editor.schema, safe, locales);
  });
  const tr = insertBlocksTr(editor.state, nodes, locales);
  if (tr) editor.view.dispatch(tr);
  editor.view.focus();
  return nodes.length;
}

/** Selects the block of `fragmentId` (its inspector opens) and scrolls to it. */
export function selectFragment(editor: Editor, fragmentId: string): boolean {
  const at = findFragment(editor, fragmentId);
  if (at === null) return false;
  const node = editor.state.doc.nodeAt(at);
  const selection = node?.isAtom
    ? NodeSelection.create(editor.state.doc, at)
    : TextSelection.near(editor.state.doc.resolve(at + 1));
  editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
  editor.view.focus();
  return true;
}

/** Puts an edited fragment in place of the one with its id. */
export function replaceFragment(editor: Editor, fragment: Fragment): void {
  const at = findFragment(editor, fragment._id);
  if (at === null) return;
  editor.view.dispatch(editor.state.tr.setNodeMarkup(at, undefined, { fragment }));
}

/** Applies an image's edited alt text and caption, keeping it selected. */
export function replaceImage(editor: Editor, image: SelectedImage): void {
  const node = editor.state.doc.nodeAt(image.pos);
  if (node?.type.name !== 'figureImage') return;
  const tr = editor.state.tr.setNodeMarkup(image.pos, undefined, {
    src: image.src,
    alt: image.alt,
    caption: image.caption,
  });
  editor.view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, image.pos)));
}
