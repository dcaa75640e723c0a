import type { Viewer } from '@portal/domain';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Session } from './session-service';

/** Who is asking: a visitor, or a signed-in learner with the topics their user groups grant. */
export interface ViewerContext extends Viewer {
  userId: string | null;
  groupIds: ReadonlySet<string>;
  /** A stable key of what this viewer may see, for caches. */
  key: string;
}

export const VISITOR_VIEWER: ViewerContext = {
  userId: null,
  grantedTopicIds: new Set(),
  groupIds: new Set(),
  key: 'visitor',
};

function grantQuery(db: Db) {
  return prepared(
    db.kysely,
    (k, orgId: string, userId: string) =>
      k
        .selectFrom('user_group_members')
        .leftJoin('user_group_topics', (join) =>
          join
            .onRef('user_group_topics.group_id', '=', 'user_group_members.group_id')
            .onRef('user_group_topics.org_id', '=', 'user_group_members.org_id'),
        )
        .select(['user_group_members.group_id', 'user_group_topics.topic_id'])
        .where('user_group_members.org_id', '=', orgId)
        .where('user_group_members.user_id', '=', userId),
    2,
  );
}

const grantQueries = new WeakMap<Db, ReturnType<typeof grantQuery>>();

export async function viewerOf(
  db: Db,
  orgId: string,
  session: Session | null,
): Promise<ViewerContext> {
  if (!session) return VISITOR_VIEWER;
  let query = grantQueries.get(db);
  if (!query) grantQueries.set(db, (query = grantQuery(db)));
  const rows = await query(orgId, session.userId);
  const groupIds = new Set(rows.map((r) => r.group_id));
  const grantedTopicIds = new Set(rows.flatMap((r) => (r.topic_id ? [r.topic_id] : [])));
  return {
    userId: session.userId,
    groupIds,
    grantedTopicIds,
    key: `granted:${[...grantedTopicIds].sort().join(',')}`,
  };
}
