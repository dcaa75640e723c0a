/** Links between screens (spec §2), so a route can move without hunting for string literals. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  store: '/store',
  topics: '/topics',
  sso: '/sso',
  topicGroup: (id: string) => `/topicGroup/${encodeURIComponent(id)}`,
  topic: (id: string) => `/topic/${encodeURIComponent(id)}`,
} as const;
