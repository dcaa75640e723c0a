import { DEFAULT_LOCALE } from '@portal/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { LoadingScreen } from '../../components/loading-screen';
import { bundlesQuery } from '../../lib/api/bundles';
import { isApiError } from '../../lib/api/client';
import {
  organisationKeys,
  organisationQuery,
  resolveOrganisationAlias,
} from '../../lib/api/organisation';
import { readBootData } from '../../lib/boot-data';
import { OrganisationContext, type OrganisationContextValue } from '../../lib/organisation';
import { useSessionToken } from '../../lib/session/session-token';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import {
  hasCatalog,
  isCatalogLoaded,
  loadCatalog,
  messagesFor,
  subscribeToCatalogs,
} from '../i18n/messages';
import { applyTheme } from '../theme/theme-variables';
import { ErrorScreen } from './error-screen';
import { NoOrganisationScreen } from './no-organisation-screen';
import { genericSupportEmail } from './support-email';

/** A refusal of the request as sent (a rate limit is not: it passes, and signs nobody out). */
function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** The locale to speak before the organisation answers: the stored one when we have its catalog. */
function provisionalLocale(requested: string | null): string {
  return requested && hasCatalog(requested) ? requested : DEFAULT_LOCALE;
}

/**
 * App start: loads the organisation named by the page and its bundles, shows a spinner
 * meanwhile, an error page or a "no organisation" screen when that fails, and then provides the
 * organisation, its locale (react-intl) and its theme to everything below.
 */
export function OrganisationGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [requestedLocale, setRequestedLocale] = useState(() => readStored(STORAGE_KEYS.locale));
  const { store, token, viewer } = useSessionToken();

  const aliasResult = useQuery({
    queryKey: organisationKeys.alias,
    queryFn: ({ signal }) => resolveOrganisationAlias(signal),
    staleTime: Infinity,
  });
  const alias = aliasResult.data;
  const orgResult = useQuery({
    ...organisationQuery(alias ?? '', requestedLocale, viewer),
    enabled: alias !== undefined,
    placeholderData: keepPreviousData,
  });
  const bundlesResult = useQuery({
    ...bundlesQuery(alias ?? '', requestedLocale, viewer),
    enabled: alias !== undefined,
    placeholderData: keepPreviousData,
  });

  const org = orgResult.data;
  const bundles = bundlesResult.data;
  const locale = org?.currentLocale ?? provisionalLocale(requestedLocale);

  const changeLocale = useCallback((next: string) => {
    writeStored(STORAGE_KEYS.locale, next);
    setRequestedLocale(next);
  }, []);

  const isChangingLocale = orgResult.isPlaceholderData || bundlesResult.isPlaceholderData;
  const context = useMemo<OrganisationContextValue | null>(
    () => (org && bundles ? { org, bundles, locale, changeLocale, isChangingLocale } : null),
    [org, bundles, locale, changeLocale, isChangingLocale],
  );

  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // The organisation as the page came with it (lib/boot-data.ts): its theme, name and support
  // address brand the error page even when the API cannot be reached.
  const [pageOrg] = useState(() => readBootData()?.org);
  const brand = org ?? pageOrg;
  useLayoutEffect(() => {
    if (brand) applyTheme(document.documentElement, brand.theme);
  }, [brand]);

  const retry = useCallback(() => {
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  }, [queryClient]);

  // docs/product-spec.md §2: a 4xx while a token is stored is swallowed. The token is no good
  // here (ended, revoked, of another organisation): it is dropped and the app starts again for a
  // visitor, as the session provider does when the account call refuses it.
  const isTokenRefused =
    token !== null && [orgResult.error, bundlesResult.error].some(isClientError);
  useEffect(() => {
    if (isTokenRefused) store.set(null);
  }, [isTokenRefused, store]);

  const spokenLocale = useSpokenLocale(locale);
  const startError = aliasResult.error ?? orgResult.error;
  const isFetching = aliasResult.isFetching || orgResult.isFetching || bundlesResult.isFetching;
  let content: ReactNode;
  if (isTokenRefused) {
    content = <LoadingScreen />;
  } else if (isApiError(startError, 404)) {
    content = <NoOrganisationScreen />;
  } else if ((startError || bundlesResult.error) && !isFetching) {
    content = (
      <ErrorScreen
        supportEmail={brand?.supportEmail ?? genericSupportEmail()}
        org={brand}
        onRetry={retry}
      />
    );
  } else if (!context || !spokenLocale) {
    content = <LoadingScreen />;
  } else {
    content = (
      <OrganisationContext.Provider value={context}>{children}</OrganisationContext.Provider>
    );
  }

  const messageLocale = spokenLocale ?? DEFAULT_LOCALE;
  // Renders again when a catalog part arrives (the rest of en-US after the home page's first
  // paint, i18n/messages.ts); messagesFor gives the same object until then.
  const currentMessages = () => messagesFor(messageLocale);
  const messages = useSyncExternalStore(subscribeToCatalogs, currentMessages, currentMessages);
  return (
    <IntlProvider locale={messageLocale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {content}
    </IntlProvider>
  );
}

/**
 * The locale the interface speaks: `locale` once its catalog is loaded (its own chunk), the one
 * spoken before meanwhile (a change of language keeps the screen as it is until then), or null
 * at the start. A catalog that fails to load leaves the interface in en-US.
 */
function useSpokenLocale(locale: string): string | null {
  const [spoken, setSpoken] = useState<string | null>(() =>
    isCatalogLoaded(locale) ? locale : null,
  );
  const ready = isCatalogLoaded(locale);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadCatalog(locale).then(
      () => current && setSpoken(locale),
      () => current && setSpoken(DEFAULT_LOCALE),
    );
    return () => {
      current = false;
    };
  }, [locale, ready]);
  return ready ? locale : spoken;
}
