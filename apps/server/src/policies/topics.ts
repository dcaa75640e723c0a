import type { Visibility } from '@portal/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
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
 * canSeeTopic and canSeePage in SQL, on the search index: the condition on a search document's
 * audience and topic (the `columns`) under which a viewer granted `grantedTopicIds` may find a
 * topic by it. Each topic has one document per audience (services/search-index.ts): `granted`
 * (every page, for those granted the topic), `public` (the public pages of a public topic with
 * private pages, for the others) and `everyone` (a public topic without private pages).
 * sql-forms.test.ts holds it to canSeePage on both databases.
 */
export function searchDocumentsVisibleSql(
  grantedTopicIds: ReadonlySet<string>,
  columns: { audience: string; topic: string },
): RawBuilder<SqlBool> {
  const granted = [...grantedTopicIds];
  const audience = sql.ref(columns.audience);
  const topic = sql.ref(columns.topic);
  return granted.length
    ? sql<SqlBool>`(${audience} = 'everyone'
        or (${audience} = 'public' and ${topic} not in (${sql.join(granted)}))
        or (${audience} = 'granted' and ${topic} in (${sql.join(granted)})))`
    : sql<SqlBool>`${audience} in ('everyone', 'public')`;
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
