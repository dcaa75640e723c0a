import {
  errorText,
  localise,
  type Bundle,
  type ConsoleBundlesAnswer,
  type LocalisedText,
} from '@portal/domain';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { grantableGroups, insertBundle, updateBundle } from '../../db/repositories/console-bundles';
import { inTransaction, isUniqueViolation } from '../../db/repositories/executor';
import { bundlesOf, bundleOf, type OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayAdminister, type Viewer } from '../../policies';
import { conflict, invalid, notFound } from '../errors';
import { sanitizeLocalisedHtml } from '../html';
import { changedParts } from './changed-parts';
import type { SettingsContext } from './settings';

/**
 * The console's bundles (docs/design.md §9, §15): made and edited as a pack has them, granting
 * one of the organisation's own groups. Visitors see a change at once, on every process; orders
 * already made keep their price. Every change is audited with what it changed.
 */

const target = (id: string) => `bundle:${id}`;

export async function listBundles(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  locale: string,
): Promise<ConsoleBundlesAnswer> {
  assertMayAdminister(viewer);
  const [bundles, groups] = await Promise.all([
    bundlesOf(ctx.db, org.id),
    grantableGroups(ctx.db, org.id),
  ]);
  return {
    bundles,
    groups: groups.map((g) => ({
      _id: g.id,
      name: localise((JSON.parse(g.data) as { name: LocalisedText }).name, locale),
    })),
  };
}

async function checked(ctx: SettingsContext, org: OrganisationRecord, bundle: Bundle) {
  const groups = await grantableGroups(ctx.db, org.id);
  if (!groups.some((g) => g.id === bundle.userGroup)) {
    const text = errorText('bundleGroupUnknown', { id: bundle.userGroup });
    throw invalid(text, { 'bundle.userGroup': text });
  }
  return {
    ...bundle,
    ...(bundle.longDescription !== undefined && {
      longDescription: sanitizeLocalisedHtml(bundle.longDescription),
    }),
  };
}

export async function createBundle(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  input: Bundle,
) {
  const admin = assertMayAdminister(viewer);
  const taken = () => conflict(errorText('bundleExists', { id: input._id }));
  if (await bundleOf(ctx.db, org.id, input._id)) throw taken();
  const bundle = await checked(ctx, org, input);
  const at = ctx.now().toISOString();
  try {
    await inTransaction(ctx.db, async (tx) => {
      await insertBundle(tx, org.id, bundle);
      await insertAuditEvent(tx, org.id, {
        actor: admin,
        action: 'bundle.create',
        target: target(bundle._id),
        detail: {},
        before: null,
        after: { name: bundle.name, price: bundle.price, userGroup: bundle.userGroup },
        at,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  await ctx.caches.changed({ content: { org: org.id } });
  return { bundle };
}

export async function saveBundle(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  bundleId: string,
  input: Bundle,
) {
  const admin = assertMayAdminister(viewer);
  const before = await bundleOf(ctx.db, org.id, bundleId);
  if (!before) throw notFound('bundleNotFound');
  if (input._id !== bundleId) {
    const text = errorText('bundleIdFixed', { id: bundleId });
    throw invalid(text, { 'bundle._id': text });
  }
  const bundle = await checked(ctx, org, input);
  const { before: was, after: is } = changedParts(before, bundle);
  const at = ctx.now().toISOString();
  await inTransaction(ctx.db, async (tx) => {
    await updateBundle(tx, org.id, bundle);
    if (Object.keys(is).length)
      await insertAuditEvent(tx, org.id, {
        actor: admin,
        action: 'bundle.save',
        target: target(bundleId),
        detail: {},
        before: was,
        after: is,
        at,
      });
  });
  await ctx.caches.changed({ content: { org: org.id } });
  return { bundle };
}
