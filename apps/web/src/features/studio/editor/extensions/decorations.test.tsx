import type { Page } from '@portal/domain';
import type { Editor } from '@tiptap/core';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithOrganisation } from '../../../../test/render';
import { PageEditor } from '../page-editor';

type TiptapDom = HTMLElement & { editor: Editor };

/** Three text blocks: translated, English only, English only. */
const page: Page = {
  _id: 'p',
  name: 'Page',
  visibility: 'Public',
  fragments: [
    {
      _id: 'both',
      type: 'content',
      content: { 'en-US': '<p>Dough rises.</p>', 'fr-CA': '<p>La pâte lève.</p>' },
    },
    { _id: 'one', type: 'content', content: '<p>Only English dough.</p>' },
    { _id: 'two', type: 'content', content: '<p>More English.</p>' },
  ],
};

function setup() {
  const { container } = renderWithOrganisation(
    <PageEditor
      page={page}
      locales={['en-US', 'fr-CA']}
      glossary={[{ word: 'dough', definition: 'Flour and water' }]}
      answerCounts={{}}
      onChange={vi.fn()}
      debounceMs={0}
    />,
  );
  const editor = (container.querySelector('.ProseMirror') as TiptapDom).editor;
  /** The untranslated columns, as "block id/locale". */
  const untranslated = () =>
    [...container.querySelectorAll('.studio-locale--untranslated .studio-locale__text')].map((el) =>
      el.getAttribute('lang'),
    );
  /** Where a column's text starts: (block index, column index). */
  const columnStart = (block: number, column: number) => {
    let pos = 0;
    for (let i = 0; i < block; i++) pos += editor.state.doc.child(i).nodeSize;
    const node = editor.state.doc.child(block);
    pos += 1;
    for (let i = 0; i < column; i++) pos += node.child(i).nodeSize;
    return pos + 2; // into the column, into its paragraph
  };
  return { container, editor, untranslated, columnStart };
}

describe('decorations after a change', () => {
  it('marks a column untranslated or not as its text comes and goes, leaving the other blocks as they were', () => {
    const { editor, untranslated, columnStart, container } = setup();
    // The two English-only blocks and the new empty block at the end (both columns blank: not marked).
    expect(untranslated()).toEqual(['fr-CA', 'fr-CA']);
    const third = container.querySelectorAll('.studio-locale--untranslated')[1];
    act(() => {
      editor.chain().setTextSelection(columnStart(1, 1)).insertContent('Seulement').run();
    });
    expect(untranslated()).toEqual(['fr-CA']);
    // The other block's column is the same element, still marked.
    expect(container.querySelectorAll('.studio-locale--untranslated')[0]).toBe(third);
    act(() => {
      const from = columnStart(1, 1);
      editor
        .chain()
        .deleteRange({ from, to: from + 'Seulement'.length })
        .run();
    });
    expect(untranslated()).toEqual(['fr-CA', 'fr-CA']);
    // Typing in English in a translated block changes nothing.
    act(() => {
      editor.chain().setTextSelection(columnStart(0, 0)).insertContent('Yes. ').run();
    });
    expect(untranslated()).toEqual(['fr-CA', 'fr-CA']);
  });

  it('marks glossary words in the paragraph typed in, and only the words that are there', () => {
    const { editor, columnStart, container } = setup();
    const terms = () =>
      [...container.querySelectorAll('.glossary-term')].map((el) => el.textContent);
    expect(terms()).toEqual(['Dough', 'dough']);
    act(() => {
      editor.chain().setTextSelection(columnStart(2, 0)).insertContent('dough ').run();
    });
    expect(terms()).toEqual(['Dough', 'dough', 'dough']);
    act(() => {
      const from = columnStart(2, 0);
      editor
        .chain()
        .deleteRange({ from, to: from + 2 })
        .run();
    });
    expect(terms()).toEqual(['Dough', 'dough']);
  });

  it("opens the '/' menu only in a paragraph that starts with '/'", () => {
    const { editor, columnStart } = setup();
    const menu = () => document.querySelector('.studio-slash');
    act(() => {
      editor
        .chain()
        .setTextSelection(columnStart(2, 0) + 4)
        .insertContent('/tab')
        .run();
    });
    expect(menu()).toBeNull();
    act(() => {
      // A new, empty paragraph.
      editor.chain().setTextSelection(columnStart(2, 0) + 20).splitBlock().insertContent('/').run();
    });
    expect(menu()).not.toBeNull();
  });
});
