import { forbidden, notFound } from '../services/errors';
import type { Viewer } from './viewer';

/** Members and administrators of a user group. */
export const isGroupMember = (viewer: Viewer, groupId: string): boolean =>
  viewer.groupIds.has(groupId);

export const isGroupAdmin = (viewer: Viewer, groupId: string): boolean =>
  viewer.adminGroupIds.has(groupId);

export const NOT_A_MEMBER = 'You are not a member of this group.';
export const NOT_AN_ADMIN = 'Only the administrators of this group can do this.';

/**
 * A group the viewer does not belong to is answered as unknown (404), so that ids of other
 * groups reveal nothing; a member who is not an administrator is refused (403).
 */
export function assertGroupAdmin(viewer: Viewer, groupId: string): void {
  if (isGroupAdmin(viewer, groupId)) return;
  if (isGroupMember(viewer, groupId)) throw forbidden(NOT_AN_ADMIN);
  throw notFound(NOT_A_MEMBER);
}

export function assertGroupMember(viewer: Viewer, groupId: string): void {
  if (!isGroupMember(viewer, groupId)) throw notFound(NOT_A_MEMBER);
}

// Messages of a user group: group messages are for every member; a private message (to the
// group's administrators) is seen by its sender and the group's administrators only.

export interface MessageAudience {
  isPrivate: boolean;
  authorId: string;
}

export const canReadGroupMessages = isGroupMember;

export function canSeeMessage(viewer: Viewer, groupId: string, message: MessageAudience): boolean {
  if (!isGroupMember(viewer, groupId)) return false;
  if (!message.isPrivate) return true;
  return message.authorId === viewer.userId || isGroupAdmin(viewer, groupId);
}

/**
 * Members post to the group or privately to its administrators; when the organisation allows
 * only messages to administrators (`groupAdminMessagingOnly`), members post privately only.
 */
export function canPostMessage(
  viewer: Viewer,
  groupId: string,
  message: { isPrivate: boolean },
  constraints: { groupAdminMessagingOnly: boolean },
): boolean {
  if (!isGroupMember(viewer, groupId)) return false;
  if (message.isPrivate) return true;
  return !constraints.groupAdminMessagingOnly || isGroupAdmin(viewer, groupId);
}

/**
 * Whose private messages of a group the viewer reads: every one for an administrator, their own
 * for a member, none for anyone else.
 */
export function privateMessagesReadable(viewer: Viewer, groupId: string): 'all' | 'own' | 'none' {
  if (isGroupAdmin(viewer, groupId)) return 'all';
  return isGroupMember(viewer, groupId) ? 'own' : 'none';
}

/** Messaging needs the organisation to turn it on and its constraints to allow it. */
export const isMessagingOn = (settings: {
  enableMessaging: boolean;
  constraints: { messagingAllowed: boolean };
}): boolean => settings.enableMessaging && settings.constraints.messagingAllowed;
