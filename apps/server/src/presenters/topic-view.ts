import {
  DEFAULT_LOCALE,
  localise,
  type Field,
  type FieldDefaultValue,
  type FieldView,
  type Fragment,
  type FragmentView,
  type LocalisedText,
  type Page,
  type PageView,
  type Topic,
  type TopicView,
} from '@portal/domain';
import type { ParentGroup } from '../db/repositories/topics';

/**
 * A topic as a learner reads it (GET /topic/{topicId}): localised, without correct answers or
 * tolerances. The learner's topic answer and the studio's preview of a draft are both made here.
 */

/** Content bodies longer than this are stored apart and fetched by the page on its own. */
export const INLINE_CONTENT_MAX = 4_000;

const isScored = (field: Field) => (field.scoreWeight ?? 0) > 0 && field.correctValue !== undefined;

/** A default value by locale (text fields) becomes the learner's; any other default is as it is. */
function localiseDefault(value: unknown, locale: string): FieldDefaultValue {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return localise(value as LocalisedText, locale);
  return value as FieldDefaultValue;
}

/** A field without its correct answer or tolerance: what a learner may see. */
function presentField(field: Field, locale: string): FieldView {
  return {
    _id: field._id,
    name: localise(field.name, locale),
    question: localise(field.question, locale),
    type: field.type,
    ...(field.defaultValue !== undefined && {
      defaultValue: localiseDefault(field.defaultValue, locale),
    }),
    ...(field.pickList && {
      pickList: field.pickList.map((p) => ({
        _id: p._id,
        value: p.value,
        label: localise(p.label, locale),
      })),
    }),
    ...(field.height !== undefined && { height: field.height }),
    ...(field.minValue !== undefined && { minValue: field.minValue }),
    ...(field.maxValue !== undefined && { maxValue: field.maxValue }),
    ...(field.rowCount !== undefined && { rowCount: field.rowCount }),
    ...(field.columnCount !== undefined && { columnCount: field.columnCount }),
    ...(field.cells && {
      cells: field.cells.map((row) =>
        row.map((cell) => ({
          ...(cell.value !== undefined && { value: cell.value }),
          ...(cell.defaultValue !== undefined && {
            defaultValue: localise(cell.defaultValue, locale),
          }),
          ...(cell.isReadOnly !== undefined && { isReadOnly: cell.isReadOnly }),
        })),
      ),
    }),
    ...(isScored(field) && { scoreWeight: field.scoreWeight }),
    isScored: isScored(field),
  };
}

/** A video's captions in `locale`: its own file, else the pack's default locale's, else any. */
function captionsIn(
  captions: string | Record<string, string> | undefined,
  locale: string,
): { captions?: { url: string; locale: string } } {
  if (!captions) return {};
  if (typeof captions === 'string') return { captions: { url: captions, locale } };
  const found = [locale, DEFAULT_LOCALE, ...Object.keys(captions)].find((l) => captions[l]);
  return found ? { captions: { url: captions[found]!, locale: found } } : {};
}

function presentFragment(
  fragment: Fragment,
  locale: string,
  inlineContentMax: number,
): FragmentView {
  const base = {
    _id: fragment._id,
    ...(fragment.showCondition && { showCondition: fragment.showCondition }),
  };
  switch (fragment.type) {
    case 'content': {
      const body = localise(fragment.content, locale);
      return {
        ...base,
        type: 'content',
        content: body.length > inlineContentMax ? { contentId: fragment._id } : { body },
      };
    }
    case 'field':
      return { ...base, type: 'field', field: presentField(fragment.field, locale) };
    case 'attachment':
      return {
        ...base,
        type: 'attachment',
        attachment: {
          url: fragment.attachment.url,
          name: localise(fragment.attachment.name, locale),
          description: localise(fragment.attachment.description, locale),
          ...captionsIn(fragment.attachment.captions, locale),
        },
      };
    case 'formula':
      return {
        ...base,
        type: 'formula',
        formula: {
          _id: fragment.formula._id,
          name: localise(fragment.formula.name, locale),
          description: localise(fragment.formula.description, locale),
          body: fragment.formula.body,
          ...(fragment.formula.format && { format: fragment.formula.format }),
        },
      };
  }
}

export interface TopicViewArgs {
  topic: Topic;
  isGeneral: boolean;
  /** The pages the viewer may see. */
  pages: readonly Page[];
  /** The topic group it is shown in, when the viewer may see that group. */
  parent: ParentGroup | null;
  locale: string;
  /** Longer content bodies are left out, fetched apart (INLINE_CONTENT_MAX); Infinity keeps all. */
  inlineContentMax?: number;
}

export function presentTopicView({
  topic,
  isGeneral,
  pages: visiblePages,
  parent,
  locale,
  inlineContentMax = INLINE_CONTENT_MAX,
}: TopicViewArgs): TopicView {
  const pages: PageView[] = visiblePages.map((page) => {
    const fragments = page.fragments.map((f) => presentFragment(f, locale, inlineContentMax));
    return {
      _id: page._id,
      name: localise(page.name, locale),
      visibility: page.visibility,
      ...(page.showCondition && { showCondition: page.showCondition }),
      fragments,
      hasScoredFields: fragments.some((f) => f.type === 'field' && f.field.isScored),
    };
  });
  return {
    _id: isGeneral ? 'general' : topic._id,
    name: localise(topic.name, locale),
    description: localise(topic.description, locale),
    isGeneral,
    visibility: topic.visibility,
    ...(topic.topicImage && {
      topicImage: topic.topicImage,
      imageUrl: topic.topicImage.secure_url,
    }),
    ...(parent && {
      parentTopicGroup: {
        _id: parent.id,
        name: localise(parent.name, locale),
        visibility: parent.visibility,
      },
    }),
    allowMultiWorksheets: topic.allowMultiWorksheets,
    showGradeReport: topic.showGradeReport,
    ...(topic.certificate?.enabled && {
      certificate: {
        ...(topic.certificate.passPercent !== undefined && {
          passPercent: topic.certificate.passPercent,
        }),
      },
    }),
    hasScoredFields: pages.some((p) => p.hasScoredFields),
    pages,
  };
}
