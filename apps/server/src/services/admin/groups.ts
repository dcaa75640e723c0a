import { errorText, localise, type ConsoleGroupsAnswer, type LocalisedText } from '@portal/domain';
import { findUserByEmail } from '../../db/repositories/accounts';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import {
  consoleGroups,
  grantableTopics,
  insertConsoleGroup,
  isGroupIdTaken,
  knownTopicIds,
  removeGroupAdmin,
  saveConsoleGroup,
  type ConsoleGroupRow,
} from '../../db/repositories/console-groups';
import { inTransaction, isUniqueViolation } from '../../db/repositories/executor';
import { makeGroupAdmin } from '../../db/repositories/memberships';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayAdminister, type Viewer } from '../../policies';
import { conflict, invalid, notFound } from '../errors';
import type { SettingsContext } from './settings';

/**
 * The console's user groups (docs/design.md §9, §15): the organisation's own groups, the topics
 * each grants and the administrators it names. Cohorts are shown, never changed here: a cohort is
 * its buyer's. Every change is audited and reaches every process (grants change what members see).
 */

type Group = ConsoleGroupsAnswer['groups'][number];

function present(row: ConsoleGroupRow, locale: string): Group {
  return {
    _id: row.id,
    name: row.name as Group['name'],
    topics: row.topicIds,
    admins: row.admins.map((a) => ({ _id: a.id, name: a.name, email: a.email })),
    members: row.members,
    cohorts: row.cohorts.map((c) => ({
      _id: c.id,
      name: localise(c.name, locale),
      owner: c.ownerName,
      members: c.members,
      seats: c.bought,
    })),
    sso: row.sso && { ...row.sso, prompt: row.sso.prompt as Group['name'] | null },
  };
}

export async function groupOf(
  ctx: SettingsContext,
  org: OrganisationRecord,
  id: string,
  locale: string,
) {
  const [row] = await consoleGroups(ctx.db, org.id, id);
  if (!row) throw notFound('groupNotFound');
  return { group: present(row, locale) };
}

const target = (id: string) => `group:${id}`;

/** Every group of the organisation, and the topics a group may grant. */
export async function listGroups(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  locale: string,
): Promise<ConsoleGroupsAnswer> {
  assertMayAdminister(viewer);
  const [groups, topics] = await Promise.all([
    consoleGroups(ctx.db, org.id),
    grantableTopics(ctx.db, org.id),
  ]);
  return {
    groups: groups.map((g) => present(g, locale)),
    topics: topics.map((t) => ({ _id: t.id, name: localise(t.name, locale) })),
  };
}

/** A new group, granting nothing yet (409 when a group, a cohort too, has the id). */
export async function createGroup(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  body: { _id: string; name: LocalisedText },
  locale: string,
) {
  const admin = assertMayAdminister(viewer);
  const taken = () => conflict(errorText('groupExists', { id: body._id }));
  if (await isGroupIdTaken(ctx.db, org.id, body._id)) throw taken();
  const at = ctx.now().toISOString();
  try {
    await inTransaction(ctx.db, async (tx) => {
      await insertConsoleGroup(tx, org.id, { id: body._id, name: body.name });
      await insertAuditEvent(tx, org.id, {
        actor: admin,
        action: 'group.create',
        target: target(body._id),
        detail: {},
        before: null,
        after: { name: body.name },
        at,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  await ctx.caches.changed({ content: { org: org.id } });
  return groupOf(ctx, org, body._id, locale);
}

/** Renames the group and sets the topics it grants: this organisation's topics only. */
export async function saveGroup(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  body: { name: LocalisedText; topics: string[] },
  locale: string,
) {
  const admin = assertMayAdminister(viewer);
  const [before] = await consoleGroups(ctx.db, org.id, groupId);
  if (!before) throw notFound('groupNotFound');
  const topics = [...new Set(body.topics)];
  const known = await knownTopicIds(ctx.db, org.id, topics);
  const unknown = topics.find((id) => !known.has(id));
  if (unknown !== undefined)
    throw invalid(errorText('studioUnknownTopic', { id: unknown }), {
      [`topics.${body.topics.indexOf(unknown)}`]: errorText('studioUnknownTopic', { id: unknown }),
    });
  const at = ctx.now().toISOString();
  await inTransaction(ctx.db, async (tx) => {
    await saveConsoleGroup(tx, org.id, { id: groupId, name: body.name, topicIds: topics }, at);
    await insertAuditEvent(tx, org.id, {
      actor: admin,
      action: 'group.save',
      target: target(groupId),
      detail: {},
      before: { name: before.name, topics: before.topicIds },
      after: { name: body.name, topics },
      at,
    });
  });
  await ctx.caches.changed({ content: { org: org.id } });
  return groupOf(ctx, org, groupId, locale);
}

/** Names an account of the organisation, by email, an administrator of the group. */
export async function addGroupAdmin(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  email: string,
  locale: string,
) {
  const admin = assertMayAdminister(viewer);
  const [before] = await consoleGroups(ctx.db, org.id, groupId);
  if (!before) throw notFound('groupNotFound');
  const account = await findUserByEmail(ctx.db, org.id, email);
  if (!account)
    throw notFound(errorText('groupAdminNoAccount', { email }), {
      email: errorText('groupAdminNoAccount', { email }),
    });
  const at = ctx.now().toISOString();
  await inTransaction(ctx.db, async (tx) => {
    await makeGroupAdmin(tx, { orgId: org.id, groupId, userId: account.id });
    await insertAuditEvent(tx, org.id, {
      actor: admin,
      action: 'group.admins',
      target: target(groupId),
      detail: { added: account.id },
      before: { admins: before.admins.map((a) => a.email) },
      after: { admins: [...new Set([...before.admins.map((a) => a.email), account.email])] },
      at,
    });
  });
  await ctx.caches.changed(
    { viewer: { org: org.id, user: account.id } },
    { group: { org: org.id } },
  );
  return groupOf(ctx, org, groupId, locale);
}

/** The account no longer administers the group. */
export async function removeAdmin(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  userId: string,
  locale: string,
) {
  const admin = assertMayAdminister(viewer);
  const [before] = await consoleGroups(ctx.db, org.id, groupId);
  if (!before) throw notFound('groupNotFound');
  const at = ctx.now().toISOString();
  const removed = await inTransaction(ctx.db, async (tx) => {
    if (!(await removeGroupAdmin(tx, org.id, groupId, userId))) return false;
    await insertAuditEvent(tx, org.id, {
      actor: admin,
      action: 'group.admins',
      target: target(groupId),
      detail: { removed: userId },
      before: { admins: before.admins.map((a) => a.email) },
      after: { admins: before.admins.filter((a) => a.id !== userId).map((a) => a.email) },
      at,
    });
    return true;
  });
  if (!removed) throw notFound('groupAdminNotAdmin');
  await ctx.caches.changed({ viewer: { org: org.id, user: userId } }, { group: { org: org.id } });
  return groupOf(ctx, org, groupId, locale);
}
