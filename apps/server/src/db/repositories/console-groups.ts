import type { LocalisedText } from '@portal/domain';
import { insertChunks } from './chunks';
import type { Executor } from './executor';
import { cohortsUnder, type CohortRow } from './user-groups';

/**
 * The organisation's own user groups as the console edits them (docs/design.md §15): those a
 * pack or the console declared (`origin = 'pack'`, so that packs and the console edit the same
 * thing), with the topics each grants, the administrators it names and the cohorts under it.
 */

export interface ConsoleGroupRow {
  id: string;
  name: LocalisedText;
  topicIds: string[];
  admins: { id: string; name: string; email: string }[];
  members: number;
  cohorts: CohortRow[];
  /** The group's single sign-on, without its secret (only whether one is set). */
  sso: {
    issuer: string;
    clientId: string;
    secretSet: boolean;
    prompt: LocalisedText | null;
  } | null;
}

/** A group's single sign-on as stored (its secret included: never answered or logged). */
export interface GroupOAuth {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  prompt?: LocalisedText;
}

interface GroupData {
  _id: string;
  name: LocalisedText;
  oauth?: GroupOAuth;
  [key: string]: unknown;
}

const fullName = (r: { first_name: string | null; last_name: string | null; username: string }) =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username;

/** The organisation's groups (not cohorts), in order, each with what the console shows. */
export async function consoleGroups(
  db: Executor,
  orgId: string,
  only?: string,
): Promise<ConsoleGroupRow[]> {
  let query = db.kysely
    .selectFrom('user_groups')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('origin', '=', 'pack')
    .where('parent_id', 'is', null);
  if (only !== undefined) query = query.where('id', '=', only);
  const groups = await query.orderBy('position').execute();
  if (!groups.length) return [];
  const ids = groups.map((g) => g.id);
  const [topics, admins, counts] = await Promise.all([
    db.kysely
      .selectFrom('user_group_topics')
      .select(['group_id', 'topic_id'])
      .where('org_id', '=', orgId)
      .where('group_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db.kysely
      .selectFrom('user_group_members as m')
      .innerJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'm.user_id').onRef('u.org_id', '=', 'm.org_id'),
      )
      .select(['m.group_id', 'u.id', 'u.first_name', 'u.last_name', 'u.username', 'u.email'])
      .where('m.org_id', '=', orgId)
      .where('m.group_id', 'in', ids)
      .where('m.role', '=', 'admin')
      .orderBy('u.username')
      .execute(),
    db.kysely
      .selectFrom('user_group_members')
      .select((eb) => ['group_id', eb.fn.countAll<number>().as('members')])
      .where('org_id', '=', orgId)
      .where('group_id', 'in', ids)
      .groupBy('group_id')
      .execute(),
  ]);
  const rows: ConsoleGroupRow[] = [];
  for (const group of groups) {
    const data = JSON.parse(group.data) as GroupData;
    rows.push({
      id: group.id,
      name: data.name,
      topicIds: topics.filter((t) => t.group_id === group.id).map((t) => t.topic_id),
      admins: admins
        .filter((a) => a.group_id === group.id)
        .map((a) => ({ id: a.id, name: fullName(a), email: a.email })),
      members: Number(counts.find((c) => c.group_id === group.id)?.members ?? 0),
      cohorts: await cohortsUnder(db, orgId, group.id),
      sso: data.oauth
        ? {
            issuer: data.oauth.issuer,
            clientId: data.oauth.clientId,
            secretSet: data.oauth.clientSecret !== undefined,
            prompt: data.oauth.prompt ?? null,
          }
        : null,
    });
  }
  return rows;
}

/** Whether any group of the organisation (a cohort too) has this id. */
export async function isGroupIdTaken(db: Executor, orgId: string, id: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('user_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new group of the organisation, last in order. */
export async function insertConsoleGroup(
  tx: Executor,
  orgId: string,
  group: { id: string; name: LocalisedText },
): Promise<void> {
  const last = await tx.kysely
    .selectFrom('user_groups')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  await tx.kysely
    .insertInto('user_groups')
    .values({
      org_id: orgId,
      id: group.id,
      position: Number(last?.position ?? -1) + 1,
      data: JSON.stringify({ _id: group.id, name: group.name }),
      origin: 'pack',
    })
    .execute();
}

/**
 * Renames the group and replaces the topics it grants (its single sign-on and the rest of its
 * data stay). The studio's catalogue moves on a version, so a tab that read the grants before is
 * told (409) rather than writing over them. False when the group is not one of the organisation's.
 */
export async function saveConsoleGroup(
  tx: Executor,
  orgId: string,
  group: { id: string; name: LocalisedText; topicIds: string[] },
  at: string,
): Promise<boolean> {
  const row = await tx.kysely
    .selectFrom('user_groups')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', group.id)
    .where('origin', '=', 'pack')
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const data = { ...(JSON.parse(row.data) as GroupData), name: group.name };
  await tx.kysely
    .updateTable('user_groups')
    .set({ data: JSON.stringify(data) })
    .where('org_id', '=', orgId)
    .where('id', '=', group.id)
    .execute();
  await tx.kysely
    .deleteFrom('user_group_topics')
    .where('org_id', '=', orgId)
    .where('group_id', '=', group.id)
    .execute();
  await insertChunks(
    tx.kysely,
    'user_group_topics',
    group.topicIds.map((topicId, position) => ({
      org_id: orgId,
      group_id: group.id,
      topic_id: topicId,
      position,
    })),
  );
  await tx.kysely
    .updateTable('organisations')
    .set((eb) => ({ catalogue_version: eb('catalogue_version', '+', 1), updated_at: at }))
    .where('id', '=', orgId)
    .execute();
  return true;
}

/** The ids of the organisation's topics among `ids` (the general topic is everyone's already). */
export async function knownTopicIds(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.kysely
    .selectFrom('topics')
    .select('id')
    .where('org_id', '=', orgId)
    .where('is_general', '=', 0)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The organisation's topics a group may grant, in order: id and name (every locale). */
export async function grantableTopics(
  db: Executor,
  orgId: string,
): Promise<{ id: string; name: LocalisedText }[]> {
  const rows = await db.kysely
    .selectFrom('topics')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('is_general', '=', 0)
    .where('archived', '=', 0)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: (JSON.parse(r.data) as { name: LocalisedText }).name,
  }));
}

/** Takes away the account's administration of the group (their membership goes with it). */
export async function removeGroupAdmin(
  tx: Executor,
  orgId: string,
  groupId: string,
  userId: string,
): Promise<boolean> {
  const removed = await tx.kysely
    .deleteFrom('user_group_members')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}

/** The group's single sign-on with its secret; undefined when it is not one of the organisation's groups. */
export async function consoleGroupOAuth(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<{ oauth: GroupOAuth | null } | undefined> {
  const row = await db.kysely
    .selectFrom('user_groups')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .where('origin', '=', 'pack')
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return { oauth: (JSON.parse(row.data) as GroupData).oauth ?? null };
}

/** Sets (or, with null, removes) the group's single sign-on; the rest of its data stays. */
export async function setConsoleGroupOAuth(
  tx: Executor,
  orgId: string,
  groupId: string,
  oauth: GroupOAuth | null,
): Promise<boolean> {
  const row = await tx.kysely
    .selectFrom('user_groups')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .where('origin', '=', 'pack')
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const { oauth: _old, ...rest } = JSON.parse(row.data) as GroupData;
  await tx.kysely
    .updateTable('user_groups')
    .set({ data: JSON.stringify(oauth ? { ...rest, oauth } : rest) })
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .execute();
  return true;
}
