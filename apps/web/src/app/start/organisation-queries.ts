import type { BundleView, OrganisationView } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, isApiError, withQuery } from '../../lib/api-client';
import { readStored, STORAGE_KEYS } from '../../lib/storage';

/** The server names the organisation in index.html; the Vite dev server cannot, so we ask. */
export async function resolveOrganisationAlias(signal?: AbortSignal): Promise<string> {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="portal-org"]')?.content;
  if (fromPage) return fromPage;
  const { org } = await getJson<{ org: string }>('/api/host', signal);
  return org;
}

/**
 * `viewer` (app/session: "visitor" or a signed-in learner's key) is part of the keys because the
 * answers depend on who asks: private topics for members, bundles already owned.
 */
export const organisationKeys = {
  alias: ['organisation-alias'] as const,
  detail: (alias: string, locale: string | null, viewer: string) =>
    ['organisation', alias, locale, viewer] as const,
  bundles: (alias: string, locale: string | null, viewer: string) =>
    ['bundles', alias, locale, viewer] as const,
};

function orgPath(alias: string): string {
  return `/api/org/${encodeURIComponent(alias)}`;
}

export function organisationQuery(alias: string, locale: string | null, viewer: string) {
  return queryOptions({
    queryKey: organisationKeys.detail(alias, locale, viewer),
    queryFn: ({ signal }) =>
      getJson<OrganisationView>(withQuery(orgPath(alias), { locale }), signal),
  });
}

export function bundlesQuery(alias: string, locale: string | null, viewer: string) {
  return queryOptions({
    queryKey: organisationKeys.bundles(alias, locale, viewer),
    queryFn: async ({ signal }) => {
      const path = withQuery(`${orgPath(alias)}/bundle`, { locale });
      const { bundles } = await getJson<{ bundles: BundleView[] }>(path, signal);
      return bundles;
    },
  });
}

/**
 * The locale the app start asks for: the stored choice, which the gate keeps in step with its
 * state, so a sign-in can load the organisation under the very key the gate reads.
 */
export function requestedLocale(): string | null {
  return readStored(STORAGE_KEYS.locale);
}

/** 4xx answers are final (an unknown organisation stays unknown); other failures get two retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
