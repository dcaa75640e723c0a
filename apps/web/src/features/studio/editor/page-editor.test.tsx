import type { Fragment, Page } from '@portal/domain';
import type { Editor } from '@tiptap/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithOrganisation } from '../../../test/render';
import { PageEditor, type PageEditorHandle } from './page-editor';
import { samplePage } from './test/sample-page';

const LOCALES = ['en-US', 'fr-CA'];
const GLOSSARY = [{ word: 'dough', definition: { 'en-US': 'Flour and water', 'fr-CA': 'Farine et eau' } }];

function renderEditor(page: Page, answerCounts: Record<string, number> = {}) {
  const onChange = vi.fn<(page: Page) => void>();
  const ref = createRef<PageEditorHandle>();
  const view = renderWithOrganisation(
    <PageEditor
      ref={ref}
      page={page}
      locales={LOCALES}
      glossary={GLOSSARY}
      answerCounts={answerCounts}
      onChange={onChange}
      debounceMs={0}
    />,
  );
  return { ...view, onChange, ref, handle: () => ref.current! };
}

describe('PageEditor', () => {
  it('gives the page back unchanged when nothing was edited', () => {
    const page = samplePage();
    const { handle } = renderEditor(page);
    expect(handle().getPage()).toEqual(page);
  });

  it('draws every block: text in both locales, fields as learners see them', () => {
    const { container } = renderEditor(samplePage());
    expect(container.querySelectorAll('.studio-block--content')).toHaveLength(3);
    expect(container.querySelectorAll('.studio-block--field')).toHaveLength(3);
    expect(screen.getAllByText('How many loaves?').length).toBeGreaterThan(0);
    expect(container.querySelector('.studio-locale__text[lang="fr-CA"]')?.textContent).toContain('Pousse');
    // The one-language block is untranslated in French, said in words.
    expect(screen.getAllByText('Untranslated').filter((b) => !b.hidden).length).toBeGreaterThan(0);
    // Glossary words are marked in the text (a decoration, not in the HTML).
    expect(container.querySelector('.studio-locale__text .glossary-term')?.textContent).toBe('dough');
  });

  it('keeps glossary marks out of the HTML it sends', async () => {
    const page = samplePage();
    const { handle } = renderEditor(page);
    act(() => {
      handle().insertFragments([{ _id: 'x1', type: 'content', content: '<p>More dough</p>' }]);
    });
    const html = JSON.stringify(handle().getPage().fragments);
    expect(html).not.toContain('glossary');
  });

  it('adds a field of each type with fresh, valid, unique ids, and keeps the others', async () => {
    const page = samplePage();
    const { handle, onChange } = renderEditor(page);
    const { FIELD_TYPES, pageSchema } = await import('@portal/domain');
    const { newFieldFragment } = await import('./model/new-fragments');
    const words = { question: 'Q', choice: (n: number) => `C${n}`, formula: 'F' };
    act(() => {
      handle().insertFragments(FIELD_TYPES.map((type) => newFieldFragment(type, LOCALES, words)));
    });
    act(() => handle().flush());
    const sent = onChange.mock.lastCall![0];
    expect(pageSchema.safeParse(sent).success).toBe(true);
    const fields = sent.fragments.filter((f): f is Extract<Fragment, { type: 'field' }> => f.type === 'field');
    expect(fields.map((f) => f.field.type).sort()).toEqual([...FIELD_TYPES, 'number', 'select', 'table'].sort());
    const ids = sent.fragments.flatMap((f) => [f._id, ...(f.type === 'field' ? [f.field._id] : [])]);
    expect(new Set(ids).size).toBe(ids.length);
    // The page's own fragments keep their ids and their content.
    for (const original of page.fragments) expect(sent.fragments).toContainEqual(original);
  });

  it('gives a pasted copy of a field new ids', () => {
    const page = samplePage();
    const { handle } = renderEditor(page);
    act(() => handle().insertFragments([page.fragments[2]!]));
    const fields = handle()
      .getPage()
      .fragments.filter((f) => f.type === 'field')
      .map((f) => (f.type === 'field' ? f.field._id : ''));
    expect(fields.filter((id) => id === 'loaves')).toHaveLength(1);
    expect(fields).toHaveLength(4);
  });
});

type TiptapDom = HTMLElement & { editor: Editor };
const editorOf = (container: HTMLElement) => (container.querySelector('.ProseMirror') as TiptapDom).editor;

describe('PageEditor inspector', () => {
  it('checks every change with the field schema, shows its message and applies only a valid field', () => {
    const { handle, onChange } = renderEditor(samplePage());
    act(() => {
      handle().select('q-loaves');
    });
    const inspector = screen.getByRole('complementary', { name: 'Block settings' });
    expect(within(inspector).getByRole('heading', { name: 'Number field' })).toBeTruthy();
    const min = within(inspector).getByLabelText('Minimum');
    fireEvent.change(min, { target: { value: '50' } });
    expect(within(inspector).getByText('must not be greater than maxValue')).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(within(inspector).getByRole('status').textContent).toMatch(/not applied/);
    act(() => handle().flush());
    const sent = () => {
      const fragment = onChange.mock.lastCall?.[0].fragments.find((f) => f._id === 'q-loaves');
      return fragment?.type === 'field' ? fragment.field : null;
    };
    expect(sent()?.minValue ?? 0).toBe(0);
    fireEvent.change(min, { target: { value: '5' } });
    expect(within(inspector).queryByText('must not be greater than maxValue')).toBeNull();
    act(() => handle().flush());
    expect(sent()).toMatchObject({ _id: 'loaves', minValue: 5, maxValue: 20 });
    // Text that is not a number stays in its box with a message.
    fireEvent.change(within(inspector).getByLabelText('Tolerance'), { target: { value: 'abc' } });
    expect(within(inspector).getByText('Enter a number')).toBeTruthy();
  });

  it('shows both locales of a label side by side and says which is untranslated', () => {
    const { handle } = renderEditor(samplePage());
    act(() => {
      handle().select('q-flour');
    });
    const inspector = screen.getByRole('complementary', { name: 'Block settings' });
    const label = within(inspector).getByRole('group', { name: 'Label' });
    expect(within(label).getByLabelText('Label (English (United States))')).toHaveProperty('value', 'Flour');
    const french = within(label).getByLabelText(/Label \(French \(Canada\)\), Untranslated/);
    fireEvent.change(french, { target: { value: 'Farine' } });
    expect(within(label).queryByText('Untranslated')).toBeNull();
    const fragment = handle()
      .getPage()
      .fragments.find((f) => f._id === 'q-flour');
    expect(fragment?.type === 'field' && fragment.field.name).toEqual({ 'en-US': 'Flour', 'fr-CA': 'Farine' });
  });

  it('asks before removing a field, says how many learners answered it, and keeps it on cancel', () => {
    const { handle } = renderEditor(samplePage(), { loaves: 3 });
    act(() => {
      handle().select('q-loaves');
    });
    const inspector = screen.getByRole('complementary', { name: 'Block settings' });
    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove block' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this field?' });
    expect(dialog.textContent).toContain('3 learners have answered How many loaves?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(handle().getPage().fragments.some((f) => f._id === 'q-loaves')).toBe(true);

    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove block' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove field' }));
    expect(handle().getPage().fragments.some((f) => f._id === 'q-loaves')).toBe(false);
  });

  it('asks before a key or a selection deletes a field too', () => {
    const { handle, container } = renderEditor(samplePage());
    const editor = editorOf(container);
    act(() => {
      editor.commands.selectAll();
      editor.commands.deleteSelection();
    });
    const dialog = screen.getByRole('dialog', { name: 'Remove these fields?' });
    expect(dialog.textContent).toContain('How many loaves?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(handle().getPage()).toEqual(samplePage());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before retyping a field that has answers', () => {
    const { handle } = renderEditor(samplePage(), { flour: 7 });
    act(() => {
      handle().select('q-flour');
    });
    const inspector = screen.getByRole('complementary', { name: 'Block settings' });
    fireEvent.change(within(inspector).getByLabelText('Type'), { target: { value: 'radio' } });
    const dialog = screen.getByRole('dialog', { name: 'Change the type of this field?' });
    expect(dialog.textContent).toContain('7 learners have answered');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change type' }));
    const fragment = handle()
      .getPage()
      .fragments.find((f) => f._id === 'q-flour');
    expect(fragment?.type === 'field' && fragment.field).toMatchObject({ _id: 'flour', type: 'radio', defaultValue: 'wheat' });
  });
});

describe('PageEditor keeps ids', () => {
  it('keeps every id through typing, moving and a new block', () => {
    const page = samplePage();
    const { handle, container } = renderEditor(page);
    const editor = editorOf(container);
    act(() => {
      handle().select('intro');
      editor.commands.insertContent('New words ');
    });
    act(() => {
      handle().select('q-flour');
    });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'ArrowUp', altKey: true });
    });
    const after = handle().getPage();
    const ids = (p: Page) => p.fragments.map((f) => f._id);
    expect(ids(after)).toEqual(['intro', 'plain', 'q-flour', 'q-loaves', 'q-table', 'total', 'video', 'after']);
    const intro = after.fragments[0]!;
    expect(intro.type === 'content' && intro.content).toMatchObject({
      'fr-CA': '<h2>Pousse</h2><p>Laissez reposer la <i>pâte</i>.</p>',
    });
    expect(JSON.stringify(intro)).toContain('New words');
    for (const original of page.fragments.filter((f) => f._id !== 'intro'))
      expect(after.fragments).toContainEqual(original);
  });

  it('inserts a field from the / menu by keyboard, splitting nothing else', async () => {
    const { handle, container } = renderEditor(samplePage());
    const editor = editorOf(container);
    act(() => {
      handle().select('after');
      editor.commands.setTextSelection(editor.state.doc.content.size - 3);
      editor.commands.enter();
      editor.commands.insertContent('/slid');
    });
    const listbox = await screen.findByRole('listbox', { name: 'Blocks to insert' });
    expect(within(listbox).getAllByRole('option')[0]?.textContent).toBe('Slider field');
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'Enter' });
    });
    const fragments = handle().getPage().fragments;
    expect(fragments.at(-1)).toMatchObject({ type: 'field', field: { type: 'slider' } });
    expect(fragments.at(-2)).toEqual(samplePage().fragments.at(-1));
  });
});

describe('PageEditor accessibility', () => {
  it('has no axe violations with a block selected', async () => {
    const { handle, container } = renderEditor(samplePage());
    act(() => {
      handle().select('q-table');
    });
    const axe = (await import('axe-core')).default;
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }, 30_000);
});
