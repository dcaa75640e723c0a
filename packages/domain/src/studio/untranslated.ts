import type { Topic } from '../content-pack';

const LOCALE_KEY = /^[a-z]{2}-[A-Z]{2}$/;

/** A localised text: an object whose keys are all locales and whose values are all strings. */
function isLocalisedText(value: object): value is Record<string, string> {
  const entries = Object.entries(value);
  return (
    entries.length > 0 && entries.every(([k, v]) => LOCALE_KEY.test(k) && typeof v === 'string')
  );
}

/**
 * How many texts of a topic are left empty in one of `locales` (each missing translation counts
 * once): what the studio marks as untranslated. A plain string is the same text in every locale.
 */
export function untranslatedCount(topic: Topic, locales: readonly string[]): number {
  let count = 0;
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    if (isLocalisedText(value)) {
      for (const locale of locales) if (!value[locale]?.trim()) count += 1;
      return;
    }
    for (const item of Object.values(value)) walk(item);
  };
  walk(topic);
  return count;
}
