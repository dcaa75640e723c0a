import { StudioRoutes } from '../features/studio';
import { withStudioMessages } from './studio-messages';

export { loadStudioMessages } from './studio-messages';

/**
 * The authoring studio's way in (issue 26), loaded by app/routes.tsx on /studio only, with its
 * messages: no learner's screen carries either.
 */
export const Studio = withStudioMessages(StudioRoutes);
