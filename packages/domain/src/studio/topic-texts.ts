import type { Topic } from '../content-pack';
import type { LocalisedText } from '../locale';

/** Where a text of a topic sits: its JSON path (as the API's `errfor` names it), page and fragment. */
export interface TextLocation {
  /** `pages.0.fragments.2.field.name` */
  path: string;
  pageId: string | null;
  fragmentId: string | null;
}

/** What a text is, so the studio can say "the question of field Flour" rather than a path. */
export const TEXT_KINDS = [
  'topicName',
  'topicDescription',
  'pageName',
  'content',
  'fieldName',
  'fieldQuestion',
  'fieldDefault',
  'choiceLabel',
  'cellText',
  'attachmentName',
  'attachmentDescription',
  'formulaName',
  'formulaDescription',
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

export interface TopicText extends TextLocation {
  kind: TextKind;
  value: LocalisedText;
  isHtml: boolean;
}

const join = (path: (string | number)[]) => path.join('.');

const isLocalisedRecord = (value: unknown): value is Record<string, string> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** Every text a person reads in a topic, in the order of the topic. */
export function topicTexts(topic: Topic): TopicText[] {
  const texts: TopicText[] = [];
  const add = (
    kind: TextKind,
    value: LocalisedText | undefined,
    path: (string | number)[],
    pageId: string | null = null,
    fragmentId: string | null = null,
    isHtml = false,
  ) => {
    if (value !== undefined)
      texts.push({ kind, value, isHtml, path: join(path), pageId, fragmentId });
  };
  add('topicName', topic.name, ['name']);
  add('topicDescription', topic.description, ['description'], null, null, true);
  topic.pages.forEach((page, p) => {
    add('pageName', page.name, ['pages', p, 'name'], page._id);
    page.fragments.forEach((fragment, f) => {
      const at = (...rest: (string | number)[]) => ['pages', p, 'fragments', f, ...rest];
      const put = (
        kind: TextKind,
        value: LocalisedText | undefined,
        path: (string | number)[],
        isHtml = false,
      ) => add(kind, value, path, page._id, fragment._id, isHtml);
      switch (fragment.type) {
        case 'content':
          put('content', fragment.content, at('content'), true);
          break;
        case 'field': {
          const field = fragment.field;
          put('fieldName', field.name, at('field', 'name'));
          put('fieldQuestion', field.question, at('field', 'question'), true);
          if (isLocalisedRecord(field.defaultValue))
            put('fieldDefault', field.defaultValue, at('field', 'defaultValue'));
          field.pickList?.forEach((entry, e) =>
            put('choiceLabel', entry.label, at('field', 'pickList', e, 'label')),
          );
          field.cells?.forEach((row, r) =>
            row.forEach((cell, c) =>
              put('cellText', cell.defaultValue, at('field', 'cells', r, c, 'defaultValue')),
            ),
          );
          break;
        }
        case 'attachment':
          put('attachmentName', fragment.attachment.name, at('attachment', 'name'));
          put(
            'attachmentDescription',
            fragment.attachment.description,
            at('attachment', 'description'),
          );
          break;
        case 'formula':
          put('formulaName', fragment.formula.name, at('formula', 'name'));
          put('formulaDescription', fragment.formula.description, at('formula', 'description'));
          break;
      }
    });
  });
  return texts;
}
