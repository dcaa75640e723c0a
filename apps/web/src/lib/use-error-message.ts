import { errorMessage } from '@portal/domain';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** docs/product-spec.md §8 message extraction, in the interface locale, with the translated generic fallback. */
export function useErrorMessage(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (error: unknown) =>
      errorMessage(error, intl.locale, intl.formatMessage({ id: 'error.generic' })),
    [intl],
  );
}
