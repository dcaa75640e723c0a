import type { ComponentType, ReactElement } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import type { SeatsAndInvitationsComponent } from '../lib/invitations-slot';
import type { TopicSearchComponent } from '../lib/topic-search';
import { loadLaterMessages } from './i18n/messages';
import { RootLayout } from './layout/root-layout';

const HomePage = lazyPage(async () => (await import('../features/home')).HomePage);

/**
 * A screen other than the home page: its code and the rest of the interface messages (the first
 * load brings only those a first visit to the home page shows, i18n/messages.ts) load side by side.
 */
function screen<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  return lazyPage(async () => (await Promise.all([load(), loadLaterMessages()]))[0]);
}

const NotFoundPage = screen(
  async () => (await import('../components/not-found-page')).NotFoundPage,
);
/**
 * A topics screen (features/topics) with the topic search (features/search) above its cards:
 * features never import each other, so the two meet here. Both chunks load side by side.
 */
async function withSearch(
  load: Promise<ComponentType<{ search?: TopicSearchComponent }>>,
): Promise<ComponentType<object>> {
  const [Screen, { TopicSearch }] = await Promise.all([load, import('../features/search')]);
  return function ScreenWithSearch() {
    return <Screen search={TopicSearch} />;
  };
}

const TopicsPage = screen(() =>
  withSearch(import('../features/topics').then((module) => module.TopicsPage)),
);
const OthersPage = screen(() =>
  withSearch(import('../features/topics').then((module) => module.OthersPage)),
);
const TopicGroupPage = screen(() =>
  withSearch(import('../features/topics').then((module) => module.TopicGroupPage)),
);
const TopicLayout = screen(async () => (await import('../features/topics')).TopicLayout);
const TopicHome = screen(async () => (await import('../features/topics')).TopicHome);
const TopicOtherTopics = screen(async () => (await import('../features/topics')).TopicOtherTopics);
const TopicPage = screen(async () => (await import('../features/page')).TopicPage);
const ReportCard = screen(async () => (await import('../features/grades')).ReportCard);
const PrintTopicPage = screen(async () => (await import('../features/print')).PrintTopicPage);
const SignInPage = screen(async () => (await import('../features/auth')).SignInPage);
const SignUpPage = screen(async () => (await import('../features/auth')).SignUpPage);
const ForgotPage = screen(async () => (await import('../features/auth')).ForgotPage);
const ResetPasswordPage = screen(async () => (await import('../features/auth')).ResetPasswordPage);
const SsoPage = screen(async () => (await import('../features/sso')).SsoPage);
const OAuthCallbackPage = screen(async () => (await import('../features/sso')).OAuthCallbackPage);
/**
 * The profile (features/profile) with the learner's certificates (features/certificates) and
 * mail notices (features/notifications).
 */
const ProfilePage = screen(async () => {
  const [{ ProfilePage: Profile }, { MyCertificates }, { NotificationPreferencesSection }] =
    await Promise.all([
      import('../features/profile'),
      import('../features/certificates'),
      import('../features/notifications'),
    ]);
  return function ProfileWithCertificates() {
    return <Profile certificates={MyCertificates} notifications={NotificationPreferencesSection} />;
  };
});
const UnsubscribePage = screen(
  async () => (await import('../features/notifications')).UnsubscribePage,
);
const VerifyPage = screen(async () => (await import('../features/certificates')).VerifyPage);
const ConfirmEmailPage = screen(async () => (await import('../features/profile')).ConfirmEmailPage);
const StorePage = screen(async () => (await import('../features/store')).StorePage);
/**
 * A screen with the one seat section (features/invitations): the bundle page shows a buyer's
 * team, the group page is the seat screen. Both chunks load side by side.
 */
async function withSeats(
  load: Promise<ComponentType<{ seats?: SeatsAndInvitationsComponent }>>,
): Promise<ComponentType<object>> {
  const [Screen, { SeatsAndInvitations }] = await Promise.all([
    load,
    import('../features/invitations'),
  ]);
  return function ScreenWithSeats() {
    return <Screen seats={SeatsAndInvitations} />;
  };
}

const BundlePage = screen(() =>
  withSeats(import('../features/store').then((module) => module.BundlePage)),
);
const CheckoutPage = screen(async () => (await import('../features/store')).CheckoutPage);
const GroupPage = screen(() =>
  withSeats(
    import('../features/groups').then(
      ({ GroupPage: Page }) =>
        function GroupPageWithSeats({ seats }: { seats?: SeatsAndInvitationsComponent }) {
          return <Page invitations={seats} />;
        },
    ),
  ),
);
/**
 * The authoring studio (issue 26), its screens and their routes: its code and messages load on
 * /studio only (studio-entry.tsx).
 */
const Studio = screen(async () => {
  const studio = await import('./studio-entry');
  await studio.loadStudioMessages();
  return studio.Studio;
});
const WorkbookBoundary = screen(async () => (await import('./workbook-boundary')).WorkbookBoundary);
/** A studio screen: its code with the studio's messages, which no learner screen loads. */
function studioScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  return screen(async () => {
    const { loadStudioMessages, withStudioMessages } = await import('./studio-messages');
    return withStudioMessages((await Promise.all([load(), loadStudioMessages()]))[0]);
  });
}

/** The organisation console (issue 27): its code, with the staff's messages, on /admin only. */
const Admin = studioScreen(async () => (await import('./admin-entry')).AdminRoutes);
const StudioPreviewBoundary = studioScreen(
  async () => (await import('./studio-preview-boundary')).StudioPreviewBoundary,
);

interface PageRoute {
  /** Absent on a layout route: its children carry their full paths. */
  path?: string;
  element: ReactElement;
  preload: () => Promise<unknown>;
  /** Screens shown in this route's <Outlet /> (a layout route). */
  children?: readonly PageRoute[];
}

function page(path: string, Page: LazyPage<object>): PageRoute {
  return { path, element: <Page />, preload: Page.preload };
}

/** A layout (the topic layout, say) around `children`, which it shows in its <Outlet />. */
function layout(Layout: LazyPage<object>, children: readonly PageRoute[]): PageRoute {
  return { element: <Layout />, preload: Layout.preload, children };
}

/** Every route of docs/product-spec.md §2; each screen's code is its own chunk. */
/** A topic's screens under `at` (a learner's topic, or the studio's preview of its draft). */
const topicScreens = (at: string): PageRoute[] => [
  page(at, TopicHome),
  page(`${at}/page/:pageId`, TopicPage),
  page(`${at}/reportcard`, ReportCard),
  page(`${at}/others`, TopicOtherTopics),
  page(`${at}/others/group/:topicGroupId`, TopicOtherTopics),
];

export const pageRoutes: readonly PageRoute[] = [
  page('/', HomePage),
  page('/signin', SignInPage),
  page('/signup', SignUpPage),
  page('/forgot', ForgotPage),
  page('/resetPassword/:email/:token', ResetPasswordPage),
  page('/sso', SsoPage),
  page('/oauth/callback/:groupId', OAuthCallbackPage),
  page('/account', ProfilePage),
  // The link mailed to a new address (issue 24).
  page('/confirmEmail/:token', ConfirmEmailPage),
  // A certificate as anyone with its link reads it (issue 28).
  page('/verify/:certificateId', VerifyPage),
  page('/unsubscribe/:token', UnsubscribePage),
  page('/store', StorePage),
  page('/bundle/:bundleId', BundlePage),
  // The portal's own test checkout (PAYMENTS=local); Stripe's page replaces it otherwise.
  page('/checkout/:orderId', CheckoutPage),
  // A group's page for its administrators (issue 17).
  page('/group/:groupId', GroupPage),
  // The authoring studio, for the organisation's authors and administrators (issue 26).
  page('/studio/*', Studio),
  // The organisation console, for its administrators (issue 27).
  page('/admin/*', Admin),
  // The workbook (answers, worksheets, history) for the screens that read or change it.
  layout(WorkbookBoundary, [
    page('/topics', TopicsPage),
    page('/others', OthersPage),
    page('/topicGroup/:topicGroupId', TopicGroupPage),
    layout(TopicLayout, topicScreens('/topic/:topicId')),
    page('/print/topic/:topicId', PrintTopicPage),
  ]),
  // The studio's preview of a draft: the same screens on the draft and a preview workbook.
  layout(StudioPreviewBoundary, [
    layout(TopicLayout, topicScreens('/studio/topic/:topicId/preview')),
    page('/studio/topic/:topicId/preview/print', PrintTopicPage),
  ]),
  page('*', NotFoundPage),
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>{pageRoutes.map(renderRoute)}</Route>
    </Routes>
  );
}

function renderRoute(route: PageRoute, index: number): ReactElement {
  return (
    <Route key={route.path ?? `layout-${index}`} path={route.path} element={route.element}>
      {route.children?.map(renderRoute)}
    </Route>
  );
}

function matchable(route: PageRoute): RouteObject {
  return { path: route.path, handle: route, children: route.children?.map(matchable) };
}

/**
 * Starts loading the code of the screen at `pathname`, in parallel with the organisation; the
 * promise settles once it has loaded (a page drawn on the server hydrates then, main.tsx).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  // A layout and the screen inside it load side by side.
  return Promise.all(
    (matchRoutes(pageRoutes.map(matchable), pathname) ?? []).map((match) =>
      (match.route.handle as PageRoute).preload(),
    ),
  );
}
