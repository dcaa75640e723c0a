import type { ComponentType } from 'react';

/**
 * The learner's certificates (features/certificates) as the profile (features/profile) shows
 * them, given by the routes: features never import each other.
 */
export type MyCertificatesComponent = ComponentType<{ headingId: string }>;
