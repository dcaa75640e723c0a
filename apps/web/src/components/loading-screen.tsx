import { useLocation } from 'react-router';
import { PageSkeleton, skeletonShapeOf } from './page-skeleton';

/**
 * Full-page loading state while the organisation loads: a bar where the header comes and a
 * skeleton of the page below it, with "Loading…" announced politely by screen readers.
 */
export function LoadingScreen() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <span className="skeleton-header" aria-hidden="true" />
      <main className="app-main" id="main-content" tabIndex={-1}>
        <PageSkeleton shape={skeletonShapeOf(pathname)} />
      </main>
    </div>
  );
}
