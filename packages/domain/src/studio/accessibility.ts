import type { Field, Topic } from '../content-pack';
import { localise, type LocalisedText } from '../locale';
import { htmlTags } from './html-scan';
import { topicTexts, type TextLocation } from './topic-texts';

/**
 * What ATAG 2.0 part B asks an authoring tool to catch before content reaches learners
 * (docs/design.md §14, issue 26): each one is named with where it is and a code the web translates
 * (`studio.a11y.<code>`).
 */
export const ACCESSIBILITY_CODES = [
  /** An image in author HTML without alt text (missing or empty). */
  'imageWithoutAlt',
  /** A video attachment without captions. */
  'videoWithoutCaptions',
  /** A video whose captions exist, but not in this locale (learners get another locale's). */
  'videoCaptionsNotInLocale',
  /** A heading more than one level below the one before it (the page's title is h1). */
  'headingSkipped',
  /** A field whose label (its name) is empty. */
  'emptyFieldLabel',
  /** A table without header cells: `<th>` in HTML, read-only cells in a table field's first row or column. */
  'tableWithoutHeaders',
] as const;
export type AccessibilityCode = (typeof ACCESSIBILITY_CODES)[number];

export interface AccessibilityProblem extends TextLocation {
  code: AccessibilityCode;
  /** The locale where it shows; null when it shows in every locale (one text for all). */
  locale: string | null;
  /** Placeholders of the message: `from` and `to` heading levels, an image's `src`. */
  values?: Record<string, string>;
}

/** The learner page's title is the h1; author HTML starts below it. */
const PAGE_HEADING_LEVEL = 1;

/** A video is an attachment whose address ends in .mp4 (as the learner's page plays it). */
const isVideoUrl = (url: string) => /\.mp4$/i.test(url.split(/[?#]/, 1)[0] ?? '');

/** The accessibility problems of a topic in each of `locales`, in the order of the topic. */
export function accessibilityProblems(
  topic: Topic,
  locales: readonly string[],
): AccessibilityProblem[] {
  const problems: AccessibilityProblem[] = [];
  /** Checks `value` in each locale; a problem found in every locale of one shared text is named once. */
  const perLocale = (
    value: LocalisedText,
    check: (text: string, locale: string) => Omit<AccessibilityProblem, 'locale'>[],
  ) => {
    if (typeof value === 'string') {
      for (const problem of check(value, locales[0] ?? 'en-US'))
        problems.push({ ...problem, locale: null });
      return;
    }
    // A text left blank in a locale is checked as blank there (what the author left), not as the
    // other locale the learner would be shown instead.
    for (const locale of locales)
      for (const problem of check(value[locale] ?? localise(value, locale), locale))
        problems.push({ ...problem, locale });
  };

  for (const text of topicTexts(topic)) {
    if (!text.isHtml) continue;
    const location: TextLocation = {
      path: text.path,
      pageId: text.pageId,
      fragmentId: text.fragmentId,
    };
    perLocale(text.value, (html) => htmlProblems(html, location));
  }

  topic.pages.forEach((page, p) => {
    for (const locale of locales) headingProblems(page, p, locale, locales, problems);
    page.fragments.forEach((fragment, f) => {
      const location = (...rest: string[]): TextLocation => ({
        path: ['pages', p, 'fragments', f, ...rest].join('.'),
        pageId: page._id,
        fragmentId: fragment._id,
      });
      if (fragment.type === 'field') {
        const field = fragment.field;
        perLocale(field.name, (name) =>
          name.trim() === '' ? [{ ...location('field', 'name'), code: 'emptyFieldLabel' }] : [],
        );
        if (field.type === 'table' && !hasTableHeaders(field))
          problems.push({
            ...location('field', 'cells'),
            code: 'tableWithoutHeaders',
            locale: null,
          });
      }
      if (fragment.type === 'attachment' && isVideoUrl(fragment.attachment.url)) {
        const captions = fragment.attachment.captions;
        const at = location('attachment', 'captions');
        if (
          captions === undefined ||
          (typeof captions !== 'string' && !Object.values(captions).some(Boolean))
        )
          problems.push({ ...at, code: 'videoWithoutCaptions', locale: null });
        else if (typeof captions !== 'string')
          for (const locale of locales)
            if (!captions[locale])
              problems.push({ ...at, code: 'videoCaptionsNotInLocale', locale });
      }
    });
  });
  return problems;
}

function htmlProblems(
  html: string,
  location: TextLocation,
): Omit<AccessibilityProblem, 'locale'>[] {
  const problems: Omit<AccessibilityProblem, 'locale'>[] = [];
  /** Open tables, each with whether a header cell was seen in it. */
  const tables: boolean[] = [];
  for (const tag of htmlTags(html)) {
    if (tag.name === 'img' && !tag.isClosing && !tag.attributes.alt?.trim())
      problems.push({
        ...location,
        code: 'imageWithoutAlt',
        ...(tag.attributes.src && { values: { src: tag.attributes.src } }),
      });
    if (tag.name === 'table') {
      if (!tag.isClosing) tables.push(false);
      else if (tables.length && !tables.pop())
        problems.push({ ...location, code: 'tableWithoutHeaders' });
    }
    if (tag.name === 'th' && !tag.isClosing && tables.length) tables[tables.length - 1] = true;
  }
  // A table left open is still a table.
  for (const hasHeader of tables)
    if (!hasHeader) problems.push({ ...location, code: 'tableWithoutHeaders' });
  return problems;
}

/**
 * Headings in the page's content, in order and in one locale, each at most one level below the
 * one before it. A skip in text shared by every locale is named once.
 */
function headingProblems(
  page: Topic['pages'][number],
  p: number,
  locale: string,
  locales: readonly string[],
  problems: AccessibilityProblem[],
) {
  let last = PAGE_HEADING_LEVEL;
  page.fragments.forEach((fragment, f) => {
    if (fragment.type !== 'content') return;
    const isShared = typeof fragment.content === 'string';
    for (const tag of htmlTags(localise(fragment.content, locale))) {
      const level = /^h([1-6])$/.exec(tag.name)?.[1];
      if (!level || tag.isClosing) continue;
      const n = Number(level);
      if (n > last + 1 && !(isShared && locale !== locales[0]))
        problems.push({
          path: ['pages', p, 'fragments', f, 'content'].join('.'),
          pageId: page._id,
          fragmentId: fragment._id,
          code: 'headingSkipped',
          locale: isShared ? null : locale,
          values: { from: `h${last}`, to: `h${n}` },
        });
      last = n;
    }
  });
}

/** A table field has headers when a read-only cell with text stands in its first row or column. */
function hasTableHeaders(field: Field): boolean {
  const isHeader = (row: number, column: number) => {
    const cell = field.cells?.[row]?.[column];
    if (!cell?.isReadOnly) return false;
    const text = cell.value ?? cell.defaultValue;
    return typeof text === 'string'
      ? text.trim() !== ''
      : text !== undefined && Object.values(text).some((t) => !!t?.trim());
  };
  const rows = field.rowCount ?? 0;
  const columns = field.columnCount ?? 0;
  for (let c = 0; c < columns; c++) if (isHeader(0, c)) return true;
  for (let r = 0; r < rows; r++) if (isHeader(r, 0)) return true;
  return false;
}
