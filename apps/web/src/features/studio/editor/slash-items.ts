import { FIELD_TYPES, type Fragment } from '@portal/domain';
import type { Editor, Range } from '@tiptap/core';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { MediaKind } from './dialogs/media-dialog';
import type { SlashItem } from './extensions/slash-command';
import { newFieldFragment, newFormulaFragment, type NewBlockWords } from './model/new-fragments';

interface SlashActions {
  insertFragments: (fragments: Fragment[]) => void;
  askMedia: (kind: MediaKind) => void;
}

/** Every entry of the '/' menu: text blocks, the eight field types, formula, media. */
export function slashItems(
  intl: IntlShape,
  locales: readonly string[],
  words: NewBlockWords,
  actions: SlashActions,
): SlashItem[] {
  const text = (
    id: string,
    label: string,
    keywords: string,
    run: (editor: Editor, range: Range) => void,
  ): SlashItem => ({
    id,
    label,
    group: 'text',
    keywords,
    run,
  });
  const t = (id: NonNullable<MessageDescriptor['id']>) => intl.formatMessage({ id });
  const items: SlashItem[] = [
    text('paragraph', t('studio.editor.slash.paragraph'), 'text paragraph p', (e, r) =>
      e.chain().focus().deleteRange(r).setParagraph().run(),
    ),
    text('heading2', t('studio.editor.slash.heading2'), 'heading h2 title', (e, r) =>
      e.chain().focus().deleteRange(r).setHeading({ level: 2 }).run(),
    ),
    text('heading3', t('studio.editor.slash.heading3'), 'heading h3 subtitle', (e, r) =>
      e.chain().focus().deleteRange(r).setHeading({ level: 3 }).run(),
    ),
    text('bulletList', t('studio.editor.slash.bulletList'), 'list bullet ul', (e, r) =>
      e.chain().focus().deleteRange(r).toggleBulletList().run(),
    ),
    text('orderedList', t('studio.editor.slash.orderedList'), 'list numbered ol', (e, r) =>
      e.chain().focus().deleteRange(r).toggleOrderedList().run(),
    ),
    text('quote', t('studio.editor.slash.quote'), 'quote blockquote', (e, r) =>
      e.chain().focus().deleteRange(r).setBlockquote().run(),
    ),
    text('table', t('studio.editor.slash.table'), 'table grid', (e, r) =>
      e.chain().focus().deleteRange(r).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    ),
    text('image', t('studio.editor.slash.image'), 'image picture img', (e, r) => {
      e.chain().focus().deleteRange(r).run();
      actions.askMedia('image');
    }),
  ];
  for (const type of FIELD_TYPES)
    items.push({
      id: `field-${type}`,
      label: intl.formatMessage({ id: `studio.editor.type.${type}` }),
      group: 'field',
      keywords: `field question ${type}`,
      run: (e, r) => {
        e.chain().focus().deleteRange(r).run();
        actions.insertFragments([newFieldFragment(type, locales, words)]);
      },
    });
  items.push(
    {
      id: 'formula',
      label: t('studio.editor.kind.formula'),
      group: 'block',
      keywords: 'formula calculation',
      run: (e, r) => {
        e.chain().focus().deleteRange(r).run();
        actions.insertFragments([newFormulaFragment(locales, words)]);
      },
    },
    {
      id: 'video',
      label: t('studio.editor.slash.video'),
      group: 'block',
      keywords: 'video mp4 movie',
      run: (e, r) => {
        e.chain().focus().deleteRange(r).run();
        actions.askMedia('video');
      },
    },
    {
      id: 'file',
      label: t('studio.editor.slash.file'),
      group: 'block',
      keywords: 'file attachment download',
      run: (e, r) => {
        e.chain().focus().deleteRange(r).run();
        actions.askMedia('file');
      },
    },
  );
  return items;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function filterItems(items: SlashItem[], query: string): SlashItem[] {
  const q = fold(query.trim());
  if (!q) return items;
  return items.filter((item) => fold(`${item.label} ${item.keywords}`).includes(q));
}
