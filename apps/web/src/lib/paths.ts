/** Links between screens (spec §2), so a route can move without hunting for string literals. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  forgot: '/forgot',
  account: '/account',
  store: '/store',
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
} as const;
