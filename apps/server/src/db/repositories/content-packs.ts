import type { Bundle, ContentPack, PackUser, Topic, TopicGroup, UserGroup } from '@portal/domain';
import { sql } from 'kysely';
import { insertChunks } from './chunks';
import type { Executor } from './executor';
import { parseRoles } from './roles';
import { catalogueRows } from './studio-catalogue';

/**
 * What importing and exporting a content pack reads and writes: an organisation's settings,
 * hosts, topics, contents, groups, bundles, search documents and the accounts the pack declares.
 * Writes take the import's transaction (`inTransaction`).
 */

/** The organisations, among all, that own any of `hosts` (keys, lower case). */
export async function hostOwners(
  db: Executor,
  hosts: readonly string[],
): Promise<Array<{ host: string; orgId: string }>> {
  if (!hosts.length) return [];
  const rows = await db.kysely
    .selectFrom('org_hosts')
    .select(['host', 'org_id'])
    .where('host', 'in', hosts)
    .execute();
  return rows.map((row) => ({ host: row.host, orgId: row.org_id }));
}

/** User groups of the organisation by id, as stored (OAuth secrets included), without topics. */
export async function storedUserGroups(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, Omit<UserGroup, 'topics'>>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom('user_groups')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, JSON.parse(row.data) as Omit<UserGroup, 'topics'>]));
}

export interface AccountMatch {
  id: string;
  usernameKey: string;
  emailKey: string;
  passwordHash: string | null;
}

/** Accounts of the organisation with any of these username or email keys. */
export async function accountsMatching(
  db: Executor,
  orgId: string,
  keys: { usernames: readonly string[]; emails: readonly string[] },
): Promise<AccountMatch[]> {
  if (!keys.usernames.length && !keys.emails.length) return [];
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'username_key', 'email_key', 'password_hash'])
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        ...(keys.usernames.length ? [eb('username_key', 'in', keys.usernames)] : []),
        ...(keys.emails.length ? [eb('email_key', 'in', keys.emails)] : []),
      ]),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    usernameKey: row.username_key,
    emailKey: row.email_key,
    passwordHash: row.password_hash,
  }));
}

export interface ContentWrite {
  orgId: string;
  /** Whether the organisation exists already (update) or is created. */
  exists: boolean;
  pack: ContentPack;
  /** Host name keys (lower case), each once. */
  hostKeys: readonly string[];
  contentHash: string;
  at: string;
}

/**
 * Writes the organisation's settings and replaces its content other than topics with the pack's:
 * hosts, topic groups, user groups, bundles. Memberships of groups that are gone go with them.
 * Topics are published one by one (`topic-versions.ts`).
 */
export async function replaceOrganisationContent(tx: Executor, write: ContentWrite): Promise<void> {
  const k = tx.kysely;
  const { orgId, pack, at } = write;
  const settings = JSON.stringify(pack.organisation);
  if (write.exists) {
    await k
      .updateTable('organisations')
      .set((eb) => ({
        settings,
        content_hash: write.contentHash,
        updated_at: at,
        catalogue_version: eb('catalogue_version', '+', 1),
      }))
      .where('id', '=', orgId)
      .execute();
  } else {
    await k
      .insertInto('organisations')
      .values({
        id: orgId,
        alias: pack.organisation.alias,
        settings,
        content_hash: write.contentHash,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  for (const table of [
    'org_hosts',
    'topic_groups',
    'topic_group_topics',
    'user_group_topics',
    'bundles',
  ] as const)
    await k.deleteFrom(table).where('org_id', '=', orgId).execute();
  // The groups the pack declares; the cohorts purchases made stay (docs/content-pack.md).
  await k
    .deleteFrom('user_groups')
    .where('org_id', '=', orgId)
    .where('origin', '=', 'pack')
    .execute();

  await insertChunks(
    k,
    'org_hosts',
    write.hostKeys.map((host) => ({ host, org_id: orgId })),
  );
  await insertChunks(
    k,
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
    k,
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
    k,
    'user_groups',
    pack.userGroups.map(({ topics: _topics, ...group }, position) => ({
      org_id: orgId,
      id: group._id,
      position,
      data: JSON.stringify(group),
      parent_id: group.parent ?? null,
      origin: 'pack',
    })),
  );
  await insertChunks(
    k,
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
    k,
    'bundles',
    pack.bundles.map((b, position) => ({
      org_id: orgId,
      id: b._id,
      position,
      user_group_id: b.userGroup,
      data: JSON.stringify(b),
    })),
  );
  // Memberships of groups that are gone go with them.
  await k
    .deleteFrom('user_group_members')
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_groups')
            .select('user_groups.id')
            .whereRef('user_groups.org_id', '=', 'user_group_members.org_id')
            .whereRef('user_groups.id', '=', 'user_group_members.group_id'),
        ),
      ),
    )
    .execute();
}

/** An account a pack declares, to create (`isNew`) or update, with its group memberships. */
export interface PackAccountWrite {
  id: string;
  isNew: boolean;
  username: string;
  usernameKey: string;
  email: string;
  emailKey: string;
  first: string;
  last: string;
  /** The new password hash; null keeps the stored one (or none, for a new account). */
  passwordHash: string | null;
  /** The roles the pack gives (docs/design.md §13); undefined keeps the stored ones. */
  roles?: readonly string[];
  groups: ReadonlyArray<{ group: string; role: string }>;
}

/** Creates or updates the pack's accounts (marked `from_pack`) and sets their memberships. */
export async function writePackAccounts(
  tx: Executor,
  orgId: string,
  accounts: readonly PackAccountWrite[],
  at: string,
): Promise<void> {
  const k = tx.kysely;
  for (const account of accounts) {
    if (account.isNew) {
      await k
        .insertInto('users')
        .values({
          id: account.id,
          org_id: orgId,
          username: account.username,
          username_key: account.usernameKey,
          email: account.email,
          email_key: account.emailKey,
          password_hash: account.passwordHash,
          first_name: account.first,
          last_name: account.last,
          from_pack: 1,
          created_at: at,
          updated_at: at,
          roles: JSON.stringify(account.roles ?? []),
        })
        .execute();
    } else {
      await k
        .updateTable('users')
        .set({
          username: account.username,
          email: account.email,
          email_key: account.emailKey,
          first_name: account.first,
          last_name: account.last,
          from_pack: 1,
          ...(account.passwordHash && { password_hash: account.passwordHash }),
          ...(account.roles && { roles: JSON.stringify(account.roles) }),
          updated_at: at,
        })
        .where('id', '=', account.id)
        .where('org_id', '=', orgId)
        .execute();
    }
    // The pack sets the account's memberships of its own groups; the cohorts a purchase made
    // (an invitation the account used, a cohort it bought) stay.
    await k
      .deleteFrom('user_group_members')
      .where('org_id', '=', orgId)
      .where('user_id', '=', account.id)
      .where('group_id', 'not in', (eb) =>
        eb
          .selectFrom('user_groups')
          .select('id')
          .where('org_id', '=', orgId)
          .where('origin', '=', 'purchase'),
      )
      .execute();
    await insertChunks(
      k,
      'user_group_members',
      account.groups.map((m) => ({
        org_id: orgId,
        group_id: m.group,
        user_id: account.id,
        role: m.role,
      })),
    );
    // What the account bought or was given since stays: the group of a seat it bought for itself,
    // and the group of an invitation it used (docs/content-pack.md: an import never removes it).
    const earned = await k
      .selectFrom('orders')
      .select('user_group_id as group_id')
      .where('org_id', '=', orgId)
      .where('user_id', '=', account.id)
      .where('status', '=', 'fulfilled')
      .where('cohort_id', 'is', null)
      .union(
        k
          .selectFrom('invites')
          .select('group_id')
          .where('org_id', '=', orgId)
          .where('used_by', '=', account.id)
          .where('revoked_at', 'is', null),
      )
      .execute();
    for (const { group_id: groupId } of earned)
      await k
        .insertInto('user_group_members')
        .columns(['org_id', 'group_id', 'user_id', 'role'])
        .expression((eb) =>
          eb
            .selectFrom('user_groups')
            .select([
              eb.val(orgId).as('org_id'),
              eb.val(groupId).as('group_id'),
              eb.val(account.id).as('user_id'),
              eb.val('member').as('role'),
            ])
            .where('org_id', '=', orgId)
            .where('id', '=', groupId),
        )
        .onConflict((oc) => oc.columns(['org_id', 'group_id', 'user_id']).doNothing())
        .execute();
  }
}

/** One topic's text in one locale, for the search index. */
/**
 * Who a search document is for: `everyone` who may see its topic (a public topic without
 * private pages), `public` for those not granted the topic (its public pages only), `granted`
 * for those granted it (every page).
 */
export type SearchAudience = 'everyone' | 'public' | 'granted';

export interface SearchDocument {
  topicId: string;
  locale: string;
  visibility: string;
  audience: SearchAudience;
  name: string;
  description: string;
  pages: string;
  /** PostgreSQL's text-search configuration (stemming) for the locale. */
  config: 'english' | 'french' | 'simple';
}

/**
 * Replaces the organisation's search documents: an FTS5 row on SQLite, a weighted tsvector on
 * PostgreSQL (name A, description B, pages C).
 */
export async function replaceSearchDocuments(
  tx: Executor,
  orgId: string,
  documents: readonly SearchDocument[],
): Promise<void> {
  const k = tx.kysely;
  await sql`delete from topic_search where org_id = ${orgId}`.execute(k);
  for (const doc of documents) {
    if (tx.dialect === 'postgres') {
      await sql`insert into topic_search (org_id, topic_id, locale, visibility, audience, document) values (
        ${orgId}, ${doc.topicId}, ${doc.locale}, ${doc.visibility}, ${doc.audience},
        setweight(to_tsvector(${doc.config}::regconfig, ${doc.name}), 'A') ||
        setweight(to_tsvector(${doc.config}::regconfig, ${doc.description}), 'B') ||
        setweight(to_tsvector(${doc.config}::regconfig, ${doc.pages}), 'C'))`.execute(k);
    } else {
      await sql`insert into topic_search (org_id, topic_id, locale, visibility, audience, name, description, pages)
        values (${orgId}, ${doc.topicId}, ${doc.locale}, ${doc.visibility}, ${doc.audience}, ${doc.name}, ${doc.description}, ${doc.pages})`.execute(
        k,
      );
    }
  }
}

/**
 * PostgreSQL: fresh planner statistics after an import, which changes many rows at once, so
 * that the planner uses the search index for rare words rather than the estimates of an empty
 * table (autovacuum comes later). SQLite's FTS5 plans without them: nothing to do.
 */
export async function analyseContent(db: Executor): Promise<void> {
  if (db.dialect === 'postgres') await sql`analyze topic_search, topics`.execute(db.kysely);
}

/** An organisation's content as its pack holds it (OAuth secrets included: the caller drops them). */
export interface StoredPackContent {
  general: Topic | undefined;
  topics: Topic[];
  topicGroups: TopicGroup[];
  userGroups: UserGroup[];
  bundles: Bundle[];
  /** The accounts the pack declared, without passwords. */
  users: PackUser[];
}

export async function readPackContent(db: Executor, orgId: string): Promise<StoredPackContent> {
  const k = db.kysely;
  const [topics, [groups, groupTopics, userGroups, userGroupTopics], bundles, users, members] =
    await Promise.all([
      k
        .selectFrom('topics')
        .select(['id', 'data', 'is_general', 'archived'])
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      catalogueRows(db, orgId),
      k
        .selectFrom('bundles')
        .select('data')
        .where('org_id', '=', orgId)
        .orderBy('position')
        .execute(),
      k
        .selectFrom('users')
        .select(['id', 'username', 'email', 'first_name', 'last_name', 'roles'])
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
  // Archived topics stay out of packs (docs/decisions.md, Authoring studio), and so out of the
  // groups' lists.
  const archived = new Set(topics.filter((t) => t.archived === 1).map((t) => t.id));
  const listFor = (rows: { group_id: string; topic_id: string }[], id: string) =>
    rows.filter((r) => r.group_id === id && !archived.has(r.topic_id)).map((r) => r.topic_id);
  const live = topics.filter((t) => t.archived === 0);
  const general = live.find((t) => t.is_general === 1);
  const packGroups = new Set(userGroups.map((g) => g.id));
  return {
    general: general && (JSON.parse(general.data) as Topic),
    topics: live.filter((t) => t.is_general === 0).map((t) => JSON.parse(t.data) as Topic),
    topicGroups: groups.map((g) => ({
      ...(JSON.parse(g.data) as Omit<TopicGroup, 'topics'>),
      topics: listFor(groupTopics, g.id),
    })),
    userGroups: userGroups.map((g) => ({
      ...(JSON.parse(g.data) as Omit<UserGroup, 'topics'>),
      topics: listFor(userGroupTopics, g.id),
    })),
    bundles: bundles.map((b) => JSON.parse(b.data) as Bundle),
    users: users.map((u) => ({
      ...rolesField(u.roles),
      username: u.username,
      email: u.email,
      name: { first: u.first_name, last: u.last_name },
      groups: members
        .filter((m) => m.user_id === u.id && packGroups.has(m.group_id))
        .map((m) => ({ group: m.group_id, role: m.role as 'member' | 'admin' })),
    })),
  };
}

/** The pack's `roles` of an account: left out when it has none. */
function rolesField(stored: string): Pick<PackUser, 'roles'> {
  const roles = parseRoles(stored);
  return roles.length ? { roles } : {};
}

export async function countOrganisations(db: Executor): Promise<number> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
