import type { Bundle } from '@portal/domain';
import type { Executor } from './executor';

/**
 * Bundles as the console edits them (docs/design.md §15): the same rows a pack import writes, so
 * packs and the console edit the same thing. An order keeps the price it was made at (its own
 * columns), whatever the bundle says later.
 */

export async function insertBundle(tx: Executor, orgId: string, bundle: Bundle): Promise<void> {
  const last = await tx.kysely
    .selectFrom('bundles')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  await tx.kysely
    .insertInto('bundles')
    .values({
      org_id: orgId,
      id: bundle._id,
      position: Number(last?.position ?? -1) + 1,
      user_group_id: bundle.userGroup,
      data: JSON.stringify(bundle),
    })
    .execute();
}

/** Writes the bundle over the stored one; false when the organisation has no such bundle. */
export async function updateBundle(tx: Executor, orgId: string, bundle: Bundle): Promise<boolean> {
  const updated = await tx.kysely
    .updateTable('bundles')
    .set({ user_group_id: bundle.userGroup, data: JSON.stringify(bundle) })
    .where('org_id', '=', orgId)
    .where('id', '=', bundle._id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The organisation's own groups a bundle may grant (not a buyer's cohort), id and name. */
export async function grantableGroups(
  db: Executor,
  orgId: string,
): Promise<{ id: string; data: string }[]> {
  return db.kysely
    .selectFrom('user_groups')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('origin', '=', 'pack')
    .where('parent_id', 'is', null)
    .orderBy('position')
    .execute();
}
