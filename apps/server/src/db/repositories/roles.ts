import { ORG_ROLES, type OrgRole } from '@portal/domain';
import type { Executor } from './executor';

/**
 * An account's roles in its organisation beyond learner (docs/design.md §13), stored as JSON
 * text in `users.roles`: given by packs (`users[].roles`), later by the console.
 */

/** The stored roles, those the portal knows only (an unknown or broken value gives none). */
export function parseRoles(stored: string | null | undefined): OrgRole[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return ORG_ROLES.filter((role) => parsed.includes(role));
  } catch {
    return [];
  }
}

/** Sets an account's roles. */
export async function setRoles(
  db: Executor,
  orgId: string,
  userId: string,
  roles: readonly OrgRole[],
): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ roles: JSON.stringify(ORG_ROLES.filter((role) => roles.includes(role))) })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .execute();
}
