/** Text of a pack (textSchema, htmlSchema): one string for every locale, or one per locale. */
export type Localised = string | Record<string, string>;

/** The text shown for `locale`: its own, else the first locale's, else any. */
export function textIn(value: Localised | undefined, locale: string, fallback?: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value[locale] ?? (fallback ? value[fallback] : undefined) ?? Object.values(value)[0] ?? '';
}

/**
 * The text of one locale as an author edits it: a plain string counts as the first locale's
 * (the others then show as untranslated).
 */
export function ownTextIn(
  value: Localised | undefined,
  locale: string,
  locales: readonly string[],
) {
  if (value === undefined) return '';
  if (typeof value === 'string') return locale === locales[0] ? value : '';
  return value[locale] ?? '';
}

/**
 * `value` with `locale`'s text set. A plain string stays plain while only the first locale has
 * text; an emptied locale is left out; other keys keep their place.
 */
export function withText(
  value: Localised | undefined,
  locale: string,
  text: string,
  locales: readonly string[],
): Localised {
  const first = locales[0] ?? locale;
  const record: Record<string, string> =
    value === undefined
      ? {}
      : typeof value === 'string'
        ? value
          ? { [first]: value }
          : {}
        : { ...value };
  if (text) record[locale] = text;
  else delete record[locale];
  const keys = Object.keys(record);
  if (typeof value === 'string' && keys.every((key) => key === first)) return record[first] ?? '';
  if (!keys.length) return typeof value === 'string' || value === undefined ? '' : { [first]: '' };
  return record;
}

/** Locales of `locales` with no text in `value` while another has some. */
export function untranslatedLocales(
  value: Localised | undefined,
  locales: readonly string[],
  isBlank: (text: string) => boolean = (text) => !text.replace(/<[^>]*>/g, '').trim(),
): string[] {
  const texts = locales.map((locale) => ownTextIn(value, locale, locales));
  if (texts.every(isBlank)) return [];
  return locales.filter((_, i) => isBlank(texts[i] ?? ''));
}

/** "English (United States)" for en-US, in the interface's language, as a label (capital first). */
export function localeName(locale: string, inLocale: string): string {
  try {
    const name = new Intl.DisplayNames([inLocale], {
      type: 'language',
      languageDisplay: 'standard',
    }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}
