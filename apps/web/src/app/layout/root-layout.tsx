import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Footer, Header, SkipLink } from '../../features/shell';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error-boundary';

const MAIN_ID = 'main-content';

/** Header, the current screen and footer, on every route. */
export function RootLayout() {
  const { pathname } = useLocation();
  useNavigationFocusAndScroll(pathname);

  return (
    <div className="app-shell">
      <SkipLink targetId={MAIN_ID} />
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="app-main">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
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
