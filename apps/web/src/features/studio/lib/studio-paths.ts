import { paths } from '../../../lib/paths';

/** The studio's own addresses (kept out of lib/paths.ts, which every learner's first load carries). */
export const studioPaths = {
  home: paths.studio,
  topic: (topicId: string) => `${paths.studio}/topic/${encodeURIComponent(topicId)}`,
  /** The draft in the learner's screens (app/routes.tsx, features/studio/preview). */
  preview: (topicId: string) => `${paths.studio}/topic/${encodeURIComponent(topicId)}/preview`,
};
