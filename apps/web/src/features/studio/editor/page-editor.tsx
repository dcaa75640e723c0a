import './page-editor.css';
import '../../../components/glossary-html.css';
import type { Field, FieldType, Fragment, Page } from '@portal/domain';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { EditorContent } from '@tiptap/react';
import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog, type ConfirmRequest } from './dialogs/confirm-dialog';
import { MediaDialog, type MediaKind, type MediaResult } from './dialogs/media-dialog';
import { StudioEditorContext, type StudioEditorContextValue } from './editor-context';
import { blockAt, moveBlockTr, removeBlockAt } from './extensions/block-actions';
import type { RemovalRequest } from './extensions/page-rules';
import { insertBlocksTr } from './extensions/insert-blocks';
import { BlockInspector, type SelectedBlock } from './inspector/block-inspector';
import { localeName, textIn } from './model/localised';
import { newId } from './model/ids';
import { idsOf, withFreshIds, type NewBlockWords } from './model/new-fragments';
import { fragmentNode } from './model/page-doc';
import { filterItems, slashItems } from './slash-items';
import { SlashMenu } from './slash-menu';
import { useEditorLabels, useSelectedBlock } from './use-editor-state';
import { usePageEditor } from './use-page-editor';

/** Inserts fragments with the editor's latest insert function (the '/' menu is made once). */
class Inserter {
  private run: (fragments: Fragment[]) => void = () => {};
  set(run: (fragments: Fragment[]) => void) {
    this.run = run;
  }
  insert = (fragments: Fragment[]) => this.run(fragments);
}

/** A glossary entry as the organisation's settings hold it (the definition in each locale). */
export interface GlossaryInput {
  word: string;
  plural?: string;
  definition: string | Record<string, string>;
}

/** What the shell may ask of the editor. */
export interface PageEditorHandle {
  /** Adds fragments after the selected block (new ids where one is taken already). */
  insertFragments: (fragments: Fragment[]) => void;
  /** Sends the page now if a change is waiting (before a save, say). */
  flush: () => void;
  /** The page as it stands now. */
  getPage: () => Page;
  focus: () => void;
  /** Selects a block by its fragment id (its inspector opens) and brings it into view. */
  select: (fragmentId: string) => boolean;
}

export interface PageEditorProps {
  page: Page;
  /** The organisation's locales, the first the default (e.g. ['en-US', 'fr-CA']). */
  locales: readonly string[];
  glossary: readonly GlossaryInput[];
  /** Learners with an answer, by field id. */
  answerCounts: Readonly<Record<string, number>>;
  /** The page after a change: at most once per `debounceMs` while typing, at once on blur. */
  onChange: (page: Page) => void;
  debounceMs?: number;
  ref?: Ref<PageEditorHandle>;
}

/** The page editor of the studio: the page's fragments as blocks in one rich-text flow, and an inspector. */
export function PageEditor({
  page,
  locales: localesProp,
  glossary: glossaryProp,
  answerCounts,
  onChange,
  debounceMs = 300,
  ref,
}: PageEditorProps) {
  const intl = useIntl();
  // Props compared by value: a shell that passes a new array each render redraws no block.
  const localesKey = localesProp.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by value
  const locales = useMemo(() => localesProp, [localesKey]);
  const glossaryKey = JSON.stringify(glossaryProp);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- by value
  const glossary = useMemo(() => glossaryProp, [glossaryKey]);
  const baseId = useId();
  const helpId = `${baseId}-help`;
  const slashListId = `${baseId}-slash`;
  const displayLocale = locales.includes(intl.locale) ? intl.locale : (locales[0] ?? intl.locale);
  const labels = useEditorLabels(locales);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [media, setMedia] = useState<MediaKind | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const words: NewBlockWords = useMemo(
    () => ({
      question: intl.formatMessage({ id: 'studio.editor.new.question' }),
      choice: (n) => intl.formatMessage({ id: 'studio.editor.new.choice' }, { n }),
      formula: intl.formatMessage({ id: 'studio.editor.new.formula' }),
    }),
    [intl],
  );

  const requestRemoval = useCallback(
    ({ fields, confirm: apply }: RemovalRequest) => {
      const answered = fields.reduce((sum, f) => sum + (answerCounts[f._id] ?? 0), 0);
      const names = fields.map((f) => textIn(f.name, displayLocale, locales[0]) || f._id).join(', ');
      setConfirm({
        title: intl.formatMessage({ id: 'studio.editor.remove.title' }, { count: fields.length }),
        body:
          answered > 0
            ? intl.formatMessage({ id: 'studio.editor.remove.withAnswers' }, { names, count: answered })
            : intl.formatMessage({ id: 'studio.editor.remove.body' }, { names }),
        confirmLabel: intl.formatMessage({ id: 'studio.editor.remove.confirm' }, { count: fields.length }),
        onConfirm: () => {
          apply();
          setAnnouncement(intl.formatMessage({ id: 'studio.editor.announce.removed' }, { count: fields.length }));
        },
      });
    },
    [answerCounts, displayLocale, intl, locales],
  );

  const [inserter] = useState(() => new Inserter());
  const items = useMemo(
    () =>
      slashItems(intl, locales, words, {
        insertFragments: inserter.insert,
        askMedia: setMedia,
      }),
    [intl, locales, words, inserter],
  );

  const { editor, slashStore, flush, getPage } = usePageEditor({
    page,
    locales,
    glossary,
    labels,
    ariaLabel: intl.formatMessage({ id: 'studio.editor.label' }),
    describedBy: helpId,
    slashListId,
    debounceMs,
    onChange,
    requestRemoval,
    hasAnswers: (id) => (answerCounts[id] ?? 0) > 0,
    slashItems: (query) => filterItems(items, query),
  });

  const insertFragments = (fragments: Fragment[]) => {
    const taken = new Set<string>();
    editor.state.doc.forEach((node) => {
      const f = node.attrs.fragment as Fragment | null;
      if (f) for (const id of idsOf(f)) taken.add(id);
    });
    const nodes = fragments.map((fragment) => {
      const safe = idsOf(fragment).some((id) => taken.has(id)) ? withFreshIds(fragment) : fragment;
      for (const id of idsOf(safe)) taken.add(id);
      return fragmentNode(editor.schema, safe, locales);
    });
    const tr = insertBlocksTr(editor.state, nodes, locales);
    if (tr) editor.view.dispatch(tr);
    editor.view.focus();
    setAnnouncement(intl.formatMessage({ id: 'studio.editor.announce.inserted' }, { count: nodes.length }));
  };
  useEffect(() => {
    inserter.set(insertFragments);
  });

  useImperativeHandle(ref, () => ({
    insertFragments,
    flush,
    getPage,
    focus: () => editor.view.focus(),
    select: (fragmentId) => {
      let at: number | null = null;
      editor.state.doc.forEach((node, offset) => {
        if ((node.attrs.fragment as Fragment | null)?._id === fragmentId) at = offset;
      });
      if (at === null) return false;
      const node = editor.state.doc.nodeAt(at);
      const selection = node?.isAtom
        ? NodeSelection.create(editor.state.doc, at)
        : TextSelection.near(editor.state.doc.resolve(at + 1));
      editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
      editor.view.focus();
      return true;
    },
  }));

  const selected = useSelectedBlock(editor);
  const moveBlock = useCallback(
    (pos: number, direction: -1 | 1) => {
      const tr = moveBlockTr(editor.state, pos, direction);
      if (!tr) return;
      editor.view.dispatch(tr);
      setAnnouncement(intl.formatMessage({ id: direction < 0 ? 'studio.editor.announce.up' : 'studio.editor.announce.down' }));
    },
    [editor, intl],
  );
  const removeBlock = useCallback((pos: number) => removeBlockAt(editor.view, pos), [editor]);
  const shownGlossary = useMemo(
    () =>
      glossary.map((g) => ({
        word: g.word,
        ...(g.plural && { plural: g.plural }),
        definition: textIn(g.definition, displayLocale, locales[0]),
      })),
    [glossary, displayLocale, locales],
  );
  const context: StudioEditorContextValue = useMemo(
    () => ({ locales, displayLocale, glossary: shownGlossary, answerCounts, moveBlock, removeBlock }),
    [locales, displayLocale, shownGlossary, answerCounts, moveBlock, removeBlock],
  );

  const updateFragment = (fragment: Fragment) => {
    let at: number | null = null;
    editor.state.doc.forEach((node, offset) => {
      if ((node.attrs.fragment as Fragment | null)?._id === fragment._id) at = offset;
    });
    if (at === null) return;
    editor.view.dispatch(editor.state.tr.setNodeMarkup(at, undefined, { fragment }));
  };

  const confirmRetype = (field: Field, type: FieldType, apply: () => void) =>
    setConfirm({
      title: intl.formatMessage({ id: 'studio.editor.retype.title' }),
      body: intl.formatMessage(
        { id: 'studio.editor.retype.body' },
        { count: answerCounts[field._id] ?? 0, type: intl.formatMessage({ id: `studio.editor.type.${type}` }) },
      ),
      confirmLabel: intl.formatMessage({ id: 'studio.editor.retype.confirm' }),
      onConfirm: apply,
    });

  const insertMedia = (kind: MediaKind, result: MediaResult) => {
    if (kind === 'image') {
      editor.chain().focus().insertContent({ type: 'figureImage', attrs: { src: result.url, alt: result.text, caption: result.caption } }).run();
      return;
    }
    const name = { [locales[0] ?? 'en-US']: result.text };
    insertFragments([
      {
        _id: newId('b'),
        type: 'attachment',
        attachment: { url: result.url, name, ...(Object.keys(result.captions).length && { captions: result.captions }) },
      },
    ]);
  };

  return (
    <StudioEditorContext.Provider value={context}>
      <div className="studio-editor">
        <div className="studio-editor__main" ref={setHost}>
          <p id={helpId} className="studio-editor__help">
            {intl.formatMessage({ id: 'studio.editor.help' })}
          </p>
          <p className="studio-editor__locales" aria-hidden="true">
            {locales.map((l) => localeName(l, intl.locale)).join(' | ')}
          </p>
          <EditorContent editor={editor} className="studio-editor__content" />
          <SlashMenu store={slashStore} listId={slashListId} host={host} editor={editor} />
        </div>
        <aside className="studio-editor__inspector" aria-label={intl.formatMessage({ id: 'studio.editor.inspector.label' })}>
          <BlockInspector
            selected={selected as SelectedBlock | null}
            locales={locales}
            locale={displayLocale}
            answerCounts={answerCounts}
            words={words}
            onChange={updateFragment}
            onMove={(direction) => {
              const block = selected && blockAt(editor.state, selected.pos);
              if (block) moveBlock(block.pos, direction);
            }}
            onRemove={() => selected && removeBlock(selected.pos)}
            confirmRetype={confirmRetype}
          />
        </aside>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
        <MediaDialog kind={media} locales={locales} onClose={() => setMedia(null)} onInsert={insertMedia} />
      </div>
    </StudioEditorContext.Provider>
  );
}
