import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { progressOf } from './group-admin';

/** A members page's progress rows: the asked learners', of the asked topics only, in key order. */
describe.each(DATABASE_KINDS)('progressOf on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const k = t.db.kysely;
    await k
      .insertInto('organisations')
      .values({
        id: 'o',
        alias: 'o',
        settings: '{}',
        content_hash: 'h',
        created_at: 'a',
        updated_at: 'a',
      })
      .execute();
    const people = ['u1', 'u2', 'u3'];
    await k
      .insertInto('users')
      .values(
        people.map((id) => ({
          id,
          org_id: 'o',
          username: id,
          username_key: id,
          email: `${id}@o.example`,
          email_key: `${id}@o.example`,
          password_hash: null,
          first_name: id,
          last_name: 'L',
          from_pack: 0,
          created_at: 'a',
          updated_at: 'a',
        })),
      )
      .execute();
    const rows = [];
    for (const user of people)
      for (const topic of ['t-b', 't-a', 'other'])
        for (const index of [1, 0])
          rows.push({
            org_id: 'o',
            user_id: user,
            topic_id: topic,
            worksheet_index: index,
            completed_pages: index + 1,
            pages: 5,
            score: 2.5,
            total: 5,
            updated_at: 'a',
          });
    await k.insertInto('worksheet_progress').values(rows).execute();
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('answers the asked learners’ rows of the asked topics, by learner, topic and worksheet', async () => {
    const rows = await progressOf(t.db, 'o', ['u3', 'u1'], ['t-a', 't-b']);
    expect(rows.map((r) => `${r.userId}/${r.topicId}/${r.worksheetIndex}`)).toEqual([
      'u1/t-a/0',
      'u1/t-a/1',
      'u1/t-b/0',
      'u1/t-b/1',
      'u3/t-a/0',
      'u3/t-a/1',
      'u3/t-b/0',
      'u3/t-b/1',
    ]);
    expect(rows[0]).toEqual({
      userId: 'u1',
      topicId: 't-a',
      worksheetIndex: 0,
      completedPages: 1,
      pages: 5,
      score: 2.5,
      total: 5,
    });
    expect(await progressOf(t.db, 'o', ['u2'], [])).toEqual([]);
    expect(await progressOf(t.db, 'o', [], ['t-a'])).toEqual([]);
    expect(await progressOf(t.db, 'o', ['u2'], ['missing'])).toEqual([]);
  });
});
