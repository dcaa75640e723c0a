import { createHash, randomUUID } from 'node:crypto';
import {
  CONTENT_PACK_FORMAT,
  checkContentPack,
  type ContentPack,
  type PackProblem,
  type Topic,
  type UserGroup,
} from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { sanitizeLocalisedHtml } from './html';
import { indexTopics } from './search-index';
import { hashPassword, verifyPassword } from './passwords';

export type ImportResult =
  | { ok: true; organisationId: string; alias: string; changed: boolean }
  | { ok: false; problems: PackProblem[] };

const CHUNK = 200;

/** Author HTML is sanitised once, here, before it is stored. */
function sanitizeTopic(topic: Topic): Topic {
  return {
    ...topic,
    ...(topic.description !== undefined && {
      description: sanitizeLocalisedHtml(topic.description),
    }),
    pages: topic.pages.map((page) => ({
      ...page,
      fragments: page.fragments.map((fragment) => {
        if (fragment.type === 'content')
          return { ...fragment, content: sanitizeLocalisedHtml(fragment.content) };
        if (fragment.type === 'field' && fragment.field.question !== undefined)
          return {
            ...fragment,
            field: { ...fragment.field, question: sanitizeLocalisedHtml(fragment.field.question) },
          };
        return fragment;
      }),
    })),
  };
}

function sanitizePack(pack: ContentPack): ContentPack {
  const { organisation } = pack;
  return {
    ...pack,
    organisation: {
      ...organisation,
      homePage: {
        ...organisation.homePage,
        promos: organisation.homePage.promos.map((p) => ({
          ...p,
          description: sanitizeLocalisedHtml(p.description),
        })),
      },
    },
    ...(pack.general && { general: sanitizeTopic(pack.general) }),
    topics: pack.topics.map(sanitizeTopic),
    bundles: pack.bundles.map((b) => ({
      ...b,
      ...(b.longDescription !== undefined && {
        longDescription: sanitizeLocalisedHtml(b.longDescription),
      }),
    })),
  };
}

function contentHash(pack: ContentPack): string {
  const withoutPasswords = {
    ...pack,
    users: pack.users.map(({ password: _password, ...user }) => user),
  };
  return createHash('sha256').update(JSON.stringify(withoutPasswords)).digest('hex');
}

async function insertChunks<T extends keyof Database & string>(
  trx: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // The rows are built for `table` by the caller; Kysely cannot relate a generic table to them.
    const chunk = rows.slice(i, i + CHUNK) as Parameters<
      ReturnType<typeof trx.insertInto<T>>['values']
    >[0];
    await trx.insertInto(table).values(chunk).execute();
  }
}

const now = () => new Date().toISOString();
const key = (s: string) => s.trim().toLowerCase();

interface PreparedUser {
  username: string;
  email: string;
  first: string;
  last: string;
  /** A new hash when the pack's password differs from the stored one; null to keep it. */
  newHash: string | null;
  existingId: string | null;
  groups: { group: string; role: string }[];
}

/**
 * Creates or updates one organisation from a content pack, all or nothing. An unchanged pack
 * writes nothing; topics, groups and bundles left out of the pack are removed; learner accounts
 * are never removed.
 */
export async function importContentPack(db: Db, input: unknown): Promise<ImportResult> {
  const checked = checkContentPack(input);
  if (!checked.ok) return checked;
  const pack = sanitizePack(checked.pack);
  const alias = pack.organisation.alias;
  const k = db.kysely;

  const existing = await k
    .selectFrom('organisations')
    .select(['id', 'content_hash'])
    .where('alias', '=', alias)
    .executeTakeFirst();
  const orgId = existing?.id ?? randomUUID();
  if (existing) await keepStoredSecrets(k, orgId, pack);
  const hash = contentHash(pack);

  const hostProblems: PackProblem[] = [];
  if (pack.organisation.hosts.length) {
    const taken = await k
      .selectFrom('org_hosts')
      .select(['host', 'org_id'])
      .where('host', 'in', pack.organisation.hosts.map(key))
      .execute();
    for (const row of taken)
      if (row.org_id !== orgId)
        hostProblems.push({
          path: `organisation.hosts[${pack.organisation.hosts.map(key).indexOf(row.host)}]`,
          message: `host "${row.host}" already belongs to another organisation`,
        });
  }

  const users = await prepareUsers(k, orgId, pack, hostProblems);
  if (hostProblems.length) return { ok: false, problems: hostProblems };

  const contentChanged = existing?.content_hash !== hash;
  const usersChanged = users.some((u) => u.newHash !== null || u.existingId === null);
  if (!contentChanged && !usersChanged)
    return { ok: true, organisationId: orgId, alias, changed: false };

  await k.transaction().execute(async (trx) => {
    if (contentChanged) {
      await writeContent(trx, orgId, pack, hash, existing !== undefined);
      await indexTopics(trx, db.dialect, orgId, pack);
    }
    await writeUsers(trx, orgId, users);
  });
  // A pack changes many rows at once: fresh statistics let PostgreSQL's planner use the search
  // index for rare words, rather than the estimates of an empty table (autovacuum comes later).
  // SQLite's FTS5 plans without them.
  if (contentChanged && db.dialect === 'postgres')
    await sql`analyze topic_search, topics`.execute(k);
  return { ok: true, organisationId: orgId, alias, changed: true };
}

/**
 * Exports leave OAuth client secrets out; importing such an export must not erase them, so a
 * group that comes without its secret keeps the one stored for the same issuer and client.
 */
async function keepStoredSecrets(
  k: Kysely<Database>,
  orgId: string,
  pack: ContentPack,
): Promise<void> {
  const missing = pack.userGroups.filter((g) => g.oauth && !g.oauth.clientSecret);
  if (!missing.length) return;
  const rows = await k
    .selectFrom('user_groups')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where(
      'id',
      'in',
      missing.map((g) => g._id),
    )
    .execute();
  for (const group of missing) {
    const row = rows.find((r) => r.id === group._id);
    const stored = row ? (JSON.parse(row.data) as UserGroup).oauth : undefined;
    if (
      group.oauth &&
      stored?.clientSecret &&
      stored.issuer === group.oauth.issuer &&
      stored.clientId === group.oauth.clientId
    )
      group.oauth.clientSecret = stored.clientSecret;
  }
}

async function prepareUsers(
  k: Kysely<Database>,
  orgId: string,
  pack: ContentPack,
  problems: PackProblem[],
): Promise<PreparedUser[]> {
  if (!pack.users.length) return [];
  const rows = await k
    .selectFrom('users')
    .select(['id', 'username_key', 'email_key', 'password_hash'])
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        eb(
          'username_key',
          'in',
          pack.users.map((u) => key(u.username)),
        ),
        eb(
          'email_key',
          'in',
          pack.users.map((u) => key(u.email)),
        ),
      ]),
    )
    .execute();
  const prepared: PreparedUser[] = [];
  for (const [i, user] of pack.users.entries()) {
    const byName = rows.find((r) => r.username_key === key(user.username));
    const byEmail = rows.find((r) => r.email_key === key(user.email));
    if (byEmail && byEmail.id !== byName?.id) {
      problems.push({
        path: `users[${i}].email`,
        message: `"${user.email}" is already used by another account`,
      });
      continue;
    }
    let newHash: string | null = null;
    if (user.password && !(byName && (await verifyPassword(byName.password_hash, user.password))))
      newHash = await hashPassword(user.password);
    prepared.push({
      username: user.username,
      email: user.email,
      first: user.name?.first ?? '',
      last: user.name?.last ?? '',
      newHash,
      existingId: byName?.id ?? null,
      groups: user.groups,
    });
  }
  return prepared;
}

async function writeContent(
  trx: Kysely<Database>,
  orgId: string,
  pack: ContentPack,
  hash: string,
  exists: boolean,
) {
  const stamp = now();
  const settings = JSON.stringify(pack.organisation);
  if (exists) {
    await trx
      .updateTable('organisations')
      .set({ settings, content_hash: hash, updated_at: stamp })
      .where('id', '=', orgId)
      .execute();
  } else {
    await trx
      .insertInto('organisations')
      .values({
        id: orgId,
        alias: pack.organisation.alias,
        settings,
        content_hash: hash,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  for (const table of [
    'org_hosts',
    'topics',
    'topic_groups',
    'topic_group_topics',
    'user_groups',
    'user_group_topics',
    'bundles',
    'contents',
  ] as const)
    await trx.deleteFrom(table).where('org_id', '=', orgId).execute();

  await insertChunks(
    trx,
    'org_hosts',
    [...new Set(pack.organisation.hosts.map(key))].map((host) => ({ host, org_id: orgId })),
  );
  const topicRows = pack.topics.map((t, position) => ({
    org_id: orgId,
    id: t._id,
    position,
    is_general: 0,
    visibility: t.visibility,
    data: JSON.stringify(t),
  }));
  if (pack.general)
    topicRows.push({
      org_id: orgId,
      id: pack.general._id,
      position: -1,
      is_general: 1,
      visibility: pack.general.visibility,
      data: JSON.stringify(pack.general),
    });
  await insertChunks(trx, 'topics', topicRows);
  const allTopics = pack.general ? [pack.general, ...pack.topics] : pack.topics;
  await insertChunks(
    trx,
    'contents',
    allTopics.flatMap((topic) =>
      topic.pages.flatMap((page) =>
        page.fragments.flatMap((fragment) =>
          fragment.type === 'content'
            ? [
                {
                  org_id: orgId,
                  id: fragment._id,
                  page_id: page._id,
                  topic_id: topic._id,
                  topic_visibility: topic.visibility,
                  page_visibility: page.visibility,
                  body: JSON.stringify(fragment.content),
                },
              ]
            : [],
        ),
      ),
    ),
  );
  await insertChunks(
    trx,
    'topic_groups',
    pack.topicGroups.map(({ topics: _topics, ...group }, position) => ({
      org_id: orgId,
      id: group._id,
      position,
      visibility: group.visibility,
      data: JSON.stringify(group),
    })),
  );
  await insertChunks(
    trx,
    'topic_group_topics',
    pack.topicGroups.flatMap((g) =>
      g.topics.map((topicId, position) => ({
        org_id: orgId,
        group_id: g._id,
        topic_id: topicId,
        position,
      })),
    ),
  );
  await insertChunks(
    trx,
    'user_groups',
    pack.userGroups.map(({ topics: _topics, ...group }, position) => ({
      org_id: orgId,
      id: group._id,
      position,
      data: JSON.stringify(group),
    })),
  );
  await insertChunks(
    trx,
    'user_group_topics',
    pack.userGroups.flatMap((g) =>
      g.topics.map((topicId, position) => ({
        org_id: orgId,
        group_id: g._id,
        topic_id: topicId,
        position,
      })),
    ),
  );
  await insertChunks(
    trx,
    'bundles',
    pack.bundles.map((b, position) => ({
      org_id: orgId,
      id: b._id,
      position,
      user_group_id: b.userGroup,
      data: JSON.stringify(b),
    })),
  );
  // Memberships of groups that no longer exist go with them.
  const groupIds = pack.userGroups.map((g) => g._id);
  let stale = trx.deleteFrom('user_group_members').where('org_id', '=', orgId);
  if (groupIds.length) stale = stale.where('group_id', 'not in', groupIds);
  await stale.execute();
}

async function writeUsers(trx: Kysely<Database>, orgId: string, users: PreparedUser[]) {
  const stamp = now();
  for (const user of users) {
    let id = user.existingId;
    if (id) {
      await trx
        .updateTable('users')
        .set({
          username: user.username,
          email: user.email,
          email_key: key(user.email),
          first_name: user.first,
          last_name: user.last,
          from_pack: 1,
          ...(user.newHash && { password_hash: user.newHash }),
          updated_at: stamp,
        })
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .execute();
    } else {
      id = randomUUID();
      await trx
        .insertInto('users')
        .values({
          id,
          org_id: orgId,
          username: user.username,
          username_key: key(user.username),
          email: user.email,
          email_key: key(user.email),
          password_hash: user.newHash,
          first_name: user.first,
          last_name: user.last,
          from_pack: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
    await trx
      .deleteFrom('user_group_members')
      .where('org_id', '=', orgId)
      .where('user_id', '=', id)
      .execute();
    await insertChunks(
      trx,
      'user_group_members',
      user.groups.map((m) => ({ org_id: orgId, group_id: m.group, user_id: id, role: m.role })),
    );
  }
}

/** The organisation as a pack again: the shape `importContentPack` takes, secrets left out. */
export async function exportContentPack(db: Db, alias: string): Promise<ContentPack | null> {
  const k = db.kysely;
  const org = await k
    .selectFrom('organisations')
    .selectAll()
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!org) return null;
  const orgId = org.id;
  const [topics, groups, groupTopics, userGroups, userGroupTopics, bundles, users, members] =
    await Promise.all([
      k
        .selectFrom('topics')
        .select(['data', 'is_general'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('topic_groups')
        .select(['id', 'data'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('topic_group_topics')
        .select(['group_id', 'topic_id'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('user_groups')
        .select(['id', 'data'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('user_group_topics')
        .select(['group_id', 'topic_id'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('bundles')
        .select('data')
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('users')
        .select(['id', 'username', 'email', 'first_name', 'last_name'])
        .where('org_id', '=', orgId)
        .where('from_pack', '=', 1)
        .orderBy('username_key')
        .execute(),
      k
        .selectFrom('user_group_members')
        .select(['user_id', 'group_id', 'role'])
        .where('org_id', '=', orgId)
        .orderBy('group_id')
        .execute(),
    ]);
  const listFor = (rows: { group_id: string; topic_id: string }[], id: string) =>
    rows.filter((r) => r.group_id === id).map((r) => r.topic_id);
  const general = topics.find((t) => t.is_general === 1);
  const pack: ContentPack = {
    format: CONTENT_PACK_FORMAT,
    organisation: JSON.parse(org.settings),
    ...(general && { general: JSON.parse(general.data) }),
    topicGroups: groups.map((g) => ({ ...JSON.parse(g.data), topics: listFor(groupTopics, g.id) })),
    topics: topics.filter((t) => t.is_general === 0).map((t) => JSON.parse(t.data)),
    userGroups: userGroups.map((g) => {
      const group = JSON.parse(g.data);
      if (group.oauth?.clientSecret && !String(group.oauth.clientSecret).startsWith('env:'))
        delete group.oauth.clientSecret;
      return { ...group, topics: listFor(userGroupTopics, g.id) };
    }),
    bundles: bundles.map((b) => JSON.parse(b.data)),
    users: users.map((u) => ({
      username: u.username,
      email: u.email,
      name: { first: u.first_name, last: u.last_name },
      groups: members
        .filter((m) => m.user_id === u.id)
        .map((m) => ({ group: m.group_id, role: m.role as 'member' | 'admin' })),
    })),
  };
  return pack;
}

export async function countOrganisations(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
