import { sql, type Kysely } from 'kysely';
import { prepared } from '../prepared';
import type { Database } from '../schema';
import { messageReaderOf, messagesReadableSql } from '../../policies/groups';
import { perDatabase, type Executor } from './executor';
import { ERASED } from './personal-data';

/**
 * Messages of user groups (docs/design.md §10). A group message has the thread ''; a private
 * message belongs to one member's thread (their account id). `message_threads` keeps the time of
 * each thread's last message (the group's messages are the thread ''), so that the unread counts
 * look only at the threads with something newer than the reader's marker.
 */

/** A message with what its view shows of its author. */
export interface MessageRecord {
  id: string;
  groupId: string;
  authorId: string;
  /** '' for a group message; the member's account id for a private one. */
  threadId: string;
  body: string;
  isPrivate: boolean;
  createdAt: string;
  /** Null once the author's account is erased: the message reads "deleted". */
  author: AuthorRecord | null;
}

export interface AuthorRecord {
  firstName: string;
  lastName: string;
  username: string;
  /** JSON {secure_url, …} of the author's profile picture, or null. */
  profilePicture: string | null;
}

export interface NewMessage {
  id: string;
  orgId: string;
  groupId: string;
  authorId: string;
  threadId: string;
  body: string;
  isPrivate: boolean;
  createdAt: string;
}

/** Writes a message and moves its thread's last-message time (one transaction of the caller's). */
export async function insertMessage(db: Executor, message: NewMessage): Promise<void> {
  await db.kysely
    .insertInto('messages')
    .values({
      id: message.id,
      org_id: message.orgId,
      group_id: message.groupId,
      author_id: message.authorId,
      thread_id: message.threadId,
      body: message.body,
      is_private: message.isPrivate ? 1 : 0,
      created_at: message.createdAt,
    })
    .execute();
  await db.kysely
    .insertInto('message_threads')
    .values({
      org_id: message.orgId,
      group_id: message.groupId,
      thread_id: message.threadId,
      last_at: message.createdAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'group_id', 'thread_id'])
        .doUpdateSet({ last_at: message.createdAt })
        .where('message_threads.last_at', '<', message.createdAt),
    )
    .execute();
}

export interface MessageQuery {
  orgId: string;
  groupId: string;
  isPrivate: boolean;
  /** Only the messages of this private thread. */
  threadId?: string;
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
      'messages.thread_id',
      'messages.body',
      'messages.is_private',
      'messages.created_at',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.profile_picture',
      'users.status',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number];

const toRecord = (r: Row): MessageRecord => ({
  id: r.id,
  groupId: r.group_id,
  authorId: r.author_id,
  threadId: r.thread_id,
  body: r.body,
  isPrivate: Number(r.is_private) === 1,
  createdAt: r.created_at,
  author:
    // The messages of an erased account stay, emptied (docs/design.md §18).
    r.status === ERASED
      ? null
      : {
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
  if (q.threadId !== undefined) query = query.where('messages.thread_id', '=', q.threadId);
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

/** Whether a private thread of the group has any message. */
export async function threadExists(
  db: Executor,
  orgId: string,
  groupId: string,
  threadId: string,
): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('message_threads')
    .select('thread_id')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A thread (or a group's messages, thread '') the reader may have unread messages in. */
export interface UnreadChannel {
  groupId: string;
  threadId: string;
  unread: number;
}

/** How many query shapes (member groups × administered groups) are kept compiled. */
const UNREAD_SHAPES_KEPT = 64;

/**
 * The unread query for a reader in `members` groups they are a member of and `admins` groups
 * they administer; its arguments are the organisation, the reader, the cap, then the groups of
 * each kind. The threads are found by the key of `message_threads` (each group's own messages
 * and the reader's thread, or every thread of a group they administer); each one's count reads
 * the index of its messages after the reader's marker.
 */
function unreadQuery(k: Kysely<Database>, args: unknown[], members: number, admins: number) {
  const [orgId, userId, max] = args as [string, string, number];
  const memberGroups = args.slice(3, 3 + members) as string[];
  const adminGroups = args.slice(3 + members, 3 + members + admins) as string[];
  return k
    .selectFrom('message_threads as t')
    .leftJoin('message_reads as r', (join) =>
      join
        .onRef('r.org_id', '=', 't.org_id')
        .on('r.account_id', '=', userId)
        .onRef('r.group_id', '=', 't.group_id')
        .onRef('r.thread_id', '=', 't.thread_id'),
    )
    .select([
      't.group_id',
      't.thread_id',
      (eb) =>
        eb
          .selectFrom(
            eb
              .selectFrom('messages as m')
              .select(sql<number>`1`.as('one'))
              .whereRef('m.org_id', '=', 't.org_id')
              .whereRef('m.group_id', '=', 't.group_id')
              .whereRef('m.thread_id', '=', 't.thread_id')
              // No marker: every message (times are never empty strings).
              .where('m.created_at', '>', sql<string>`COALESCE(${sql.ref('r.read_at')}, '')`)
              .where('m.author_id', '!=', userId)
              .limit(max)
              .as('u'),
          )
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .as('unread'),
    ])
    .where('t.org_id', '=', orgId)
    .where(
      messagesReadableSql(
        { userId, memberGroupIds: memberGroups, adminGroupIds: adminGroups },
        { group: 't.group_id', thread: 't.thread_id' },
      ),
    )
    .where((eb) => eb.or([eb('r.read_at', 'is', null), eb('t.last_at', '>', eb.ref('r.read_at'))]))
    .orderBy('t.last_at', 'desc')
    .limit(500);
}

type UnreadRow = { group_id: string; thread_id: string; unread: number | string | null };

/** The unread query of each shape, compiled once per database (every poll asks it). */
const unreadQueries = perDatabase((db) => {
  const shapes = new Map<string, (...args: unknown[]) => Promise<UnreadRow[]>>();
  return (members: number, admins: number) => {
    const key = `${members}:${admins}`;
    let run = shapes.get(key);
    if (run) return run;
    // A rare shape once the usual ones are kept: built for this call only (not kept prepared).
    if (shapes.size >= UNREAD_SHAPES_KEPT)
      return (...args: unknown[]) =>
        unreadQuery(db.kysely, args, members, admins).execute() as Promise<UnreadRow[]>;
    run = prepared(
      db.kysely,
      (k, ...args: unknown[]) => unreadQuery(k, args, members, admins),
      3 + members + admins,
    ) as (...args: unknown[]) => Promise<UnreadRow[]>;
    shapes.set(key, run);
    return run;
  };
});

/**
 * What a reader has not read: per group of `groupIds`, its group messages; per private thread,
 * the reader's own, and every thread of `adminGroupIds`. Only the threads whose last message is
 * newer than the reader's marker are counted, each count stopping at `max`; messages the reader
 * wrote are not counted. One statement (see unreadQuery), compiled once per shape.
 */
export async function unreadChannels(
  db: Executor,
  args: {
    orgId: string;
    userId: string;
    groupIds: readonly string[];
    adminGroupIds: readonly string[];
    max: number;
  },
): Promise<UnreadChannel[]> {
  if (args.groupIds.length === 0) return [];
  const { memberGroupIds: memberGroups, adminGroupIds: adminGroups } = messageReaderOf(args);
  const rows = await unreadQueries(db)(memberGroups.length, adminGroups.length)(
    args.orgId,
    args.userId,
    args.max,
    ...memberGroups,
    ...adminGroups,
  );
  const channels: UnreadChannel[] = [];
  for (const row of rows) {
    const unread = Number(row.unread ?? 0);
    if (unread > 0) channels.push({ groupId: row.group_id, threadId: row.thread_id, unread });
  }
  return channels;
}

/** How many messages of a thread came after `after` from someone else than `notBy` (≤ max). */
async function countAfter(
  db: Executor,
  q: {
    orgId: string;
    groupId: string;
    threadId: string;
    after: string | null;
    notBy: string;
    max: number;
  },
): Promise<number> {
  let inner = db.kysely
    .selectFrom('messages')
    .select('id')
    .where('org_id', '=', q.orgId)
    .where('group_id', '=', q.groupId)
    .where('thread_id', '=', q.threadId)
    .where('author_id', '!=', q.notBy);
  if (q.after !== null) inner = inner.where('created_at', '>', q.after);
  const row = await db.kysely
    .selectFrom(inner.limit(q.max).as('unread'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A private thread of a group, with its member and the reader's marker in it. */
export interface ThreadRecord {
  threadId: string;
  lastAt: string;
  readAt: string | null;
  member: AuthorRecord;
}

/** The private threads of a group, newest activity first (at most `limit`). */
export async function threadsOf(
  db: Executor,
  args: { orgId: string; groupId: string; readerId: string; limit: number },
): Promise<ThreadRecord[]> {
  const rows = await db.kysely
    .selectFrom('message_threads as t')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.thread_id').onRef('u.org_id', '=', 't.org_id'),
    )
    .leftJoin('message_reads as r', (join) =>
      join
        .onRef('r.org_id', '=', 't.org_id')
        .on('r.account_id', '=', args.readerId)
        .onRef('r.group_id', '=', 't.group_id')
        .onRef('r.thread_id', '=', 't.thread_id'),
    )
    .select([
      't.thread_id',
      't.last_at',
      'r.read_at',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.profile_picture',
    ])
    .where('t.org_id', '=', args.orgId)
    .where('t.group_id', '=', args.groupId)
    .where('t.thread_id', '!=', '')
    .orderBy('t.last_at', 'desc')
    .limit(args.limit)
    .execute();
  return rows.map((r) => ({
    threadId: r.thread_id,
    lastAt: r.last_at,
    readAt: r.read_at,
    member: {
      firstName: r.first_name,
      lastName: r.last_name,
      username: r.username,
      profilePicture: r.profile_picture,
    },
  }));
}

/** How many messages of one thread a reader has not read (≤ max). */
export function unreadInThread(
  db: Executor,
  q: {
    orgId: string;
    groupId: string;
    threadId: string;
    readAt: string | null;
    readerId: string;
    max: number;
  },
): Promise<number> {
  return countAfter(db, {
    orgId: q.orgId,
    groupId: q.groupId,
    threadId: q.threadId,
    after: q.readAt,
    notBy: q.readerId,
    max: q.max,
  });
}

/**
 * When the group's newest message was written, at most `until` (null: none yet). A reader's
 * marker is set to it rather than to the clock, so that a message written in the same
 * millisecond as the marking, or by a process whose clock runs ahead, is never taken as read.
 */
export async function newestMessageAt(
  db: Executor,
  q: { orgId: string; groupId: string; until: string },
): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('org_id', '=', q.orgId)
    .where('group_id', '=', q.groupId)
    .where('created_at', '<=', q.until)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Sets a reader's marker of a group's messages (thread '') or of one private thread. */
export async function markRead(
  db: Executor,
  args: { orgId: string; userId: string; groupId: string; threadId: string; at: string },
): Promise<void> {
  await db.kysely
    .insertInto('message_reads')
    .values({
      org_id: args.orgId,
      account_id: args.userId,
      group_id: args.groupId,
      thread_id: args.threadId,
      read_at: args.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'account_id', 'group_id', 'thread_id'])
        .doUpdateSet({ read_at: args.at }),
    )
    .execute();
}
