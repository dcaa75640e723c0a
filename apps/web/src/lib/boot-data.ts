import type { BundleView, OrganisationView, TopicView } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { bundleKeys } from './api/bundles';
import { organisationKeys } from './api/organisation';
import { topicKeys } from './api/topics';
import { viewerKey } from './session/token-store';
import { readStored, STORAGE_KEYS } from './storage';

/** The element the server writes the data in (apps/server/src/routes/web.ts, BOOT_DATA_ID). */
export const BOOT_DATA_ID = 'portal-boot';

/**
 * What the server puts in the page for a visitor's first paint: the API's answers to a visitor
 * in the organisation's first locale (the organisation, its bundles, and on a public topic's
 * routes the topic), so the app does not wait for its first round trips.
 */
export interface BootData {
  locale: string;
  org: OrganisationView;
  bundles: BundleView[];
  topic?: { id: string; answer: { topic: TopicView } };
}

function isBootData(value: unknown): value is BootData {
  const data = value as Partial<BootData> | null;
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof data.org === 'object' &&
    data.org !== null &&
    typeof data.org.alias === 'string' &&
    Array.isArray(data.bundles)
  );
}

/** The data the page came with, or null (none, or not readable). */
export function readBootData(): BootData | null {
  // On the server (entry-server.tsx) the data is given, not read.
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return isBootData(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * Puts the page's data in the query cache under the keys the app start reads, when they are the
 * answers this browser would get: a visitor (a signed-in learner sees more) who asks for no
 * locale or for the one the data is in.
 */
export function seedQueries(client: QueryClient, boot: BootData | null = readBootData()): void {
  if (!boot) return;
  const { org } = boot;
  client.setQueryData(organisationKeys.alias, org.alias);
  const viewer = viewerKey(readStored(STORAGE_KEYS.token));
  const requested = readStored(STORAGE_KEYS.locale);
  if (viewer !== viewerKey(null)) return;
  if (requested !== null && requested !== org.currentLocale) return;
  client.setQueryData(organisationKeys.detail(org.alias, requested, viewer), org);
  client.setQueryData(bundleKeys.list(org.alias, requested, viewer), boot.bundles);
  if (boot.topic)
    client.setQueryData(
      topicKeys.detail(org.alias, boot.topic.id, org.currentLocale, viewer),
      boot.topic.answer.topic,
    );
}
