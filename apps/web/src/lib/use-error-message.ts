import { errorMessage } from '@portal/domain';
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { isApiError, isNetworkError } from './api/client';

/**
 * docs/product-spec.md §8 message extraction, in the interface locale, with the translated
 * generic fallback. What the extraction would show raw is put in words first: a request that
 * got no answer ("Failed to fetch") says the server could not be reached, and an answer without
 * an error body ("Request failed with status 503") says the server had a problem.
 */
export function describeError(error: unknown, intl: Pick<IntlShape, 'locale' | 'formatMessage'>) {
  if (isNetworkError(error)) return intl.formatMessage({ id: 'error.network' });
  if (isApiError(error) && !error.body) {
    return intl.formatMessage({ id: error.status >= 500 ? 'error.server' : 'error.generic' });
  }
  return errorMessage(error, intl.locale, intl.formatMessage({ id: 'error.generic' }));
}

/** describeError, bound to the interface's locale. */
export function useErrorMessage(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => describeError(error, intl), [intl]);
}
