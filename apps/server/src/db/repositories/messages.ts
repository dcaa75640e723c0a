import type { Executor } from './executor';

/** A message with what its view shows of its author. */
export interface MessageRecord {
  id: string;
  groupId: string;
  authorId: string;
  body: string;
  isPrivate: boolean;
  createdAt: string;
  author: {
    firstName: string;
    lastName: string;
    username: string;
    /** JSON {secure_url, …} of the author's profile picture, or null. */
    profilePicture: string | null;
  };
}

export interface NewMessage {
  id: string;
  orgId: string;
  groupId: string;
  authorId: string;
  body: string;
  isPrivate: boolean;
  createdAt: string;
}

export async function insertMessage(db: Executor, message: NewMessage): Promise<void> {
  await db.kysely
    .insertInto('messages')
    .values({
      id: message.id,
      org_id: message.orgId,
      group_id: message.groupId,
      author_id: message.authorId,
      body: message.body,
      is_private: message.isPrivate ? 1 : 0,
      created_at: message.createdAt,
    })
    .execute();
}

export interface MessageQuery {
  orgId: string;
  groupId: string;
  isPrivate: boolean;
  /** Only the messages of this author (a member reading their own private messages). */
  authorId?: string;
  /** Exclusive bounds on the creation time (ISO strings). */
  after?: string;
  before?: string;
  /** Inclusive lower bound (the stream's replay). */
  since?: string;
  limit: number;
  offset: number;
  /** Newest first (the list) or oldest first (the stream's replay). */
  order: 'desc' | 'asc';
}

function messagesQuery(db: Executor) {
  return db.kysely
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.author_id')
    .select([
      'messages.id',
      'messages.group_id',
      'messages.author_id',
      'messages.body',
      'messages.is_private',
      'messages.created_at',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.profile_picture',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number];

const toRecord = (r: Row): MessageRecord => ({
  id: r.id,
  groupId: r.group_id,
  authorId: r.author_id,
  body: r.body,
  isPrivate: Number(r.is_private) === 1,
  createdAt: r.created_at,
  author: {
    firstName: r.first_name,
    lastName: r.last_name,
    username: r.username,
    profilePicture: r.profile_picture,
  },
});

/** A page of a group's messages (group or private ones), by creation time then id. */
export async function listMessages(db: Executor, q: MessageQuery): Promise<MessageRecord[]> {
  let query = messagesQuery(db)
    .where('messages.org_id', '=', q.orgId)
    .where('messages.group_id', '=', q.groupId)
    .where('messages.is_private', '=', q.isPrivate ? 1 : 0);
  if (q.authorId !== undefined) query = query.where('messages.author_id', '=', q.authorId);
  if (q.after !== undefined) query = query.where('messages.created_at', '>', q.after);
  if (q.before !== undefined) query = query.where('messages.created_at', '<', q.before);
  if (q.since !== undefined) query = query.where('messages.created_at', '>=', q.since);
  const rows = await query
    .orderBy('messages.created_at', q.order)
    .orderBy('messages.id', q.order)
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return rows.map(toRecord);
}

/** One message of a group, or undefined. */
export async function findMessage(
  db: Executor,
  orgId: string,
  groupId: string,
  id: string,
): Promise<MessageRecord | undefined> {
  const row = await messagesQuery(db)
    .where('messages.org_id', '=', orgId)
    .where('messages.group_id', '=', groupId)
    .where('messages.id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Per group, the messages a learner may read that someone else wrote after the learner's read
 * marker (all of them without one): group messages of `groupIds`, and private ones of
 * `adminGroupIds` (a learner reads the private messages of the groups they administer; their
 * own are not counted).
 */
export async function unreadCounts(
  db: Executor,
  args: { orgId: string; userId: string; groupIds: string[]; adminGroupIds: string[] },
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (args.groupIds.length === 0) return counts;
  const rows = await db.kysely
    .selectFrom('messages')
    .leftJoin('message_reads', (join) =>
      join
        .onRef('message_reads.org_id', '=', 'messages.org_id')
        .onRef('message_reads.group_id', '=', 'messages.group_id')
        .on('message_reads.account_id', '=', args.userId),
    )
    .select(['messages.group_id'])
    .select((eb) => eb.fn.countAll<string | number>().as('unread'))
    .where('messages.org_id', '=', args.orgId)
    .where('messages.group_id', 'in', args.groupIds)
    .where('messages.author_id', '!=', args.userId)
    .where((eb) =>
      eb.or([
        eb('messages.is_private', '=', 0),
        ...(args.adminGroupIds.length > 0
          ? [eb('messages.group_id', 'in', args.adminGroupIds)]
          : []),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('message_reads.read_at', 'is', null),
        eb('messages.created_at', '>', eb.ref('message_reads.read_at')),
      ]),
    )
    .groupBy('messages.group_id')
    .execute();
  for (const r of rows) counts.set(r.group_id, Number(r.unread));
  return counts;
}

/** Sets a learner's read marker of a group. */
export async function markRead(
  db: Executor,
  args: { orgId: string; userId: string; groupId: string; at: string },
): Promise<void> {
  await db.kysely
    .insertInto('message_reads')
    .values({
      org_id: args.orgId,
      account_id: args.userId,
      group_id: args.groupId,
      read_at: args.at,
    })
    .onConflict((oc) =>
      oc.columns(['org_id', 'account_id', 'group_id']).doUpdateSet({ read_at: args.at }),
    )
    .execute();
}
