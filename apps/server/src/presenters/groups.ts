import type { CohortSummary, GroupMember } from '@portal/domain';
import type { MemberSummary } from '../db/repositories/group-admin';
import type { CohortRow } from '../db/repositories/user-groups';

export const fullName = (m: Pick<MemberSummary, 'firstName' | 'lastName' | 'username'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.username;

/** A member of a group's table, with their progress rows. */
export function presentMember(m: MemberSummary, progress: GroupMember['progress']): GroupMember {
  return {
    account: {
      _id: m.userId,
      username: m.username,
      email: m.email,
      name: { first: m.firstName, last: m.lastName, full: fullName(m) },
    },
    joinedAt: m.joinedAt,
    lastActiveAt: m.lastActiveAt,
    progress,
  };
}

/** A cohort under a group, for its administrators' cohort picker (its name in their locale). */
export function presentCohort(c: CohortRow, name: string): CohortSummary {
  return {
    _id: c.id,
    name,
    owner: c.ownerId ? { _id: c.ownerId, name: c.ownerName ?? '' } : null,
    members: c.members,
    seats: { bought: c.bought, used: c.used, free: Math.max(0, c.bought - c.used) },
  };
}
