/**
 * The certificates' routes by name (docs/design.md §16), kept apart like the studio's so that the
 * browser loads their paths with the verify page's and the profile's code only (`knowRoutePaths`).
 */
export const CERTIFICATE_ROUTE_PATHS = {
  verifyCertificate: 'GET /api/verify/{certificateId}',
  verifyCertificatePdf: 'GET /api/verify/{certificateId}/pdf',
  verifyCertificateBadge: 'GET /api/verify/{certificateId}/badge',
  openBadgeKeys: 'GET /.well-known/jwks.json',
  openBadgeIssuer: 'GET /api/org/{org}/issuer',
  myCertificates: 'GET /api/org/{org}/account/certificates',
} as const;
