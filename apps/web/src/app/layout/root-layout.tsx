import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { AnalyticsConsent } from '../../components/analytics-consent';
import { Footer, Header, SkipLink } from '../../features/shell';
import { lazyPage } from '../../lib/lazy-page';
import { loadLaterMessages } from '../i18n/messages';
import { MessagesPanelProvider, useMessagesPanel } from '../../lib/messages-panel';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error-boundary';
import { usePageAnalytics } from './use-page-analytics';

const MAIN_ID = 'main-content';

/** The messages panel's code loads when it first opens (it brings the message schemas), with
 * the rest of the interface messages. */
const MessagesPanel = lazyPage(
  async () =>
    (await Promise.all([import('../../features/messages'), loadLaterMessages()]))[0].MessagesPanel,
);

/** Header, the current screen and footer, on every route; the messages panel beside them. */
export function RootLayout() {
  return (
    <MessagesPanelProvider>
      <Shell />
    </MessagesPanelProvider>
  );
}

function Shell() {
  const { pathname } = useLocation();
  useNavigationFocusAndScroll(pathname);
  usePageAnalytics(pathname);
  const messages = useMessagesPanel();

  return (
    <div className={`app-shell${messages.isOpen ? ' app-shell--side-panel-right' : ''}`}>
      <SkipLink targetId={MAIN_ID} />
      <Header />
      <AnalyticsConsent />
      <main id={MAIN_ID} tabIndex={-1} className="app-main">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      {messages.isOpen && (
        <Suspense fallback={null}>
          <MessagesPanel />
        </Suspense>
      )}
    </div>
  );
}

/**
 * After a client-side navigation the new screen starts at the top (the browser restores the
 * position on back/forward) and focus moves to its content, as on a full page load.
 */
function useNavigationFocusAndScroll(pathname: string) {
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname, navigationType]);
}
