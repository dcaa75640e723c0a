import type { BundleView } from '@portal/domain';
import { useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useBundles } from '../hooks/use-bundles';
import { BundleCard } from './bundle-card';
import { CheckoutCompleteDialog } from './checkout-complete-dialog';
import { Tabs, type TabItem } from './store-tabs';

export type StoreTab = 'all' | 'unowned' | 'purchased';

const TAB_FILTERS: Record<StoreTab, (bundle: BundleView) => boolean> = {
  all: () => true,
  unowned: (bundle) => !bundle.isMemberOf,
  purchased: (bundle) => bundle.isMemberOf,
};

function BundleGrid({ bundles, showOwned }: { bundles: BundleView[]; showOwned: boolean }) {
  const intl = useIntl();
  return (
    <ul className="bundle-grid" aria-label={intl.formatMessage({ id: 'store.cardsLabel' })}>
      {bundles.map((bundle, index) => (
        <li key={bundle._id} className="bundle-grid__item">
          <BundleCard bundle={bundle} showOwned={showOwned} isFirst={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /store (docs/product-spec.md §2): the bundle cards. A signed-in learner gets the tabs All
 * bundles, Unowned and Purchased; `?purchased={bundleId}` opens the checkout-complete popup
 * for a signed-in learner, and closing it takes the parameter away.
 */
export function StorePage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'route.store' });
  useDocumentTitle(title);
  const toMessage = useErrorMessage();
  const { isSignedIn } = useSession();
  const result = useBundles();
  const [searchParams, setSearchParams] = useSearchParams();
  const purchasedId = searchParams.get('purchased');
  const [tab, setTab] = useState<StoreTab>('all');

  function closePurchased() {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('purchased');
        return next;
      },
      { replace: true },
    );
  }

  // The button goes with the empty tab: focus lands on the All bundles tab it selects.
  function viewAll(event: MouseEvent<HTMLButtonElement>) {
    const tabs = event.currentTarget.closest('.tabs');
    flushSync(() => setTab('all'));
    tabs?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }

  let content;
  if (result.isPending) {
    content = <Spinner label={<FormattedMessage id="store.loading" />} />;
  } else if (result.isError) {
    content = (
      <ErrorBox>
        <p>
          <FormattedMessage id="store.loadError" /> {toMessage(result.error)}
        </p>
        <p>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void result.refetch()}
          >
            <FormattedMessage id="app.error.retry" />
          </button>
        </p>
      </ErrorBox>
    );
  } else if (result.data.length === 0) {
    content = (
      <p className="store-empty">
        <FormattedMessage id="store.empty" />
      </p>
    );
  } else if (!isSignedIn) {
    content = <BundleGrid bundles={result.data} showOwned={false} />;
  } else {
    const shown = result.data.filter(TAB_FILTERS[tab]);
    const tabs: TabItem<StoreTab>[] = [
      { key: 'all', label: <FormattedMessage id="store.tab.all" /> },
      { key: 'unowned', label: <FormattedMessage id="store.tab.unowned" /> },
      { key: 'purchased', label: <FormattedMessage id="store.tab.purchased" /> },
    ];
    content = (
      <Tabs
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        label={intl.formatMessage({ id: 'store.tabs' })}
      >
        {shown.length > 0 ? (
          <BundleGrid bundles={shown} showOwned={tab === 'all'} />
        ) : tab === 'purchased' ? (
          <div className="store-empty">
            <p>
              <FormattedMessage id="store.emptyPurchased" />
            </p>
            <p>
              <button type="button" className="button button--primary" onClick={viewAll}>
                <FormattedMessage id="store.viewAll" />
              </button>
            </p>
          </div>
        ) : (
          <p className="store-empty">
            <FormattedMessage id="store.emptyUnowned" />
          </p>
        )}
      </Tabs>
    );
  }

  return (
    <div className="page store-page">
      <div className="store-page__header">
        <h1 className="store-page__title">{title}</h1>
        <p className="store-page__intro">
          <FormattedMessage id="store.intro" />
        </p>
      </div>
      {content}
      {isSignedIn && purchasedId && (
        <CheckoutCompleteDialog bundleId={purchasedId} onClose={closePurchased} />
      )}
    </div>
  );
}
