import { DEFAULT_LOCALE } from '@portal/domain';
import enUS from './en-US.json';
import type { MessageId } from './message-id';

/**
 * Interface catalogs by locale (JSON, so the production build can precompile them; see
 * vite.config.ts). en-US is the complete reference; another locale may leave keys out.
 */
export type Catalog = Partial<Record<MessageId, string>>;

/**
 * The catalogs other than en-US: each its own chunk, loaded when its locale is spoken, so a
 * first visit downloads one catalog, not all (issue 14).
 */
const loaders: Readonly<Record<string, () => Promise<Catalog>>> = {
  'fr-CA': async () => (await import('./fr-CA.json')).default,
};

const loaded = new Map<string, Catalog>([[DEFAULT_LOCALE, enUS]]);

/** True when the interface has a catalog for `locale`, loaded or not. */
export function hasCatalog(locale: string): boolean {
  return loaded.has(locale) || Object.hasOwn(loaders, locale);
}

/** True when `messagesFor(locale)` speaks `locale` now (a locale without a catalog: en-US). */
export function isCatalogLoaded(locale: string): boolean {
  return loaded.has(locale) || !hasCatalog(locale);
}

/** Loads the catalog of `locale`, once; a locale without one has nothing to load. */
export async function loadCatalog(locale: string): Promise<void> {
  const load = Object.hasOwn(loaders, locale) ? loaders[locale] : undefined;
  if (loaded.has(locale) || !load) return;
  loaded.set(locale, await load());
}

/** `translated` over `reference`, key by key, so a missing translation shows the reference text. */
export function withFallback(
  reference: Record<MessageId, string>,
  translated: Catalog | undefined,
): Record<MessageId, string> {
  return { ...reference, ...translated };
}

/** The messages react-intl gets for `locale`: its catalog (once loaded) with en-US underneath. */
export function messagesFor(locale: string): Record<MessageId, string> {
  return withFallback(enUS, locale === DEFAULT_LOCALE ? undefined : loaded.get(locale));
}
