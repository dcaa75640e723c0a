import type { ADMIN_ROUTE_PATHS } from './admin-route-paths';
import type { CERTIFICATE_ROUTE_PATHS } from './certificate-route-paths';
import type { NOTIFICATION_ROUTE_PATHS } from './notification-route-paths';
import type { STUDIO_ROUTE_PATHS } from './studio-route-paths';

/**
 * The API's routes by name: method and path (docs/product-spec.md §7, `{param}` as in the
 * spec). The first half of the one route table: `routes.ts` gives each name its schemas (params,
 * query, body, answer), keyed by the same names (a type check holds the two halves together).
 * This half imports no zod, so the browser's first load builds its URLs without the schemas'
 * weight.
 */
export const ROUTE_PATHS = {
  alive: 'GET /healthz',
  ready: 'GET /readyz',
  metrics: 'GET /metrics',
  host: 'GET /api/host',
  organisation: 'GET /api/org/{org}',
  bundles: 'GET /api/org/{org}/bundle',
  login: 'POST /api/org/{org}/login',
  signup: 'POST /api/org/{org}/signup',
  signupWithSuffix: 'POST /api/org/{org}/signup/{suffix}',
  forgotPassword: 'POST /api/org/{org}/login/forgot',
  resetPassword: 'PUT /api/org/{org}/login/reset/{email}/{token}',
  logout: 'POST /api/org/{org}/logout',
  account: 'GET /api/org/{org}/account/settings',
  updateAccount: 'PUT /api/org/{org}/account/settings',
  setProfilePicture: 'POST /api/org/{org}/account/settings/profilePicture',
  removeProfilePicture: 'DELETE /api/org/{org}/account/settings/profilePicture',
  changePassword: 'PUT /api/org/{org}/account/settings/password',
  changeEmail: 'POST /api/org/{org}/account/settings/email',
  confirmEmail: 'POST /api/org/{org}/account/email/confirm',
  exportAccount: 'GET /api/org/{org}/account/export',
  eraseAccount: 'DELETE /api/org/{org}/account',
  upload: 'POST /api/upload',
  workbook: 'GET /api/org/{org}/workbook',
  saveWorkbook: 'PUT /api/org/{org}/workbook',
  topic: 'GET /api/org/{org}/topic/{topicId}',
  unlockingBundles: 'GET /api/org/{org}/topic/{topicId}/bundles',
  content: 'GET /api/org/{org}/{id}/content',
  contentSlash: 'GET /api/org/{org}/{id}/content/',
  grade: 'GET /api/org/{org}/topic/{topicId}/worksheet/{index}/grade',
  search: 'GET /api/org/{org}/search',
  analyticsEvent: 'POST /api/org/{org}/analytics/events',
  purchase: 'POST /api/org/{org}/bundle/{bundleId}/purchase',
  orders: 'GET /api/org/{org}/order',
  order: 'GET /api/org/{org}/order/{orderId}',
  payOrder: 'POST /api/org/{org}/order/{orderId}/pay',
  cancelOrder: 'POST /api/org/{org}/order/{orderId}/cancel',
  acceptInvite: 'POST /api/org/{org}/invite/{inviteId}/accept',
  ssoPrompt: 'GET /api/org/{org}/userGroup/{groupId}/oauthuserprompt',
  ssoStart: 'GET /api/org/{org}/login/oauth',
  ssoComplete: 'POST /api/org/{org}/oauth/complete',
  messages: 'GET /api/org/{org}/userGroup/{groupId}/message',
  postMessage: 'POST /api/org/{org}/userGroup/{groupId}/message',
  unreadMessages: 'GET /api/org/{org}/message/unread',
  markMessagesRead: 'POST /api/org/{org}/userGroup/{groupId}/message/read',
  messageThreads: 'GET /api/org/{org}/userGroup/{groupId}/message/threads',
  messageStream: 'GET /api/org/{org}/userGroup/{groupId}/message/stream',
  adminGroups: 'GET /api/org/{org}/userGroup',
  groupMembers: 'GET /api/org/{org}/userGroup/{groupId}/members',
  groupMembersCsv: 'GET /api/org/{org}/userGroup/{groupId}/members.csv',
  removeMember: 'DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}',
  memberReport:
    'GET /api/org/{org}/userGroup/{groupId}/members/{accountId}/topic/{topicId}/worksheet/{index}',
  invitations: 'GET /api/org/{org}/userGroup/{groupId}/invites',
  invite: 'POST /api/org/{org}/userGroup/{groupId}/invites',
  resendInvite: 'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/resend',
  revokeInvite: 'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke',
} as const;

/**
 * Every route's name: the learner's above, the studio's in studio-route-paths.ts, the console's
 * in admin-route-paths.ts.
 */
export type RouteName =
  | keyof typeof ROUTE_PATHS
  | keyof typeof STUDIO_ROUTE_PATHS
  | keyof typeof ADMIN_ROUTE_PATHS
  | keyof typeof CERTIFICATE_ROUTE_PATHS
  | keyof typeof NOTIFICATION_ROUTE_PATHS;
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route's method and path (`/api/org/{org}/topic/{topicId}`). */
export function routeOf(name: RouteName): { method: RouteMethod; path: string } {
  const [method, path] = ((ROUTE_PATHS as Paths)[name] ?? laterPaths[name])!.split(' ') as [
    RouteMethod,
    string,
  ];
  return { method, path };
}

type Paths = Partial<Record<RouteName, string>>;
/**
 * The paths `routeOf` knows beyond the learner's: the studio's, once a module that needs them
 * says so (routes.ts on the server, the studio's code in the browser), so that a learner's first
 * load carries none of them (size-budget.json).
 */
const laterPaths: Paths = {};

/** Makes more routes' paths known to `routeOf` (idempotent). */
export const knowRoutePaths = (paths: Paths) => Object.assign(laterPaths, paths);

/** The values a route's URL is built with: each one in its path, the rest its query. */
export type RouteValues = Record<string, string | number | boolean | null | undefined>;

/** As a form encodes a query value (what URLSearchParams writes: a space is "+"). */
const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/**
 * The URL of `name` with `params` in its path (each encoded) and the `query` values that have
 * one (`null`, `undefined` and `''` are left out). A missing path parameter throws: it is a bug.
 */
export function routeUrl(name: RouteName, params: RouteValues = {}, query: RouteValues = {}) {
  const path = routeOf(name).path.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = params[key];
    if (value == null || value === '') throw new Error(`${name}: no value for {${key}}`);
    return encodeURIComponent(String(value));
  });
  const text = Object.entries(query)
    .filter(([, value]) => value != null && value !== '')
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return text ? `${path}?${text}` : path;
}

/**
 * A pattern that matches the path of `name` (any value in each `{param}`, one segment), with or
 * without a query: what test fakes answer by.
 */
export function routePattern(name: RouteName): RegExp {
  const path = routeOf(name)
    .path.split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/?]+');
  return new RegExp(`^(?:https?://[^/]+)?${path}(?:\\?.*)?$`);
}

/** Whether a request (method and URL or path) is one to `name`. */
export function isRouteRequest(name: RouteName, method: string, url: string): boolean {
  return routeOf(name).method === method.toUpperCase() && routePattern(name).test(url);
}
