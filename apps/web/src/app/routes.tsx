import type { ReactElement } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import type { MessageId } from '../lib/message-id';
import { RootLayout } from './layout/root-layout';

const HomePage = lazyPage(async () => (await import('../features/home')).HomePage);
const ComingSoonPage = lazyPage(
  async () => (await import('../components/coming-soon-page')).ComingSoonPage,
);
const NotFoundPage = lazyPage(
  async () => (await import('../components/not-found-page')).NotFoundPage,
);

interface PageRoute {
  path: string;
  element: ReactElement;
  preload: () => Promise<unknown>;
}

function page(path: string, Page: LazyPage<object>): PageRoute {
  return { path, element: <Page />, preload: Page.preload };
}

/** A screen whose feature has not landed yet: a translated "coming soon" page with its title. */
function comingSoon(path: string, titleId: MessageId): PageRoute {
  return { path, element: <ComingSoonPage titleId={titleId} />, preload: ComingSoonPage.preload };
}

/** Every route of spec §2; each screen's code is its own chunk. */
export const pageRoutes: readonly PageRoute[] = [
  page('/', HomePage),
  comingSoon('/signin', 'route.signin'),
  comingSoon('/signup', 'route.signup'),
  comingSoon('/forgot', 'route.forgot'),
  comingSoon('/resetPassword/:email/:token', 'route.resetPassword'),
  comingSoon('/sso', 'route.sso'),
  comingSoon('/oauth/callback/:groupId', 'route.oauthCallback'),
  comingSoon('/account', 'route.account'),
  comingSoon('/store', 'route.store'),
  comingSoon('/bundle/:bundleId', 'route.bundle'),
  comingSoon('/topics', 'route.topics'),
  comingSoon('/others', 'route.others'),
  comingSoon('/topicGroup/:topicGroupId', 'route.topicGroup'),
  comingSoon('/topic/:topicId', 'route.topic'),
  comingSoon('/topic/:topicId/page/:pageId', 'route.page'),
  comingSoon('/topic/:topicId/reportcard', 'route.reportCard'),
  comingSoon('/topic/:topicId/others', 'route.topicOthers'),
  comingSoon('/topic/:topicId/others/group/:topicGroupId', 'route.topicOthers'),
  comingSoon('/print/topic/:topicId', 'route.print'),
  page('*', NotFoundPage),
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </Route>
    </Routes>
  );
}

/** Starts loading the code of the screen at `pathname`, in parallel with the organisation. */
export function preloadRoute(pathname: string): void {
  const matches = matchRoutes(
    pageRoutes.map(({ path }) => ({ path })),
    pathname,
  );
  const path = matches?.at(-1)?.route.path;
  void pageRoutes.find((route) => route.path === path)?.preload();
}
