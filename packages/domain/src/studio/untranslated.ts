import type { Topic } from '../content-pack';
import type { LocalisedText } from '../locale';
import { htmlText } from './html-scan';
import { topicTexts, type TextKind, type TextLocation } from './topic-texts';

export interface UntranslatedText extends TextLocation {
  kind: TextKind;
  /** The locales (of those asked about) where the text is missing or empty. */
  missing: string[];
}

export interface UntranslatedReport {
  texts: UntranslatedText[];
  /** How many texts of the topic are untranslated. */
  count: number;
  /** How many per page id (pages with none are left out); topic texts count under no page. */
  pages: Record<string, number>;
}

/** Whether a text shows nothing: spaces only, or HTML without words, image, rule or table. */
export function isBlankText(text: string | undefined, isHtml = false): boolean {
  if (text === undefined) return true;
  if (!isHtml) return text.trim() === '';
  return htmlText(text) === '' && !/<(img|hr|table)\b/i.test(text);
}

/** The locales of `locales` where `value` is missing or empty, when another locale has it. */
export function missingLocales(
  value: LocalisedText,
  locales: readonly string[],
  isHtml = false,
): string[] {
  // One string for every locale is the same text in all of them.
  if (typeof value === 'string') return [];
  const isWritten = Object.values(value).some((text) => !isBlankText(text, isHtml));
  if (!isWritten) return [];
  return locales.filter((locale) => isBlankText(value[locale], isHtml));
}

/**
 * The texts of a topic left untranslated in one of `locales` (the organisation's), with a count
 * for the topic and per page. A text empty in every locale is not counted: nothing is missing
 * from its translation (an empty field label is an accessibility problem instead).
 */
export function untranslated(topic: Topic, locales: readonly string[]): UntranslatedReport {
  const texts: UntranslatedText[] = [];
  const pages: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const text of topicTexts(topic)) {
    const missing = missingLocales(text.value, locales, text.isHtml);
    if (!missing.length) continue;
    texts.push({
      kind: text.kind,
      path: text.path,
      pageId: text.pageId,
      fragmentId: text.fragmentId,
      missing,
    });
    if (text.pageId !== null) pages[text.pageId] = (pages[text.pageId] ?? 0) + 1;
  }
  return { texts, count: texts.length, pages };
}

/** How many texts of a topic are left empty in one of `locales`: the count the studio lists. */
export function untranslatedCount(topic: Topic, locales: readonly string[]): number {
  return untranslated(topic, locales).count;
}
