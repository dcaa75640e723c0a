export const DEFAULT_LOCALE = 'en-US';
export const SUPPORTED_LOCALES = ['en-US', 'fr-CA'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Text a person reads: one string for every locale, or a string per locale. */
export type LocalisedText = string | Partial<Record<string, string>>;

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the text for `locale`, falling back to en-US, then to any translation there is,
 * so a half-translated organisation never shows an empty label.
 */
export function localise(text: LocalisedText | undefined | null, locale: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  // A text left empty in a locale (a studio draft not yet translated) reads as missing there.
  const said = (value: string | undefined) => (value?.trim() ? value : undefined);
  return said(text[locale]) ?? said(text[DEFAULT_LOCALE]) ?? Object.values(text).find(said) ?? '';
}

/** The locale an organisation answers in: the one asked for when it offers it, else its first. */
export function resolveLocale(
  requested: string | undefined | null,
  offered: readonly string[],
): string {
  if (requested && offered.includes(requested)) return requested;
  return offered[0] ?? DEFAULT_LOCALE;
}

/** Label of a locale in the switcher: the first two letters, uppercased ("fr-CA" → "FR"). */
export function localeLabel(locale: string): string {
  return locale.slice(0, 2).toUpperCase();
}
