import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, TESTS_POSTGRES } from '../test/databases';
import { prepared } from './prepared';
import { statementName } from './statement-names';

/** Queries compiled once are kept prepared on each PostgreSQL connection (named statements). */
describe.skipIf(!TESTS_POSTGRES)('named statements on postgres', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await t.db.kysely
      .insertInto('organisations')
      .values([
        {
          id: 'o1',
          alias: 'one',
          settings: '{}',
          content_hash: 'h1',
          created_at: 'a',
          updated_at: 'a',
        },
        {
          id: 'o2',
          alias: 'two',
          settings: '{}',
          content_hash: 'h2',
          created_at: 'b',
          updated_at: 'b',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('prepares a compiled query once per connection and runs it with each call’s arguments', async () => {
    const build = (k: Parameters<Parameters<typeof prepared>[1]>[0], alias: string) =>
      k.selectFrom('organisations').select(['id', 'content_hash']).where('alias', '=', alias);
    const text = build(t.db.kysely, 'x').compile().sql;
    await t.db.kysely.connection().execute(async (connection) => {
      const byAlias = prepared(connection, build, 1);
      const name = statementName(text);
      expect(name).toMatch(/^portal_\d+$/);
      expect(await byAlias('one')).toEqual([{ id: 'o1', content_hash: 'h1' }]);
      expect(await byAlias('two')).toEqual([{ id: 'o2', content_hash: 'h2' }]);
      expect(await byAlias('none')).toEqual([]);
      const kept = await sql<{ name: string; statement: string }>`
        SELECT name, statement FROM pg_prepared_statements
      `.execute(connection);
      expect(kept.rows).toContainEqual({ name, statement: text });
      // Other queries stay unnamed.
      await sql`SELECT 1`.execute(connection);
      const again = await sql<{ n: string }>`
        SELECT count(*) AS n FROM pg_prepared_statements
      `.execute(connection);
      expect(Number(again.rows[0]!.n)).toBe(kept.rows.length);
    });
    // Any connection of the pool runs it under the same name.
    const anywhere = prepared(t.db.kysely, build, 1);
    const answers = await Promise.all(['one', 'two', 'one', 'two'].map((alias) => anywhere(alias)));
    expect(answers.map((rows) => rows[0]?.id)).toEqual(['o1', 'o2', 'o1', 'o2']);
  });
});
