import { useMemo, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { MessageId } from './i18n/message-id';

type Messages = Partial<Record<MessageId, unknown>>;
const studioMessages = new Map<string, Messages>();
let loading: Promise<void> | undefined;

/**
 * The studio's messages in every locale (the build leaves them out of every other part of the
 * catalogs, catalog-parts.ts): no learner downloads them, and a switch of locale in the studio
 * finds its words already there.
 */
export function loadStudioMessages(): Promise<void> {
  const load = async (locale: string, part: Promise<{ default: Messages }>) => {
    studioMessages.set(locale, (await part).default);
  };
  loading ??= Promise.all([
    load('en-US', import('./i18n/en-US.json?studio')),
    load('fr-CA', import('./i18n/fr-CA.json?studio')),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The interface's messages with the studio's, in the locale shown (en-US beneath). */
export function withStudioMessages<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function StudioScreen(props: P) {
    const intl = useIntl();
    const { messages: interfaceMessages, locale } = intl;
    const messages = useMemo(
      () =>
        ({
          ...interfaceMessages,
          ...studioMessages.get('en-US'),
          ...studioMessages.get(locale),
        }) as typeof interfaceMessages,
      [interfaceMessages, locale],
    );
    return (
      <IntlProvider
        locale={intl.locale}
        defaultLocale={intl.defaultLocale}
        messages={messages}
        onError={intl.onError}
      >
        <Screen {...props} />
      </IntlProvider>
    );
  };
}
