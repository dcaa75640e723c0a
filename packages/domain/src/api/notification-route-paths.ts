/**
 * The notices' routes by name (docs/design.md §17), kept apart like the certificates' so that
 * the browser loads their paths with the profile's and the unsubscribe page's code only.
 */
export const NOTIFICATION_ROUTE_PATHS = {
  myNotifications: 'GET /api/org/{org}/account/notifications',
  saveNotifications: 'PUT /api/org/{org}/account/notifications',
  unsubscribeLink: 'GET /api/org/{org}/unsubscribe/{token}',
  unsubscribe: 'POST /api/org/{org}/unsubscribe/{token}',
} as const;
