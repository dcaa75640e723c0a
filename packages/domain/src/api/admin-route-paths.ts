/**
 * The organisation console's routes by name (docs/design.md §15), kept apart like the studio's
 * (studio-route-paths.ts) so that the browser loads their paths with the console's code only
 * (`knowRoutePaths`).
 */
export const ADMIN_ROUTE_PATHS = {
  adminAudit: 'GET /api/org/{org}/admin/audit',
  adminAuditCsv: 'GET /api/org/{org}/admin/audit.csv',
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
} as const;
