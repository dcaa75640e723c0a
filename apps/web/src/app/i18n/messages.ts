import { DEFAULT_LOCALE } from '@portal/domain';
import enUS from './en-US.json';
import frCA from './fr-CA.json';
import type { MessageId } from './message-id';

/**
 * Interface catalogs by locale (JSON, so the production build can precompile them; see
 * vite.config.ts). en-US is the complete reference; another locale may leave keys out.
 */
export type Catalog = Partial<Record<MessageId, string>>;

export const catalogs: Readonly<Record<string, Catalog>> = {
  'en-US': enUS,
  'fr-CA': frCA,
};

/** `translated` over `reference`, key by key, so a missing translation shows the reference text. */
export function withFallback(
  reference: Record<MessageId, string>,
  translated: Catalog | undefined,
): Record<MessageId, string> {
  return { ...reference, ...translated };
}

/** The messages react-intl gets for `locale`: its catalog with en-US underneath. */
export function messagesFor(locale: string): Record<MessageId, string> {
  return withFallback(enUS, locale === DEFAULT_LOCALE ? undefined : catalogs[locale]);
}
