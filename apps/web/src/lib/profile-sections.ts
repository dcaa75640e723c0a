import type { ComponentType } from 'react';

/**
 * A section another feature adds to the profile (features/profile), given by the routes:
 * features never import each other. It writes its own heading, with this id.
 */
export type ProfileSectionComponent = ComponentType<{ headingId: string }>;
