import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './passwords';
import { exportContentPack, importContentPack } from './content-pack-service';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
  TESTS_POSTGRES,
} from '../test/databases';
import { makePack } from '../test/factories';

describe.each(DATABASE_KINDS)('content packs on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  const count = async (table: 'topics' | 'topic_groups' | 'bundles' | 'users' | 'user_groups') => {
    const row = await t.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('imports a pack, sanitising author HTML and hashing passwords with argon2id', async () => {
    const result = await importContentPack(t.db, makePack('alpha'));
    expect(result).toMatchObject({ ok: true, alias: 'alpha', changed: true });
    const topic = await t.db.kysely
      .selectFrom('topics')
      .select('data')
      .where('id', '=', 'budgeting')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(topic.data).description).toBe(
      '<p>Plan your <em>budget</em></p><img src="x" />',
    );
    const org = await t.db.kysely
      .selectFrom('organisations')
      .select('settings')
      .where('alias', '=', 'alpha')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(org.settings).homePage.promos[0].description).toBe(
      '<p>Hello <b>there</b></p>',
    );
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', 'alpha-learner')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.password_hash, 'learner-pass-1')).toBe(true);
  });

  it('changes nothing when the same pack is imported again', async () => {
    const before = await t.db.kysely
      .selectFrom('organisations')
      .select('updated_at')
      .where('alias', '=', 'alpha')
      .executeTakeFirstOrThrow();
    const result = await importContentPack(t.db, makePack('alpha'));
    expect(result).toMatchObject({ ok: true, changed: false });
    const after = await t.db.kysely
      .selectFrom('organisations')
      .select('updated_at')
      .where('alias', '=', 'alpha')
      .executeTakeFirstOrThrow();
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('rejects an invalid pack with every problem and its JSON path, changing nothing', async () => {
    const topicsBefore = await count('topics');
    const bad = makePack('alpha') as unknown as {
      topics: { pages: { fragments: Record<string, unknown>[] }[] }[];
      organisation: Record<string, unknown>;
    };
    bad.topics[0]!.pages[0]!.fragments[1] = {
      _id: 'x1',
      type: 'field',
      field: { _id: 'x', name: 'X', type: 'colour' },
    };
    (bad.organisation.theme as Record<string, string>).primaryColor = 'blue';
    const result = await importContentPack(t.db, bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.problems.map((p) => p.path);
    expect(paths).toContain('topics[0].pages[0].fragments[1].field.type');
    expect(paths).toContain('organisation.theme.primaryColor');
    expect(await count('topics')).toBe(topicsBefore);
  });

  it('rejects dangling references (half-valid packs) without writing anything', async () => {
    const pack = makePack('alpha', {
      bundles: [{ _id: 'b', name: 'B', price: 1, userGroup: 'nope' }],
    });
    (pack.topics![0]!.name as Record<string, string>)['en-US'] = 'Renamed';
    const result = await importContentPack(t.db, pack);
    expect(result).toEqual({
      ok: false,
      problems: [{ path: 'bundles[0].userGroup', message: 'unknown user group "nope"' }],
    });
    const topic = await t.db.kysely
      .selectFrom('topics')
      .select('data')
      .where('id', '=', 'budgeting')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(topic.data).name['en-US']).toBe('Budgeting');
  });

  it('rejects a host that another organisation owns', async () => {
    const result = await importContentPack(
      t.db,
      makePack('beta', { organisation: { hosts: ['learn.alpha.example'] } }),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'organisation.hosts[0]',
          message: 'host "learn.alpha.example" already belongs to another organisation',
        },
      ],
    });
  });

  it('exports the pack without secrets, and export → import → export round-trips', async () => {
    const pack = makePack('gamma', {
      userGroups: [
        {
          _id: 'insiders',
          name: 'Insiders',
          topics: ['secret-topic'],
          oauth: { issuer: 'https://id.example.com', clientId: 'c', clientSecret: 'plain-secret' },
        },
        {
          _id: 'sso',
          name: 'SSO',
          topics: [],
          oauth: {
            issuer: 'https://id.example.com',
            clientId: 'd',
            clientSecret: 'env:SSO_SECRET',
          },
        },
      ],
    });
    expect((await importContentPack(t.db, pack)).ok).toBe(true);
    const first = await exportContentPack(t.db, 'gamma');
    expect(first).not.toBeNull();
    const text = JSON.stringify(first);
    expect(text).not.toContain('plain-secret');
    expect(text).not.toContain('learner-pass-1');
    expect(text).toContain('env:SSO_SECRET');
    expect(first!.topicGroups[0]!.topics).toEqual(['budgeting', 'secret-topic']);
    expect(first!.users[0]).toMatchObject({
      username: 'gamma-learner',
      groups: [{ group: 'insiders', role: 'member' }],
    });

    expect(await importContentPack(t.db, first)).toMatchObject({ ok: true, changed: false });
    const second = await exportContentPack(t.db, 'gamma');
    expect(second).toEqual(first);
    const stored = await t.db.kysely
      .selectFrom('user_groups')
      .select('data')
      .where('id', '=', 'insiders')
      .where('org_id', '=', (await orgId('gamma'))!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data).oauth.clientSecret).toBe('plain-secret');
  });

  it('imports a general topic whose _id is "general" as the general topic; export → import → export round-trips', async () => {
    const base = makePack('delta');
    const pack = makePack('delta', { general: { ...base.general!, _id: 'general' } });
    expect(await importContentPack(t.db, pack)).toMatchObject({ ok: true, changed: true });
    const id = (await orgId('delta'))!;
    const rows = await t.db.kysely
      .selectFrom('topics')
      .select(['id', 'is_general', 'position'])
      .where('org_id', '=', id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { id: 'general', is_general: 1, position: -1 },
      { id: 'budgeting', is_general: 0, position: 0 },
      { id: 'secret-topic', is_general: 0, position: 1 },
    ]);
    const first = await exportContentPack(t.db, 'delta');
    expect(first!.general?._id).toBe('general');
    expect(first!.topics.map((x) => x._id)).toEqual(['budgeting', 'secret-topic']);
    expect(await importContentPack(t.db, first)).toMatchObject({ ok: true, changed: false });
    expect(await exportContentPack(t.db, 'delta')).toEqual(first);
    // Renaming it back, as an older pack has it, works too.
    expect(await importContentPack(t.db, base)).toMatchObject({ ok: true, changed: true });
    expect((await exportContentPack(t.db, 'delta'))!.general?._id).toBe('delta-general');
  });

  it('still refuses "general" as the id of a topic other than the general one', async () => {
    const pack = makePack('delta', {
      topics: [{ _id: 'general', name: 'Not the general topic', pages: [] }],
      topicGroups: [],
      userGroups: [],
      bundles: [],
      users: [],
    });
    expect(await importContentPack(t.db, pack)).toEqual({
      ok: false,
      problems: [{ path: 'topics[0]._id', message: '"general" is reserved; choose another id' }],
    });
  });

  it('removes topics, groups and bundles left out of a new version, but never learner accounts', async () => {
    await t.db.kysely
      .insertInto('users')
      .values({
        id: 'signed-up-1',
        org_id: (await orgId('gamma'))!,
        username: 'walkin',
        username_key: 'walkin',
        email: 'w@x.example',
        email_key: 'w@x.example',
        password_hash: null,
        first_name: '',
        last_name: '',
        from_pack: 0,
        created_at: 'x',
        updated_at: 'x',
      })
      .execute();
    const slim = makePack('gamma', {
      topicGroups: [],
      bundles: [],
      userGroups: [],
      users: [],
      topics: [makePack().topics![0]!],
    });
    expect(await importContentPack(t.db, slim)).toMatchObject({ ok: true, changed: true });
    const exported = await exportContentPack(t.db, 'gamma');
    expect(exported!.topics.map((x) => x._id)).toEqual(['budgeting']);
    expect(exported!.bundles).toEqual([]);
    const ids = (
      await t.db.kysely
        .selectFrom('users')
        .select('username')
        .where('org_id', '=', (await orgId('gamma'))!)
        .execute()
    ).map((u) => u.username);
    expect(ids).toContain('walkin');
  });

  async function orgId(alias: string) {
    return (
      await t.db.kysely
        .selectFrom('organisations')
        .select('id')
        .where('alias', '=', alias)
        .executeTakeFirst()
    )?.id;
  }
});

// PostgreSQL plans by statistics: after an import they must describe the new rows.
describe.skipIf(!TESTS_POSTGRES)('content packs on postgres: planner statistics', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await t.drop();
  });

  it('leaves fresh statistics of the search table after an import', async () => {
    await importContentPack(t.db, makePack('statsorg'));
    const { rows } = await sql<{ analysed: boolean }>`
      select last_analyze is not null as analysed
      from pg_stat_user_tables where relname = 'topic_search'`.execute(t.db.kysely);
    expect(rows[0]?.analysed).toBe(true);
  });
});
