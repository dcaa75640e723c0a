import type { Fragment, Page } from '@portal/domain';
import type { Editor } from '@tiptap/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderWithOrganisation } from '../../../test/render';
import { PageEditor } from './page-editor';
import type { PageEditorHandle } from './page-editor-types';
import { samplePage } from './test/sample-page';

const LOCALES = ['en-US', 'fr-CA'];
const GLOSSARY = [
  { word: 'dough', definition: { 'en-US': 'Flour and water', 'fr-CA': 'Farine et eau' } },
];

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
    expect(container.querySelectorAll('.studio-page-block--content')).toHaveLength(3);
    expect(container.querySelectorAll('.studio-page-block--field')).toHaveLength(3);
    expect(screen.getAllByText('How many loaves?').length).toBeGreaterThan(0);
    expect(container.querySelector('.studio-locale__text[lang="fr-CA"]')?.textContent).toContain(
      'Pousse',
    );
    // The one-language block is untranslated in French, said in words.
    expect(screen.getAllByText('Untranslated').filter((b) => !b.hidden).length).toBeGreaterThan(0);
    // Glossary words are marked in the text (a decoration, not in the HTML).
    expect(container.querySelector('.studio-locale__text .glossary-term')?.textContent).toBe(
      'dough',
    );
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
    const fields = sent.fragments.filter(
      (f): f is Extract<Fragment, { type: 'field' }> => f.type === 'field',
    );
    expect(fields.map((f) => f.field.type).sort()).toEqual(
      [...FIELD_TYPES, 'number', 'select', 'table'].sort(),
    );
    const ids = sent.fragments.flatMap((f) => [
      f._id,
      ...(f.type === 'field' ? [f.field._id] : []),
    ]);
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
const editorOf = (container: HTMLElement) =>
  (container.querySelector('.ProseMirror') as TiptapDom).editor;

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
    expect(within(label).getByLabelText('Label (English (United States))')).toHaveProperty(
      'value',
      'Flour',
    );
    const french = within(label).getByLabelText(/Label \(French \(Canada\)\), Untranslated/);
    fireEvent.change(french, { target: { value: 'Farine' } });
    expect(within(label).queryByText('Untranslated')).toBeNull();
    const fragment = handle()
      .getPage()
      .fragments.find((f) => f._id === 'q-flour');
    expect(fragment?.type === 'field' && fragment.field.name).toEqual({
      'en-US': 'Flour',
      'fr-CA': 'Farine',
    });
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
    expect(
      handle()
        .getPage()
        .fragments.some((f) => f._id === 'q-loaves'),
    ).toBe(true);

    fireEvent.click(within(inspector).getByRole('button', { name: 'Remove block' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove field' }),
    );
    expect(
      handle()
        .getPage()
        .fragments.some((f) => f._id === 'q-loaves'),
    ).toBe(false);
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
    expect(fragment?.type === 'field' && fragment.field).toMatchObject({
      _id: 'flour',
      type: 'radio',
      defaultValue: 'wheat',
    });
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
    expect(ids(after)).toEqual([
      'intro',
      'plain',
      'q-flour',
      'q-loaves',
      'q-table',
      'total',
      'video',
      'after',
    ]);
    const intro = after.fragments[0]!;
    expect(intro.type === 'content' && intro.content).toMatchObject({
      'fr-CA': '<h2>Pousse</h2><p>Laissez reposer la <i>pâte</i>.</p>',
    });
    expect(JSON.stringify(intro)).toContain('New words');
    for (const original of page.fragments.filter((f) => f._id !== 'intro'))
      expect(after.fragments).toContainEqual(original);
  });

  it('opens a text block under a selected field with Enter, and moves a field down with Alt+Down', () => {
    const { handle, container } = renderEditor(samplePage());
    const editor = editorOf(container);
    act(() => {
      handle().select('q-loaves');
    });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'Enter' });
    });
    act(() => {
      editor.commands.insertContent('Between');
    });
    act(() => {
      handle().select('q-flour');
    });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'ArrowDown', altKey: true });
    });
    const fragments = handle().getPage().fragments;
    const ids = fragments.map((f) => f._id);
    expect(ids.slice(0, 3)).toEqual(['intro', 'plain', 'q-loaves']);
    expect(fragments[3]).toMatchObject({ type: 'content', content: '<p>Between</p>' });
    expect(ids.slice(4)).toEqual(['q-table', 'q-flour', 'total', 'video', 'after']);
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
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }, 30_000);
});

describe('PageEditor media (ATAG)', () => {
  async function openFromMenu(
    container: HTMLElement,
    handle: () => PageEditorHandle,
    query: string,
  ) {
    const editor = editorOf(container);
    act(() => {
      handle().select('after');
      editor.commands.setTextSelection(editor.state.doc.content.size - 3);
      editor.commands.enter();
      editor.commands.insertContent(`/${query}`);
    });
    await screen.findByRole('listbox', { name: 'Blocks to insert' });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'Enter' });
    });
    return screen.getByRole('dialog');
  }

  it('asks an image for its alternative text before it goes in', async () => {
    const { handle, container } = renderEditor(samplePage());
    const dialog = await openFromMenu(container, handle, 'imag');
    expect(within(dialog).getByRole('heading', { name: 'Insert an image' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Address'), {
      target: { value: '/media/bread.jpg' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Describe the image, or mark it as decorative')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Alternative text'), {
      target: { value: 'A round loaf' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    const last = handle().getPage().fragments.at(-1)!;
    expect(last._id).toBe('after');
    expect(JSON.stringify(last)).toContain(
      '<img src=\\"/media/bread.jpg\\" alt=\\"A round loaf\\">',
    );
  });

  it('asks a video for its captions before it goes in', async () => {
    const { handle, container } = renderEditor(samplePage());
    const dialog = await openFromMenu(container, handle, 'vid');
    fireEvent.change(within(dialog).getByLabelText('Address'), {
      target: { value: '/media/shape.mp4' },
    });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Shaping' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Add captions, or say the video has no speech')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Captions in English (United States)'), {
      target: { value: '/media/shape.en.vtt' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    const video = handle().getPage().fragments.at(-1)!;
    expect(video).toMatchObject({
      type: 'attachment',
      attachment: {
        url: '/media/shape.mp4',
        name: { 'en-US': 'Shaping' },
        captions: { 'en-US': '/media/shape.en.vtt' },
      },
    });
  });
});

describe('PageEditor media from the author’s computer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a file, fills its address and names the attachment by its file', async () => {
    fakeApi((request) =>
      request.method === 'POST' && request.url.pathname === '/api/upload'
        ? ok({
            secure_url: '/uploads/sample/recipe.pdf',
            original_filename: 'recipe.pdf',
            public_id: 'recipe',
          })
        : undefined,
    );
    const { handle, container } = renderEditor(samplePage());
    const editor = editorOf(container);
    act(() => {
      handle().select('after');
      editor.commands.setTextSelection(editor.state.doc.content.size - 3);
      editor.commands.enter();
      editor.commands.insertContent('/downlo');
    });
    await screen.findByRole('listbox', { name: 'Blocks to insert' });
    act(() => {
      fireEvent.keyDown(editor.view.dom, { key: 'Enter' });
    });
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Or upload a file from your computer'), {
      target: { files: [new File(['%PDF'], 'recipe.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await within(dialog).findByText('Uploaded recipe.pdf: its address is filled in.'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe(
      '/uploads/sample/recipe.pdf',
    );
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('recipe.pdf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(handle().getPage().fragments.at(-1)).toMatchObject({
      type: 'attachment',
      attachment: { url: '/uploads/sample/recipe.pdf', name: { 'en-US': 'recipe.pdf' } },
    });
  });
});

describe('PageEditor sends changes', () => {
  it('waits for a pause in typing, and sends at once on blur', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      const { container } = renderWithOrganisation(
        <PageEditor
          page={samplePage()}
          locales={LOCALES}
          glossary={[]}
          answerCounts={{}}
          onChange={onChange}
        />,
      );
      const editor = editorOf(container);
      act(() => {
        editor.commands.setTextSelection(3);
        editor.commands.insertContent('a');
        editor.commands.insertContent('b');
      });
      act(() => vi.advanceTimersByTime(200));
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(150));
      expect(onChange).toHaveBeenCalledTimes(1);
      act(() => {
        editor.commands.insertContent('c');
      });
      act(() => {
        editor.view.dom.dispatchEvent(new FocusEvent('blur'));
        editor.emit('blur', {
          editor,
          event: new FocusEvent('blur'),
          transaction: editor.state.tr,
        });
      });
      expect(onChange).toHaveBeenCalledTimes(2);
      expect(JSON.stringify(onChange.mock.lastCall)).toContain('abc');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PageEditor with its topic', () => {
  it('edits a block’s show condition with the studio’s formula editor, keeping its text and id', async () => {
    const { topicSchema } = await import('@portal/domain');
    const page = samplePage();
    const topic = topicSchema.parse({ _id: 'bread', name: 'Bread', pages: [page] });
    const ref = createRef<PageEditorHandle>();
    renderWithOrganisation(
      <PageEditor
        ref={ref}
        page={page}
        topic={topic}
        locales={LOCALES}
        glossary={[]}
        answerCounts={{}}
        onChange={() => {}}
      />,
    );
    act(() => {
      ref.current!.select('plain');
    });
    const inspector = screen.getByRole('complementary', { name: 'Block settings' });
    fireEvent.click(within(inspector).getByRole('checkbox', { name: /show this block only/i }));
    const plain = ref.current!.getPage().fragments.find((f) => f._id === 'plain');
    expect(plain).toEqual({
      ...page.fragments[1],
      showCondition: { enabled: true, formula: { body: '' } },
    });
    act(() => {
      ref.current!.select('total');
    });
    expect(
      within(inspector).getByText('Formula', { selector: 'label, legend, span, p' }),
    ).toBeTruthy();
  });
});
