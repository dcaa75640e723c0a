import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog';
import { accountKeys } from '../../../lib/api/account';
import { organisationKeys, requestedLocale } from '../../../lib/api/organisation';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { ordersQuery } from '../api/orders';
import { useBundles } from '../hooks/use-bundles';
import { bundleTexts } from '../lib/bundle-text';

/** How often the bundles are asked again while the payment is being confirmed. */
export const CONFIRM_POLL_MS = 1_000;
/** How long to keep asking before saying it takes longer than usual (and offering to ask again). */
export const CONFIRM_LIMIT_MS = 15_000;

/**
 * The checkout-complete popup of `/store?purchased={bundleId}` (docs/product-spec.md §2). The
 * browser's return proves nothing: the membership comes from the provider's confirmation, so
 * this asks for the bundles until the learner is a member, saying plainly meanwhile that the
 * payment is being confirmed. Then the organisation and account reload (the group's private
 * topics appear) and it says what the learner now has, with a way to the topics.
 */
export function CheckoutCompleteDialog({
  bundleId,
  onClose,
}: {
  bundleId: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const [round, setRound] = useState(0);
  const [isSlow, setIsSlow] = useState(false);

  const isOwned = (bundles: { _id: string; isMemberOf: boolean }[] | undefined) =>
    bundles?.some((bundle) => bundle._id === bundleId && bundle.isMemberOf) ?? false;
  const result = useBundles({
    refetchInterval: (bundles) => (isOwned(bundles) || isSlow ? false : CONFIRM_POLL_MS),
  });
  const bundle = result.data?.find((candidate) => candidate._id === bundleId);
  const isDone = isOwned(result.data);
  const { refetch } = result;

  // What the app start loaded predates the payment: ask again now, then on each round.
  useEffect(() => {
    void refetch();
  }, [refetch, round]);

  useEffect(() => {
    if (isDone) return;
    const timer = window.setTimeout(() => setIsSlow(true), CONFIRM_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, round]);

  // Membership changes what the organisation shows (private topics) and the account's groups.
  useEffect(() => {
    if (!isDone) return;
    void queryClient.invalidateQueries({
      queryKey: organisationKeys.detail(org.alias, requestedLocale(), viewer),
    });
    void queryClient.invalidateQueries({ queryKey: accountKeys.detail(org.alias, viewer, locale) });
  }, [isDone, queryClient, org.alias, viewer, locale]);

  // Seats for others (more than one bought): a way to the one seat screen, the cohort's page.
  const orders = useQuery({ ...ordersQuery(org.alias, viewer), enabled: isDone, staleTime: 0 });
  const cohortId = orders.data?.find(
    (order) => order.bundleId === bundleId && order.status === 'fulfilled' && order.cohortId,
  )?.cohortId;

  function checkAgain() {
    setIsSlow(false);
    setRound((previous) => previous + 1);
  }

  const name = bundle ? bundleTexts(bundle, intl.locale).name : '';
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'store.purchased.title' })}
      closeLabel={intl.formatMessage({ id: 'store.purchased.close' })}
    >
      <div className="checkout-complete">
        <div role="status" className="checkout-complete__status">
          {isDone ? (
            <p className="checkout-complete__done">
              {name ? (
                <FormattedMessage id="store.purchased.done" values={{ name }} />
              ) : (
                <FormattedMessage id="store.purchased.doneGeneric" />
              )}
            </p>
          ) : (
            <>
              <p className="checkout-complete__pending">
                <span className="inline-spinner" aria-hidden="true" />{' '}
                <FormattedMessage id="store.purchased.pending" />
              </p>
              {isSlow && (
                <p>
                  <FormattedMessage id="store.purchased.slow" />
                </p>
              )}
            </>
          )}
        </div>
        <div className="form__actions">
          {isDone && (
            <Link className="button button--primary" to={paths.topics} onClick={onClose}>
              <FormattedMessage id="store.purchased.topics" />
            </Link>
          )}
          {isDone && cohortId && (
            <Link className="button button--secondary" to={paths.group(cohortId)} onClick={onClose}>
              <FormattedMessage id="store.purchased.seats" />
            </Link>
          )}
          {!isDone && isSlow && (
            <button type="button" className="button button--quiet" onClick={checkAgain}>
              <FormattedMessage id="store.purchased.checkAgain" />
            </button>
          )}
          <button
            type="button"
            className={isDone ? 'button button--quiet' : 'button button--primary'}
            onClick={onClose}
          >
            <FormattedMessage id="store.purchased.ok" />
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
