import type { Visibility } from './api/topic';

// Who may see a topic or page is the server's to decide (apps/server/src/policies); the
// browser only shows what the server sent.

/** Sharing icons show only when the parent group, the page and the topic are all public. */
export function isShareable(
  topic: { visibility: Visibility; parentTopicGroup?: { visibility: Visibility } },
  page: { visibility: Visibility },
): boolean {
  return (
    topic.visibility === 'Public' &&
    page.visibility === 'Public' &&
    topic.parentTopicGroup?.visibility === 'Public'
  );
}
