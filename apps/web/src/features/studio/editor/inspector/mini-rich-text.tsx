import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

interface MiniRichTextProps {
  label: string;
  value: string;
  lang: string;
  onChange: (html: string) => void;
}

/** A small rich-text box (a field's question): bold, italic, lists, links; no headings. */
export function MiniRichText({ label, value, lang, onChange }: MiniRichTextProps) {
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
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });
  return <EditorContent editor={editor} />;
}
