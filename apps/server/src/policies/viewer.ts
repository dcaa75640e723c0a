import type { OrgRole } from '@portal/domain';

/** Who is asking: a visitor, or a signed-in learner with their user groups and the topics they grant. */
export interface Viewer {
  userId: string | null;
  /** Roles in the organisation beyond learner (docs/design.md §13): the studio, the console. */
  roles: ReadonlySet<OrgRole>;
  /** Every user group the learner belongs to (as member or administrator). */
  groupIds: ReadonlySet<string>;
  /** The user groups the learner administers (with the cohorts under them: docs/design.md §9). */
  adminGroupIds: ReadonlySet<string>;
  /** For each group of `groupIds`: the group a cohort belongs to, or null. */
  groupParents: ReadonlyMap<string, string | null>;
  /** Topic ids granted by the learner's user groups; empty for a visitor. */
  grantedTopicIds: ReadonlySet<string>;
  /** A stable key of what this viewer may see, for caches of answers shared by such viewers. */
  key: string;
}

export const VISITOR: Viewer = {
  userId: null,
  roles: new Set(),
  groupIds: new Set(),
  adminGroupIds: new Set(),
  groupParents: new Map(),
  grantedTopicIds: new Set(),
  key: 'visitor',
};

/** A signed-in viewer, built from their group memberships. */
export function signedInViewer(
  userId: string,
  grants: ReadonlyArray<{
    groupId: string;
    role: 'member' | 'admin';
    topicId: string | null;
    parentId?: string | null;
  }>,
  roles: readonly OrgRole[] = [],
): Viewer {
  const groupIds = new Set(grants.map((g) => g.groupId));
  const adminGroupIds = new Set(grants.filter((g) => g.role === 'admin').map((g) => g.groupId));
  const groupParents = new Map(grants.map((g) => [g.groupId, g.parentId ?? null] as const));
  const grantedTopicIds = new Set(grants.flatMap((g) => (g.topicId ? [g.topicId] : [])));
  return {
    userId,
    roles: new Set(roles),
    groupIds,
    adminGroupIds,
    groupParents,
    grantedTopicIds,
    key: `granted:${[...grantedTopicIds].sort().join(',')}`,
  };
}

export const isSignedIn = (viewer: Viewer): viewer is Viewer & { userId: string } =>
  viewer.userId !== null;
