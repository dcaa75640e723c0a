/**
 * Texts of the content-pack shape (one string, or one per locale) as the staff's screens edit them:
 * the studio's and the console's.
 */

/** A text of the content-pack shape: one string, or one per locale. */
export type LocalisedText = string | Record<string, string>;

/** The text in `locale`: a plain string is the same in every locale. */
export function textIn(value: LocalisedText | undefined, locale: string): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (value[locale] ?? '');
}

/**
 * `value` with its text in `locale` set to `text` (a plain string becomes one per locale, the
 * string kept in the others).
 */
export function withText(
  value: LocalisedText | undefined,
  locale: string,
  text: string,
  locales: readonly string[],
): Record<string, string> {
  const current =
    typeof value === 'string'
      ? Object.fromEntries(locales.map((each) => [each, value]))
      : { ...value };
  current[locale] = text;
  return current;
}

/** The name an author reads a thing by: the locale's text, else any locale's, else `fallback`. */
export function displayText(
  value: LocalisedText | undefined,
  locale: string,
  fallback: string,
): string {
  const own = textIn(value, locale).trim();
  if (own) return own;
  if (value && typeof value !== 'string') {
    const other = Object.values(value).find((text) => text.trim());
    if (other) return other.trim();
  }
  return fallback;
}

/**
 * True when `value` has a text in some locale and none in another: the author has something to
 * translate. A plain string counts as written in every locale (packs use it for names that do
 * not change, such as a brand).
 */
export function isUntranslated(
  value: LocalisedText | undefined,
  locales: readonly string[],
): boolean {
  if (value === undefined || typeof value === 'string' || locales.length < 2) return false;
  const filled = locales.map((locale) => Boolean(value[locale]?.trim()));
  return filled.some(Boolean) && !filled.every(Boolean);
}

/** The language's own name for `locale` ("English", "Français"), else the tag. */
export function languageName(locale: string, inLocale: string): string {
  try {
    const name = new Intl.DisplayNames([inLocale], {
      type: 'language',
      languageDisplay: 'standard',
    }).of(locale.slice(0, 2));
    // A label starts with a capital, whatever the language writes mid-sentence ("anglais").
    return name ? name.charAt(0).toLocaleUpperCase(inLocale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}
