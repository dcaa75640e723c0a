import './page-editor.css';
import '../../../components/glossary-html.css';
import type { Field, FieldType, Fragment } from '@portal/domain';
import { EditorContent } from '@tiptap/react';
import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog, type ConfirmRequest } from './dialogs/confirm-dialog';
import { removalRequest, retypeRequest } from './dialogs/confirm-requests';
import { MediaDialog, type MediaKind, type MediaResult } from './dialogs/media-dialog';
import { StudioEditorContext, type StudioEditorContextValue } from './editor-context';
import { blockAt, moveBlockTr, removeBlockAt } from './extensions/block-actions';
import type { RemovalRequest } from './extensions/page-rules';
import { BlockInspector, type SelectedBlock } from './inspector/block-inspector';
import { localeName, textIn } from './model/localised';
import { newId } from './model/ids';
import type { NewBlockWords } from './model/new-fragments';
import { insertFragments, replaceFragment, replaceImage, selectFragment } from './editor-ops';
import { Inserter, type PageEditorProps } from './page-editor-types';
import { filterItems, slashItems } from './slash-items';
import { SlashMenu } from './slash-menu';
import { useEditorLabels, useSelectedBlock } from './use-editor-state';
import { usePageEditor } from './use-page-editor';

/** The page editor of the studio: the page's fragments as blocks in one rich-text flow, and an inspector. */
export function PageEditor({
  page,
  locales: localesProp,
  glossary: glossaryProp,
  answerCounts,
  onChange,
  debounceMs = 300,
  topic,
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
    ({ fields, confirm: apply }: RemovalRequest) =>
      setConfirm(
        removalRequest(intl, fields, answerCounts, displayLocale, locales[0], () => {
          apply();
          setAnnouncement(
            intl.formatMessage({ id: 'studio.editor.announce.removed' }, { count: fields.length }),
          );
        }),
      ),
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

  const insert = (fragments: Fragment[]) => {
    const count = insertFragments(editor, fragments, locales);
    setAnnouncement(intl.formatMessage({ id: 'studio.editor.announce.inserted' }, { count }));
  };
  useEffect(() => {
    inserter.set(insert);
  });

  useImperativeHandle(ref, () => ({
    insertFragments: insert,
    flush,
    getPage,
    focus: () => editor.view.focus(),
    select: (fragmentId) => selectFragment(editor, fragmentId),
  }));

  const selected = useSelectedBlock(editor);
  // The formula editor reads the page as it is in the editor (what the last onChange sent may lag).
  const topicNow = useMemo(
    () =>
      topic && {
        ...topic,
        pages: topic.pages.map((each) => (each._id === page._id ? getPage() : each)),
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- again when another block is selected
    [topic, page._id, selected],
  );
  const moveBlock = useCallback(
    (pos: number, direction: -1 | 1) => {
      const tr = moveBlockTr(editor.state, pos, direction);
      if (!tr) return;
      editor.view.dispatch(tr);
      setAnnouncement(
        intl.formatMessage({
          id: direction < 0 ? 'studio.editor.announce.up' : 'studio.editor.announce.down',
        }),
      );
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
    () => ({
      locales,
      displayLocale,
      glossary: shownGlossary,
      answerCounts,
      moveBlock,
      removeBlock,
    }),
    [locales, displayLocale, shownGlossary, answerCounts, moveBlock, removeBlock],
  );

  const confirmRetype = (field: Field, type: FieldType, apply: () => void) =>
    setConfirm(retypeRequest(intl, field, type, answerCounts[field._id] ?? 0, apply));

  const insertMedia = (kind: MediaKind, result: MediaResult) => {
    if (kind === 'image') {
      editor
        .chain()
        .focus()
        .insertContent({
          type: 'figureImage',
          attrs: { src: result.url, alt: result.text, caption: result.caption },
        })
        .run();
      return;
    }
    const name = { [locales[0] ?? 'en-US']: result.text };
    insert([
      {
        _id: newId('b'),
        type: 'attachment',
        attachment: {
          url: result.url,
          name,
          ...(Object.keys(result.captions).length && { captions: result.captions }),
        },
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
        <aside
          className="studio-editor__inspector"
          aria-label={intl.formatMessage({ id: 'studio.editor.inspector.label' })}
        >
          <BlockInspector
            selected={selected as SelectedBlock | null}
            locales={locales}
            locale={displayLocale}
            answerCounts={answerCounts}
            words={words}
            onChange={(fragment) => replaceFragment(editor, fragment)}
            onImageChange={(image) => replaceImage(editor, image)}
            onMove={(direction) => {
              const block = selected && blockAt(editor.state, selected.pos);
              if (block) moveBlock(block.pos, direction);
            }}
            onRemove={() => selected && removeBlock(selected.pos)}
            confirmRetype={confirmRetype}
            topic={topicNow}
          />
        </aside>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
        <MediaDialog
          kind={media}
          locales={locales}
          onClose={() => setMedia(null)}
          onInsert={insertMedia}
        />
      </div>
    </StudioEditorContext.Provider>
  );
}
