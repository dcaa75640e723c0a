import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { forbidden, notFound } from '../services/errors';
import type { Viewer } from './viewer';

/**
 * User groups and cohorts (docs/design.md §9, §12). The viewer's groups hold the groups they
 * belong to and, for an administrator of a group, every cohort under it (administered through
 * it): so a cohort's own administrators reach that cohort only, the administrators the
 * organisation names for a group reach the group and its cohorts, and nobody reaches another
 * buyer's cohort.
 */

/** Members and administrators of a user group (a cohort's parent's administrators included). */
export const isGroupMember = (viewer: Viewer, groupId: string): boolean =>
  viewer.groupIds.has(groupId);

export const isGroupAdmin = (viewer: Viewer, groupId: string): boolean =>
  viewer.adminGroupIds.has(groupId);

/**
 * Whether the viewer is in the group or in a cohort under it: the group's topics are theirs
 * (what a bundle that grants the group gives).
 */
export function reachesGroup(viewer: Viewer, groupId: string): boolean {
  if (viewer.groupIds.has(groupId)) return true;
  for (const parent of viewer.groupParents.values()) if (parent === groupId) return true;
  return false;
}

/**
 * A group the viewer does not belong to is answered as unknown (404), so that ids of other
 * groups (another buyer's cohort) reveal nothing; a member who is not an administrator is
 * refused (403).
 */
export function assertGroupAdmin(viewer: Viewer, groupId: string): void {
  if (isGroupAdmin(viewer, groupId)) return;
  if (isGroupMember(viewer, groupId)) throw forbidden('notAnAdmin');
  throw notFound('notAMember');
}

export function assertGroupMember(viewer: Viewer, groupId: string): void {
  if (!isGroupMember(viewer, groupId)) throw notFound('notAMember');
}

// Invitations (docs/design.md §9): a group's administrators invite, resend and revoke; anyone
// holding an invitation's id (its link) may use it.

/** Who sees and hands out a group's seats and invitations: its administrators. */
export const assertMayInvite = assertGroupAdmin;

// Messages of a user group: group messages are for every member; private messages are threads,
// each belonging to one member and read by that member and the group's administrators.

export interface MessageAudience {
  isPrivate: boolean;
  /** A private message's thread: its member's account id. */
  threadId: string;
}

export const canReadGroupMessages = isGroupMember;

export function canSeeMessage(viewer: Viewer, groupId: string, message: MessageAudience): boolean {
  if (!isGroupMember(viewer, groupId)) return false;
  if (!message.isPrivate) return true;
  return message.threadId === viewer.userId || isGroupAdmin(viewer, groupId);
}

/**
 * A reader of messages as canSeeMessage's SQL form takes them: the groups they are a member of
 * without administering them (their group messages and their own thread) and the groups they
 * administer (every thread).
 */
export interface MessageReader {
  userId: string;
  memberGroupIds: readonly string[];
  adminGroupIds: readonly string[];
}

/** Splits a reader's groups (of `groupIds`, those of `adminGroupIds` administered) for the SQL form. */
export function messageReaderOf(reader: {
  userId: string;
  groupIds: readonly string[];
  adminGroupIds: readonly string[];
}): MessageReader {
  const administered = new Set(reader.adminGroupIds);
  return {
    userId: reader.userId,
    memberGroupIds: reader.groupIds.filter((id) => !administered.has(id)),
    adminGroupIds: reader.groupIds.filter((id) => administered.has(id)),
  };
}

/**
 * canSeeMessage in SQL: the condition on a row's group and thread (the `columns`; thread '' for
 * a group's own messages, else the member whose private thread it is) under which the reader
 * reads it. Repositories put it in their queries (the unread counts); sql-forms.test.ts holds it
 * to canSeeMessage on both databases. Each value is a parameter (prepared queries need it).
 */
export function messagesReadableSql(
  reader: MessageReader,
  columns: { group: string; thread: string },
): RawBuilder<SqlBool> {
  const group = sql.ref(columns.group);
  const thread = sql.ref(columns.thread);
  const readable: RawBuilder<unknown>[] = [];
  if (reader.memberGroupIds.length)
    readable.push(
      sql`(${group} in (${sql.join(reader.memberGroupIds)}) and ${thread} in (${''}, ${reader.userId}))`,
    );
  if (reader.adminGroupIds.length)
    readable.push(sql`${group} in (${sql.join(reader.adminGroupIds)})`);
  return readable.length ? sql<SqlBool>`(${sql.join(readable, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/**
 * Members post to the group or privately (their own thread); only administrators answer in
 * another member's thread (`threadOf`). When the organisation allows only messages to
 * administrators (`groupAdminMessagingOnly`), members post privately only.
 */
export function canPostMessage(
  viewer: Viewer,
  groupId: string,
  message: { isPrivate: boolean; threadOf?: string | undefined },
  constraints: { groupAdminMessagingOnly: boolean },
): boolean {
  if (!isGroupMember(viewer, groupId)) return false;
  if (message.threadOf !== undefined && message.threadOf !== viewer.userId)
    return message.isPrivate && isGroupAdmin(viewer, groupId);
  if (message.isPrivate) return true;
  return !constraints.groupAdminMessagingOnly || isGroupAdmin(viewer, groupId);
}

/**
 * Which private threads of a group the viewer reads: every one for an administrator, their own
 * for a member, none for anyone else.
 */
export function privateThreadsReadable(viewer: Viewer, groupId: string): 'all' | 'own' | 'none' {
  if (isGroupAdmin(viewer, groupId)) return 'all';
  return isGroupMember(viewer, groupId) ? 'own' : 'none';
}

/** Messaging needs the organisation to turn it on and its constraints to allow it (domain). */
export { isMessagingOn } from '@portal/domain';
