import { useLocation } from 'react-router';
import { PageSkeleton, skeletonShapeOf } from '../../components/page-skeleton';

/** Shown inside the page area while a screen's code is loading: a skeleton of that screen. */
export function PageLoading() {
  const { pathname } = useLocation();
  return <PageSkeleton shape={skeletonShapeOf(pathname)} />;
}
