import { DEFAULT_LOCALE } from '@portal/domain';
import type { MessageId } from './message-id';
// The build splits the en-US reference catalog in two (vite.config.ts): the messages the modules
// of a first visit use come with the first load; the others, most of them, load beside any other
// screen's code (`loadLaterMessages`). Outside a build both parts are the whole catalog.
import enFirst from './en-US.json?first';

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

let enUS = enFirst as Record<MessageId, string>;
let laterMessages: Promise<void> | undefined;
let version = 0;
const listeners = new Set<() => void>();

/**
 * Loads the rest of the en-US catalog, once (the screens other than the home page wait for it,
 * app/routes.tsx); the interface then renders again with it (`subscribeToCatalogs`).
 */
export function loadLaterMessages(): Promise<void> {
  laterMessages ??= import('./en-US.json?later').then(
    ({ default: later }) => {
      enUS = { ...enUS, ...(later as Record<MessageId, string>) };
      catalogsChanged();
    },
    (error: unknown) => {
      laterMessages = undefined;
      throw error;
    },
  );
  return laterMessages;
}

function catalogsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Calls `listener` when a catalog or part of one has loaded: `messagesFor` then changes. */
export function subscribeToCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loaded = new Map<string, Catalog>([[DEFAULT_LOCALE, enFirst]]);

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
  catalogsChanged();
}

/** `translated` over `reference`, key by key, so a missing translation shows the reference text. */
export function withFallback(
  reference: Record<MessageId, string>,
  translated: Catalog | undefined,
): Record<MessageId, string> {
  return { ...reference, ...translated };
}

const merged = new Map<string, { version: number; messages: Record<MessageId, string> }>();

/**
 * The messages react-intl gets for `locale`: its catalog (once loaded) with en-US underneath;
 * the same object until a catalog or part of one loads.
 */
export function messagesFor(locale: string): Record<MessageId, string> {
  const cached = merged.get(locale);
  if (cached?.version === version) return cached.messages;
  const messages = withFallback(enUS, locale === DEFAULT_LOCALE ? undefined : loaded.get(locale));
  merged.set(locale, { version, messages });
  return messages;
}
