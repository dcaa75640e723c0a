import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

interface MiniRichTextProps {
  label: string;
  value: string;
  lang: string;
  onChange: (html: string) => void;
  id?: string;
  describedBy?: string;
}

/** A small rich-text box (a field's question): bold, italic, lists, links; no headings. */
export function MiniRichText({ label, value, lang, onChange, id, describedBy }: MiniRichTextProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        horizontalRule: false,
        blockquote: false,
        trailingNode: false,
        link: { openOnClick: false },
      }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        lang,
        class: 'studio-inspector__rich prose',
        ...(id ? { id } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });
  // A value changed from outside (a restored version, the other side of a conflict) replaces
  // the text, unless the author is typing in it.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return <EditorContent editor={editor} />;
}
