import { queryOptions } from '@tanstack/react-query';
import { readStored, STORAGE_KEYS } from '../storage';
import { call } from './client';

/** The server names the organisation in index.html; the Vite dev server cannot, so we ask. */
export async function resolveOrganisationAlias(signal?: AbortSignal): Promise<string> {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="portal-org"]')?.content;
  if (fromPage) return fromPage;
  const { org } = await call('host', { signal });
  return org;
}

/**
 * `viewer` (lib/session: "visitor" or a signed-in learner's key) is part of the key because the
 * answer depends on who asks: members see private topics.
 */
export const organisationKeys = {
  alias: ['organisation-alias'] as const,
  detail: (alias: string, locale: string | null, viewer: string) =>
    ['organisation', alias, locale, viewer] as const,
};

/** GET /api/org/{alias}?locale: the organisation, its theme, topics and groups. */
export function organisationQuery(alias: string, locale: string | null, viewer: string) {
  return queryOptions({
    queryKey: organisationKeys.detail(alias, locale, viewer),
    queryFn: ({ signal }) =>
      call('organisation', {
        params: { org: alias },
        query: { locale: locale ?? undefined },
        signal,
      }),
  });
}

/**
 * The locale the app start asks for: the stored choice, which the organisation gate keeps in
 * step with its state, so a sign-in can load the organisation under the very key the gate reads.
 */
export function requestedLocale(): string | null {
  return readStored(STORAGE_KEYS.locale);
}
