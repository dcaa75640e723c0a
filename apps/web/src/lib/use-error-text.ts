import { formatError, type ErrorSay } from '@portal/domain';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * A message of the error catalogue (packages/domain), in the interface's locale: what the web
 * says itself where the server would say the same (a form checked before it is sent, a callback
 * without its code), in the server's very words. Interface text stays in app/i18n.
 */
export function useErrorText(): (say: ErrorSay) => string {
  const { locale } = useIntl();
  return useCallback((say: ErrorSay) => formatError(say, locale), [locale]);
}
