import type { ReferenceUse } from '@portal/domain';
import { UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  REFERENCE_CHAR,
  findCompletionQuery,
  matchOptions,
  type CompletionOption,
} from '../lib/completion';
import {
  REFERENCE_NODE,
  bodyToContent,
  docToBody,
  formulaExtensions,
  ChipLabels,
  type ChipText,
} from '../lib/formula-schema';
import { CompletionList, optionId } from './completion-list';

export interface FormulaInputProps {
  /** The stored body: text with `<span data-ref="ID" data-use="…"></span>` references. */
  value: string;
  onChange: (body: string) => void;
  /** What the author may refer to (completion). */
  options: readonly CompletionOption[];
  /** The text of a reference's chip. */
  chipText: (id: string, use: ReferenceUse) => ChipText;
  /** The id of the element that names the input. */
  labelledBy: string;
  describedBy?: string;
  isInvalid?: boolean;
}

interface Completion {
  /** The typed query's range in the document, replaced by the chosen reference. */
  from: number;
  to: number;
  options: CompletionOption[];
  active: number;
}

/** The query typed at the caret, and the options it matches (null: nothing to offer). */
function completionAt(
  editor: Editor,
  all: readonly CompletionOption[],
  dismissedFrom: number | null,
  previous: Completion | null,
): Completion | null {
  const { selection } = editor.state;
  if (!selection.empty || !editor.isFocused) return null;
  const { $from } = selection;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, REFERENCE_CHAR);
  const found = findCompletionQuery(before);
  if (!found) return null;
  const from = $from.start() + found.offset;
  if (from === dismissedFrom) return null;
  const options = matchOptions(all, found.query);
  if (!options.length) return null;
  const kept = previous?.from === from ? previous.options[previous.active]?.key : undefined;
  const active = Math.max(
    0,
    options.findIndex((o) => o.key === kept),
  );
  return { from, to: selection.from, options, active };
}

/**
 * A one-line formula input (TipTap): references are chips that read as the field's question,
 * completed as the author types (the ARIA combobox pattern: arrows move, Enter or Tab choose,
 * Escape closes), and stored as `data-ref` spans.
 */
export function FormulaInput({
  value,
  onChange,
  options,
  chipText,
  labelledBy,
  describedBy,
  isInvalid,
}: FormulaInputProps) {
  const intl = useIntl();
  const listId = useId();
  // Mutable on purpose: chips drawn by ProseMirror read their text through it.
  const [labels] = useState(() => new ChipLabels(chipText));
  const [extensions] = useState(() => [...formulaExtensions(labels), UndoRedo]);
  // The first body only: later ones arrive through setContent (below).
  const [initialContent] = useState(() => bodyToContent(value));
  const [completion, setCompletion] = useState<Completion | null>(null);
  // What ProseMirror's handlers read: the latest props, and the completion as handlers left it.
  const latest = useRef({
    completion: null as Completion | null,
    options,
    onChange,
    dismissedFrom: null as number | null,
  });
  const editorRef = useRef<Editor | null>(null);
  const emitted = useRef(value);
  useLayoutEffect(() => {
    latest.current.options = options;
    latest.current.onChange = onChange;
  });

  const update = (editor: Editor) => {
    const next = completionAt(
      editor,
      latest.current.options,
      latest.current.dismissedFrom,
      latest.current.completion,
    );
    latest.current.completion = next;
    setCompletion(next);
  };

  const choose = (editor: Editor, option: CompletionOption) => {
    const open = latest.current.completion;
    if (!open) return;
    editor
      .chain()
      .focus()
      .insertContentAt({ from: open.from, to: open.to }, [
        { type: REFERENCE_NODE, attrs: { id: option.id, use: option.use } },
        { type: 'text', text: ' ' },
      ])
      .run();
    latest.current.completion = null;
    setCompletion(null);
  };

  const editor = useEditor({
    extensions,
    content: initialContent,
    onUpdate: ({ editor: e }) => {
      const body = docToBody(e.state.doc);
      if (body === emitted.current) return;
      emitted.current = body;
      latest.current.onChange(body);
    },
    onTransaction: ({ editor: e }) => update(e),
    onFocus: ({ editor: e }) => update(e),
    onBlur: () => {
      latest.current.completion = null;
      setCompletion(null);
    },
    editorProps: {
      attributes: {
        role: 'combobox',
        tabindex: '0',
        class: isInvalid
          ? 'formula-input__line formula-input__line--invalid'
          : 'formula-input__line',
        'aria-labelledby': labelledBy,
        ...(describedBy && { 'aria-describedby': describedBy }),
        'aria-autocomplete': 'list',
        'aria-haspopup': 'listbox',
        'aria-expanded': completion ? 'true' : 'false',
        'aria-controls': listId,
        ...(completion && {
          'aria-activedescendant': optionId(listId, completion.active),
        }),
        ...(isInvalid && { 'aria-invalid': 'true' }),
        spellcheck: 'false',
      },
      handleKeyDown: (view, event) => {
        const open = latest.current.completion;
        const e = editorRef.current;
        if (open && e) {
          const count = open.options.length;
          const move = (active: number) => {
            const next = { ...open, active };
            latest.current.completion = next;
            setCompletion(next);
          };
          switch (event.key) {
            case 'ArrowDown':
              move((open.active + 1) % count);
              return true;
            case 'ArrowUp':
              move((open.active - 1 + count) % count);
              return true;
            case 'Home':
            case 'End':
              if (!event.ctrlKey) break;
              move(event.key === 'Home' ? 0 : count - 1);
              return true;
            case 'Enter':
            case 'Tab':
              if (event.shiftKey) break;
              choose(e, open.options[open.active]!);
              return true;
            case 'Escape':
              latest.current.dismissedFrom = open.from;
              latest.current.completion = null;
              setCompletion(null);
              return true;
          }
        }
        // One line: Enter has nothing to break.
        if (event.key === 'Enter') return true;
        void view;
        return false;
      },
    },
  });
  useLayoutEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A new body from outside (another locale, a restore): the editor shows it.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(bodyToContent(value), { emitUpdate: false });
  }, [editor, value]);

  // Chips follow the topic (a renamed question) and the locale.
  useEffect(() => {
    labels.update(chipText);
  }, [chipText, labels]);

  // A dismissed completion opens again once the author types elsewhere.
  useEffect(() => {
    if (completion) latest.current.dismissedFrom = null;
  }, [completion]);

  return (
    <div className="formula-input">
      <EditorContent editor={editor} />
      <CompletionList
        id={listId}
        label={intl.formatMessage({ id: 'studio.formula.completion.label' })}
        options={completion?.options ?? []}
        active={completion?.active ?? -1}
        onChoose={(option) => editor && choose(editor, option)}
      />
    </div>
  );
}
