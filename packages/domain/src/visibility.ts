import type { Visibility } from './topic-view';

export interface Viewer {
  /** Topic ids granted by the viewer's user groups; empty for a visitor. */
  grantedTopicIds: ReadonlySet<string>;
}

/** Public content is for anyone; private content for members of a group granting its topic (design §5). */
export function canSeeTopic(
  viewer: Viewer,
  topic: { _id: string; visibility: Visibility },
): boolean {
  return topic.visibility === 'Public' || viewer.grantedTopicIds.has(topic._id);
}

/** A private page is seen by those granted its topic; a public page by anyone who sees the topic. */
export function canSeePage(
  viewer: Viewer,
  topicId: string,
  page: { visibility: Visibility },
): boolean {
  return page.visibility === 'Public' || viewer.grantedTopicIds.has(topicId);
}

/** Sharing icons show only when the parent group, the page and the topic are all public (spec §2). */
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
