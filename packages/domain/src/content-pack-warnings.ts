import type { ContentPack } from './content-pack';

/**
 * Accessibility warnings about a pack's author HTML (issue 15: three axe findings came from the
 * demo content itself). A warning does not stop an import: the pack is valid, but a learner with
 * a keyboard or a screen reader will trip over what it names.
 */
export interface PackWarning {
  path: string;
  message: string;
}

/** A `<pre>` line longer than this scrolls sideways on a 320 px phone. */
export const PRE_MAX_LINE = 60;

type Html = string | Record<string, string>;

function byLocale(html: Html | undefined): [string, string][] {
  if (html === undefined) return [];
  return typeof html === 'string' ? [['', html]] : Object.entries(html);
}

const decode = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, 'x');

/** Headings in order, as their levels. */
function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/gi)].map((m) => Number(m[1]));
}

/** `<pre>` blocks with a line too long for a phone. */
function longPreformatted(html: string): number {
  let count = 0;
  for (const match of html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi)) {
    const lines = decode(match[1] ?? '').split('\n');
    if (lines.some((line) => line.length > PRE_MAX_LINE)) count += 1;
  }
  return count;
}

/** Header cells with no text (an image's alt or an aria-label counts as text). */
function emptyHeaders(html: string): number {
  let count = 0;
  for (const match of html.matchAll(/<th\b([^>]*)>([\s\S]*?)<\/th>/gi)) {
    const [, attributes = '', inner = ''] = match;
    if (/aria-label\s*=\s*["'][^"']+/i.test(attributes)) continue;
    if (/<img\b[^>]*alt\s*=\s*["'][^"']+/i.test(inner)) continue;
    if (decode(inner).trim() === '') count += 1;
  }
  return count;
}

/** The first heading that skips a level, after `start` (the level above the HTML). */
function skippedLevel(levels: number[], start: number | null): [number, number] | null {
  let previous = start;
  for (const level of levels) {
    if (previous !== null && level > previous + 1) return [previous, level];
    previous = level;
  }
  return null;
}

const where = (path: string, locale: string) => (locale ? `${path}.${locale}` : path);

function checkHtml(path: string, html: Html | undefined, warnings: PackWarning[]) {
  for (const [locale, text] of byLocale(html)) {
    const at = where(path, locale);
    if (longPreformatted(text))
      warnings.push({
        path: at,
        message: `a <pre> block has lines over ${PRE_MAX_LINE} characters: it scrolls sideways on a phone, where a keyboard cannot reach it; shorten the lines or use paragraphs`,
      });
    if (emptyHeaders(text))
      warnings.push({
        path: at,
        message:
          'a table header cell (<th>) is empty: a screen reader announces nothing for its column; name it, or make it a <td>',
      });
  }
}

function headingWarning(path: string, [from, to]: [number, number]): PackWarning {
  return {
    path,
    message: `a heading jumps from level ${from} to level ${to} (h${to} after h${from}): a screen reader's outline loses a level; use h${from + 1}`,
  };
}

/**
 * The warnings of a valid pack. Pages are checked as the learner sees them: the page title is
 * the h1, and the headings of its content fragments follow in order, per locale. Other HTML
 * (descriptions, promos) is checked on its own.
 */
export function contentPackWarnings(pack: ContentPack): PackWarning[] {
  const warnings: PackWarning[] = [];
  const { organisation } = pack;
  organisation.homePage.promos.forEach((promo, i) =>
    checkHtml(`organisation.homePage.promos[${i}].description`, promo.description, warnings),
  );
  pack.topics.forEach((topic, t) => {
    const topicPath = `topics[${t}]`;
    checkHtml(`${topicPath}.description`, topic.description, warnings);
    for (const [locale, text] of byLocale(topic.description)) {
      // The topic home: the topic's name is the h1 above its description.
      const skip = skippedLevel(headingLevels(text), 1);
      if (skip) warnings.push(headingWarning(where(`${topicPath}.description`, locale), skip));
    }
    topic.pages.forEach((page, p) => {
      const pagePath = `${topicPath}.pages[${p}]`;
      const previous = new Map<string, number>();
      page.fragments.forEach((fragment, f) => {
        if (fragment.type !== 'content') return;
        const path = `${pagePath}.fragments[${f}].content`;
        checkHtml(path, fragment.content, warnings);
        for (const [locale, text] of byLocale(fragment.content)) {
          const levels = headingLevels(text);
          const skip = skippedLevel(levels, previous.get(locale) ?? 1);
          if (skip) warnings.push(headingWarning(where(path, locale), skip));
          const last = levels.at(-1);
          if (last !== undefined) previous.set(locale, last);
        }
      });
    });
  });
  pack.bundles.forEach((bundle, b) => {
    checkHtml(`bundles[${b}].longDescription`, bundle.longDescription, warnings);
  });
  return warnings;
}
