import type { Executor } from './executor';

/**
 * Who is editing which topic (docs/design.md §14: two authors on one topic see each other): one
 * row per author and topic, refreshed by each heartbeat. Rows live in the database, so every
 * process sees every author's heartbeat.
 */

export interface Editor {
  userId: string;
  first: string;
  last: string;
  since: string;
}

/**
 * Notes a heartbeat of `userId` on the topic at `at`. A stretch of editing begins again (`since`)
 * when the last heartbeat is older than `staleBefore`.
 */
export async function beat(
  db: Executor,
  orgId: string,
  topicId: string,
  userId: string,
  at: string,
  staleBefore: string,
): Promise<void> {
  await db.kysely
    .insertInto('studio_presence')
    .values({ org_id: orgId, topic_id: topicId, user_id: userId, since: at, seen_at: at })
    .onConflict((oc) =>
      oc.columns(['org_id', 'topic_id', 'user_id']).doUpdateSet((eb) => ({
        seen_at: at,
        since: eb
          .case()
          .when('studio_presence.seen_at', '<', staleBefore)
          .then(at)
          .else(eb.ref('studio_presence.since'))
          .end(),
      })),
    )
    .execute();
}

/** The authors seen on the topic since `seenAfter`, but `exceptUser`, longest there first. */
export async function editorsOf(
  db: Executor,
  orgId: string,
  topicId: string,
  seenAfter: string,
  exceptUser: string,
): Promise<Editor[]> {
  const rows = await db.kysely
    .selectFrom('studio_presence as p')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'p.user_id').onRef('u.org_id', '=', 'p.org_id'),
    )
    .select(['p.user_id', 'p.since', 'u.first_name', 'u.last_name'])
    .where('p.org_id', '=', orgId)
    .where('p.topic_id', '=', topicId)
    .where('p.seen_at', '>=', seenAfter)
    .where('p.user_id', '!=', exceptUser)
    .orderBy('p.since')
    .orderBy('p.user_id')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    first: r.first_name,
    last: r.last_name,
    since: r.since,
  }));
}

/** Forgets heartbeats older than `before` (any topic of the organisation). */
export async function forgetPresence(db: Executor, orgId: string, before: string): Promise<void> {
  await db.kysely
    .deleteFrom('studio_presence')
    .where('org_id', '=', orgId)
    .where('seen_at', '<', before)
    .execute();
}
