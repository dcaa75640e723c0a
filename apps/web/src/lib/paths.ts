/** Links between screens (docs/product-spec.md §2), so a route can move without hunting for string literals. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  forgot: '/forgot',
  account: '/account',
  store: '/store',
  /** The store with the checkout-complete dialog of a bundle just bought. */
  storePurchased: (bundleId: string) => `/store?purchased=${encodeURIComponent(bundleId)}`,
  bundle: (id: string) => `/bundle/${encodeURIComponent(id)}`,
  /** A bundle's page after a checkout was cancelled: it says nothing was charged. */
  bundleCancelled: (id: string) => `/bundle/${encodeURIComponent(id)}?cancelled=1`,
  /** The portal's own test checkout (PAYMENTS=local). */
  checkout: (orderId: string) => `/checkout/${encodeURIComponent(orderId)}`,
  topics: '/topics',
  sso: '/sso',
  topicGroup: (id: string) => `/topicGroup/${encodeURIComponent(id)}`,
  topic: (id: string) => `/topic/${encodeURIComponent(id)}`,
  others: '/others',
  topicPage: (topicId: string, pageId: string) =>
    `/topic/${encodeURIComponent(topicId)}/page/${encodeURIComponent(pageId)}`,
  topicReportCard: (topicId: string) => `/topic/${encodeURIComponent(topicId)}/reportcard`,
  topicOthers: (topicId: string) => `/topic/${encodeURIComponent(topicId)}/others`,
  topicOthersGroup: (topicId: string, groupId: string) =>
    `/topic/${encodeURIComponent(topicId)}/others/group/${encodeURIComponent(groupId)}`,
  printTopic: (topicId: string) => `/print/topic/${encodeURIComponent(topicId)}`,
  /** A group's page for its administrators: for a buyer's cohort, the one seat screen. */
  group: (groupId: string) => `/group/${encodeURIComponent(groupId)}`,
  /** The authoring studio (issue 26), for authors and administrators; its own links: features/studio/lib/studio-paths.ts. */
  studio: '/studio',
  /** The organisation console (issue 27), for its administrators. */
  admin: '/admin',
} as const;
