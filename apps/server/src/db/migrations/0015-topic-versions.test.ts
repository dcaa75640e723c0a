import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOn, type TestApp } from '../../test/app';
import { createTestDatabase, DATABASE_KINDS } from '../../test/databases';
import { migrateToLatest } from '../database';
import { loadDraft } from '../repositories/topic-drafts';
import { listVersions } from '../repositories/topic-versions';

/**
 * Issue 25: migration 0015 makes each stored topic its version 1, published when its
 * organisation was last imported, with a draft equal to it. The database is filled as the code
 * before 0015 filled it, then migrated, then served by the real app.
 */

const ORG_ID = 'org-before';
const IMPORTED_AT = '2026-10-01T09:00:00.000Z';
const topic = (id: string, name: string) => ({
  _id: id,
  name,
  visibility: 'Public',
  pages: [{ _id: `${id}-p1`, name: 'One', visibility: 'Public', fragments: [] }],
});

describe.each(DATABASE_KINDS)('migration 0015 (topic versions) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase(kind, '0014-account-changes');
    const k = database.db.kysely;
    await k
      .insertInto('organisations')
      .values({
        id: ORG_ID,
        alias: 'before',
        settings: JSON.stringify({
          alias: 'before',
          name: 'Before',
          hosts: [],
          locales: ['en-US'],
          theme: {},
          homePage: { title: 'Home', promos: [] },
        }),
        content_hash: 'old',
        created_at: IMPORTED_AT,
        updated_at: IMPORTED_AT,
      })
      .execute();
    // The columns of `topics` before 0015 (no published_version).
    await k
      .insertInto('topics')
      .values([
        {
          org_id: ORG_ID,
          id: 'old-general',
          position: -1,
          is_general: 1,
          visibility: 'Public',
          data: JSON.stringify(topic('old-general', 'General')),
        },
        {
          org_id: ORG_ID,
          id: 'old-topic',
          position: 0,
          is_general: 0,
          visibility: 'Public',
          data: JSON.stringify(topic('old-topic', 'Old topic')),
        },
      ] as never)
      .execute();
    await migrateToLatest(database.db);
    t = await startAppOn(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes each topic its version 1 and its draft, published when it was imported', async () => {
    const db = t.database.db;
    for (const id of ['old-general', 'old-topic']) {
      expect(await listVersions(db, ORG_ID, id)).toEqual([
        { version: 1, publishedAt: IMPORTED_AT, publishedBy: null, note: null },
      ]);
      expect(await loadDraft(db, ORG_ID, id)).toMatchObject({
        version: 1,
        isGeneral: id === 'old-general',
        updatedAt: IMPORTED_AT,
        updatedBy: null,
      });
    }
    const row = await db.kysely
      .selectFrom('topics')
      .select('published_version')
      .where('id', '=', 'old-topic')
      .executeTakeFirstOrThrow();
    expect(row.published_version).toBe(1);
  });

  it('serves the migrated topics to learners as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/org/before/topic/old-topic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().topic.name).toBe('Old topic');
  });
});
