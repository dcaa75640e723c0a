/**
 * The organisation console's routes by name (docs/design.md §15), kept apart like the studio's
 * (studio-route-paths.ts) so that the browser loads their paths with the console's code only
 * (`knowRoutePaths`).
 */
export const ADMIN_ROUTE_PATHS = {
  adminAudit: 'GET /api/org/{org}/admin/audit',
  adminAuditCsv: 'GET /api/org/{org}/admin/audit.csv',
  adminSettings: 'GET /api/org/{org}/admin/settings',
  saveAdminSettings: 'PUT /api/org/{org}/admin/settings',
  publishAdminSettings: 'POST /api/org/{org}/admin/settings/publish',
  adminSettingsVersions: 'GET /api/org/{org}/admin/settings/versions',
  restoreAdminSettings: 'POST /api/org/{org}/admin/settings/restore',
  consoleGroups: 'GET /api/org/{org}/admin/groups',
  createConsoleGroup: 'POST /api/org/{org}/admin/groups',
  saveConsoleGroup: 'PUT /api/org/{org}/admin/group/{groupId}',
  saveConsoleGroupSso: 'PUT /api/org/{org}/admin/group/{groupId}/sso',
  testConsoleGroupSso: 'POST /api/org/{org}/admin/group/{groupId}/sso/test',
  addConsoleGroupAdmin: 'POST /api/org/{org}/admin/group/{groupId}/admins',
  consoleBundles: 'GET /api/org/{org}/admin/bundles',
  createConsoleBundle: 'POST /api/org/{org}/admin/bundles',
  saveConsoleBundle: 'PUT /api/org/{org}/admin/bundle/{bundleId}',
  removeConsoleGroupAdmin: 'DELETE /api/org/{org}/admin/group/{groupId}/admins/{accountId}',
  adminPeople: 'GET /api/org/{org}/admin/people',
  adminInvitePerson: 'POST /api/org/{org}/admin/people',
  adminPerson: 'GET /api/org/{org}/admin/people/{accountId}',
  adminResendInvitation: 'POST /api/org/{org}/admin/people/{accountId}/invitation',
  adminPersonRoles: 'PUT /api/org/{org}/admin/people/{accountId}/roles',
  adminPersonGroup: 'PUT /api/org/{org}/admin/people/{accountId}/groups',
  adminDeactivatePerson: 'POST /api/org/{org}/admin/people/{accountId}/deactivate',
  adminReactivatePerson: 'POST /api/org/{org}/admin/people/{accountId}/reactivate',
  adminPeopleDryRun: 'POST /api/org/{org}/admin/people-import/dry-run',
  adminPeopleImport: 'POST /api/org/{org}/admin/people-import',
  adminPeopleImportStatus: 'GET /api/org/{org}/admin/people-import/{importId}',
  adminOrders: 'GET /api/org/{org}/admin/orders',
  adminOrder: 'GET /api/org/{org}/admin/orders/{orderId}',
  adminRefundOrder: 'POST /api/org/{org}/admin/orders/{orderId}/refund',
} as const;
