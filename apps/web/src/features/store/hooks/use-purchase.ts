import { useCallback, useRef, useState } from 'react';
import { purchaseBundle } from '../../../lib/api/bundles';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { goToPaymentPage } from '../lib/redirect';

/** docs/product-spec.md §4 Purchase: idle, loading, then the redirect to the payment page, or an error. */
export type PurchaseState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'redirecting'; url: string }
  | { kind: 'error'; message: string };

/**
 * Starts the checkout of `quantity` seats of a bundle and sends the browser to the payment
 * page the server answers (the provider's, or the portal's own test checkout). One at a time:
 * a second start while one runs, or after the redirect began, does nothing.
 */
export function usePurchase(bundleId: string) {
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const [state, setState] = useState<PurchaseState>({ kind: 'idle' });
  const isBusy = useRef(false);

  const start = useCallback(
    async (quantity: number) => {
      if (isBusy.current) return;
      isBusy.current = true;
      setState({ kind: 'loading' });
      try {
        const { url } = await purchaseBundle(org.alias, bundleId, { locale, quantity });
        setState({ kind: 'redirecting', url });
        goToPaymentPage(url);
      } catch (error) {
        isBusy.current = false;
        setState({ kind: 'error', message: toMessage(error) });
      }
    },
    [org.alias, bundleId, locale, toMessage],
  );

  const reset = useCallback(() => {
    if (!isBusy.current) setState({ kind: 'idle' });
  }, []);

  return { state, start, reset };
}
