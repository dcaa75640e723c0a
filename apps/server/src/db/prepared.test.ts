import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { prepared } from './prepared';

describe.each(DATABASE_KINDS)('prepared queries on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.kysely
      .insertInto('organisations')
      .values({
        id: 'o1',
        alias: 'one',
        settings: '{}',
        content_hash: 'h',
        created_at: 'a',
        updated_at: 'a',
      })
      .execute();
    await t.db.kysely
      .insertInto('organisations')
      .values({
        id: 'o2',
        alias: 'two',
        settings: '{}',
        content_hash: 'h2',
        created_at: 'b',
        updated_at: 'b',
      })
      .execute();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('runs the compiled query with each call’s arguments', async () => {
    const byAlias = prepared(
      t.db.kysely,
      (k, alias: string, hash: string) =>
        k
          .selectFrom('organisations')
          .select('id')
          .where('alias', '=', alias)
          .where('content_hash', '=', hash),
      2,
    );
    expect(await byAlias('one', 'h')).toEqual([{ id: 'o1' }]);
    expect(await byAlias('two', 'h2')).toEqual([{ id: 'o2' }]);
    expect(await byAlias("one' or '1'='1", 'h')).toEqual([]);
  });

  it('refuses a builder that does not use an argument as a parameter', () => {
    expect(() =>
      prepared(t.db.kysely, (k, _unused: string) => k.selectFrom('organisations').select('id'), 1),
    ).toThrow(/argument 0/);
  });
});
