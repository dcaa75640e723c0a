import type { Fragment, Page } from '@portal/domain';
import { TableKit } from '@tiptap/extension-table';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ContentBlock,
  ContentLocale,
  FigureImage,
  FormulaRef,
  PageDocument,
  Subscript,
  Superscript,
} from './extensions/content-nodes';
import { GlossaryMarks, UntranslatedMarks } from './extensions/decorations';
import { FragmentBlock } from './extensions/fragment-block';
import type { EditorLabels } from './extensions/labels';
import { CONFIRMED_META, PageRules, type RemovalRequest } from './extensions/page-rules';
import { SlashCommand, SlashMenuStore, type SlashItem } from './extensions/slash-command';
import { docToFragments, pageToDoc } from './model/page-doc';

export const LOAD_META = 'studioLoad';

interface Options {
  page: Page;
  locales: readonly string[];
  glossary: readonly { word: string; plural?: string }[];
  labels: EditorLabels;
  ariaLabel: string;
  describedBy: string;
  slashListId: string;
  debounceMs: number;
  onChange: (page: Page) => void;
  requestRemoval: (request: RemovalRequest) => void;
  hasAnswers: (fieldId: string) => boolean;
  slashItems: (query: string) => SlashItem[];
}

/**
 * The TipTap editor of one page, and the page model kept in step with it: the page is made from
 * the document at most once per pause in typing (debounced), and at once on blur, unmount and
 * flush. A page passed in with other fragments than the last one sent out is loaded.
 */
/** The latest options, for the editor's extensions (made once) to read when they run. */
class Latest {
  constructor(public current: Options) {}
  set(options: Options) {
    this.current = options;
  }
  requestRemoval = (request: RemovalRequest) => this.current.requestRemoval(request);
  hasAnswers = (id: string) => this.current.hasAnswers(id);
  slashItems = (query: string) => this.current.slashItems(query);
}

export function usePageEditor(options: Options) {
  const [latest] = useState(() => new Latest(options));
  useEffect(() => {
    latest.set(options);
  });
  const slashStore = useMemo(() => new SlashMenuStore(), []);
  const pageRef = useRef(options.page);
  const initialIds = useRef(new Set<string>());
  const lastSent = useRef<Fragment[] | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const lastDoc = useRef<PmNode | null>(null);

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    // TipTap's 'delete' events (a task after every change that re-walks its steps): none listens.
    enableCoreExtensions: { delete: false },
    extensions: [
      StarterKit.configure({
        document: false,
        trailingNode: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false },
      }),
      PageDocument,
      ContentBlock.configure({ labels: options.labels }),
      ContentLocale.configure({ labels: options.labels }),
      FragmentBlock,
      FigureImage,
      FormulaRef,
      Subscript,
      Superscript,
      TableKit.configure({ table: { resizable: false } }),
      GlossaryMarks.configure({ glossary: options.glossary }),
      UntranslatedMarks,
      PageRules.configure({
        locales: options.locales,
        requestRemoval: latest.requestRemoval,
        hasAnswers: latest.hasAnswers,
      }),
      SlashCommand.configure({ store: slashStore, items: latest.slashItems }),
    ],
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': options.ariaLabel,
        'aria-describedby': options.describedBy,
        class: 'studio-editor__document',
      },
    },
  });

  const flush = (target: Editor = editor) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const doc = target.isDestroyed ? lastDoc.current : target.state.doc;
    if (!doc) return;
    const { locales, onChange } = latest.current;
    const fragments = docToFragments(doc, locales, initialIds.current);
    lastSent.current = fragments;
    const page = { ...pageRef.current, fragments };
    pageRef.current = page;
    onChange(page);
  };
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });

  const load = (page: Page) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    pageRef.current = page;
    lastSent.current = page.fragments;
    initialIds.current = new Set(page.fragments.map((f) => f._id));
    const doc = pageToDoc(editor.schema, page, latest.current.locales);
    const { state } = editor;
    const tr = state.tr
      .replaceWith(0, state.doc.content.size, doc.content)
      .setMeta('addToHistory', false)
      .setMeta(CONFIRMED_META, true)
      .setMeta(LOAD_META, true);
    editor.view.dispatch(tr);
  };

  // The page goes in before the first paint, and again into a new editor (StrictMode makes two).
  const loadedInto = useRef<Editor | null>(null);
  useLayoutEffect(() => {
    const { page } = options;
    if (loadedInto.current !== editor) {
      loadedInto.current = editor;
      load(page);
      return;
    }
    if (page === pageRef.current) return;
    if (page.fragments === lastSent.current || page.fragments === pageRef.current.fragments) {
      // Only the page's own settings changed (its name, say): nothing to reload.
      pageRef.current = { ...page, fragments: pageRef.current.fragments };
      return;
    }
    load(page);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads refs only
  }, [editor, options.page]);

  useEffect(() => {
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (!transaction.docChanged || transaction.getMeta(LOAD_META)) return;
      lastDoc.current = editor.state.doc;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => flushRef.current(editor), latest.current.debounceMs);
    };
    const onBlur = () => {
      if (timer.current !== undefined) flushRef.current(editor);
    };
    editor.on('transaction', onTransaction);
    editor.on('blur', onBlur);
    return () => {
      editor.off('transaction', onTransaction);
      editor.off('blur', onBlur);
      if (timer.current !== undefined) flushRef.current(editor);
    };
  }, [editor, latest]);

  return {
    editor,
    slashStore,
    flush: () => flush(),
    getPage: () => ({
      ...pageRef.current,
      fragments: docToFragments(editor.state.doc, latest.current.locales, initialIds.current),
    }),
  };
}
