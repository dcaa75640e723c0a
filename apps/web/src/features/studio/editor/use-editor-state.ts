import type { Fragment } from '@portal/domain';
import { NodeSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { selectedBlock } from './extensions/block-actions';
import type { EditorLabels } from './extensions/labels';
import type { SelectedBlock } from './inspector/block-inspector';
import { localeName } from './model/localised';

export function useEditorLabels(locales: readonly string[]): EditorLabels {
  const intl = useIntl();
  return useMemo(
    () => ({
      textBlock: intl.formatMessage({ id: 'studio.editor.kind.content' }),
      dragHandle: intl.formatMessage({ id: 'studio.editor.block.drag' }),
      moveUp: intl.formatMessage({ id: 'studio.editor.block.up' }),
      moveDown: intl.formatMessage({ id: 'studio.editor.block.down' }),
      remove: intl.formatMessage({ id: 'studio.editor.block.remove' }),
      untranslated: intl.formatMessage({ id: 'studio.editor.untranslated' }),
      localeNames: Object.fromEntries(locales.map((l) => [l, localeName(l, intl.locale)])),
    }),
    [intl, locales],
  );
}

/**
 * The block the selection is in, for the inspector. It changes only when another block is
 * selected or the selected one changes: typing in a text block renders nothing here.
 */
export function useSelectedBlock(editor: Editor): SelectedBlock | null {
  const [selected, setSelected] = useState<SelectedBlock | null>(null);
  useEffect(() => {
    let current: SelectedBlock | null = null;
    const update = () => {
      const block = selectedBlock(editor.state);
      let next: SelectedBlock | null = null;
      if (block) {
        const fragment = block.node.attrs.fragment as Fragment | null;
        const isContent = block.node.type.name === 'contentBlock';
        const { selection } = editor.state;
        const picked =
          selection instanceof NodeSelection && selection.node.type.name === 'figureImage'
            ? selection.node
            : null;
        next = {
          pos: block.pos,
          kind: isContent ? 'content' : (fragment?.type ?? 'content'),
          fragment: isContent ? null : fragment,
          base: fragment,
          image: picked && {
            pos: selection.from,
            src: picked.attrs.src as string,
            alt: picked.attrs.alt as string,
            caption: picked.attrs.caption as string,
          },
        };
      }
      const same =
        current === next ||
        (current !== null &&
          next !== null &&
          current.pos === next.pos &&
          current.kind === next.kind &&
          current.fragment === next.fragment &&
          current.base === next.base &&
          JSON.stringify(current.image) === JSON.stringify(next.image));
      if (same) return;
      current = next;
      setSelected(next);
    };
    update();
    editor.on('transaction', update);
    return () => {
      editor.off('transaction', update);
    };
  }, [editor]);
  return selected;
}
