import type { Visibility } from '@portal/domain';
import { forbidden, unauthenticated } from '../services/errors';
import type { Viewer } from './viewer';

/** Public topics are for anyone; private ones for members of a user group that grants them. */
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

/**
 * What of one topic a viewer sees, as a key for caches of its answer: every page (granted the
 * topic) or the public pages only. Two viewers with the same key see the same answer, which is
 * what canSeePage decides page by page. Ask only for a topic the viewer may see (canSeeTopic).
 */
export function topicAudienceKey(viewer: Viewer, topicId: string): 'granted' | 'public' {
  return viewer.grantedTopicIds.has(topicId) ? 'granted' : 'public';
}

/**
 * A topic group's card is shown when the group is public, or when it holds a topic the viewer
 * was granted; either way only with the topics the viewer may see (an empty card is not shown).
 */
export function canSeeTopicGroupCard(
  viewer: Viewer,
  group: { visibility: Visibility; topicIds: readonly string[] },
): boolean {
  return (
    group.visibility === 'Public' || group.topicIds.some((id) => viewer.grantedTopicIds.has(id))
  );
}

/** Throws for a topic the viewer may not open: 401 for a visitor, 403 for a learner without the grant. */
export function assertCanSeeTopic(
  viewer: Viewer,
  topic: { _id: string; visibility: Visibility },
): void {
  if (canSeeTopic(viewer, topic)) return;
  if (viewer.userId) throw forbidden('privateTopicNoGrant');
  throw unauthenticated('privateTopicSignIn');
}

/** As assertCanSeeTopic, for one page of a topic the viewer may see. */
export function assertCanSeePage(
  viewer: Viewer,
  topicId: string,
  page: { visibility: Visibility },
): void {
  if (canSeePage(viewer, topicId, page)) return;
  if (viewer.userId) throw forbidden('privateTopicNoGrant');
  throw unauthenticated('privateTopicSignIn');
}
