import type { BundleView, OrganisationView } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, isApiError, withQuery } from '../../lib/api-client';

/** The server names the organisation in index.html; the Vite dev server cannot, so we ask. */
export async function resolveOrganisationAlias(signal?: AbortSignal): Promise<string> {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="portal-org"]')?.content;
  if (fromPage) return fromPage;
  const { org } = await getJson<{ org: string }>('/api/host', signal);
  return org;
}

export const organisationKeys = {
  alias: ['organisation-alias'] as const,
  detail: (alias: string, locale: string | null) => ['organisation', alias, locale] as const,
  bundles: (alias: string, locale: string | null) => ['bundles', alias, locale] as const,
};

function orgPath(alias: string): string {
  return `/api/org/${encodeURIComponent(alias)}`;
}

export function organisationQuery(alias: string, locale: string | null) {
  return queryOptions({
    queryKey: organisationKeys.detail(alias, locale),
    queryFn: ({ signal }) =>
      getJson<OrganisationView>(withQuery(orgPath(alias), { locale }), signal),
  });
}

export function bundlesQuery(alias: string, locale: string | null) {
  return queryOptions({
    queryKey: organisationKeys.bundles(alias, locale),
    queryFn: async ({ signal }) => {
      const path = withQuery(`${orgPath(alias)}/bundle`, { locale });
      const { bundles } = await getJson<{ bundles: BundleView[] }>(path, signal);
      return bundles;
    },
  });
}

/** 4xx answers are final (an unknown organisation stays unknown); other failures get two retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
