import type { Topic } from '@portal/domain';
import fc from 'fast-check';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocuments } from '../services/search-index';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { canSeeMessage, messageReaderOf, messagesReadableSql } from './groups';
import { canSeePage, canSeeTopic, searchDocumentsVisibleSql } from './topics';
import { signedInViewer, VISITOR, type Viewer } from './viewer';

/**
 * Each permission rule that a query also decides is written twice, as a predicate and as its SQL
 * form, side by side in policies/. These properties hold the two together: for generated viewers,
 * the SQL form run on each database keeps exactly the rows the predicate allows.
 */

const GROUPS = ['club', 'cohort-a', 'cohort-b', 'other'];
const USERS = ['u1', 'u2', 'u3'];
const TOPICS = ['t1', 't2', 't3', 't4'];
const RUNS = 60;

const grant = fc.record({
  groupId: fc.constantFrom(...GROUPS),
  role: fc.constantFrom('member' as const, 'admin' as const),
  topicId: fc.option(fc.constantFrom(...TOPICS), { nil: null }),
  parentId: fc.option(fc.constantFrom(...GROUPS), { nil: null }),
});

const viewers: fc.Arbitrary<Viewer> = fc.oneof(
  fc.constant(VISITOR),
  fc
    .tuple(fc.constantFrom(...USERS), fc.array(grant, { maxLength: 6 }))
    .map(([userId, grants]) => signedInViewer(userId, grants)),
);

/** Rows as a derived table `m` (columns cast to text, so that PostgreSQL knows their types). */
function rowsTable(rows: ReadonlyArray<Record<string, string>>): RawBuilder<unknown> {
  return sql`(${sql.join(
    rows.map(
      (row, i) =>
        sql`select cast(${i} as integer) as i, ${sql.join(
          Object.entries(row).map(
            ([name, value]) => sql`cast(${value} as text) as ${sql.ref(name)}`,
          ),
        )}`,
    ),
    sql` union all `,
  )}) as m`;
}

/** The indexes of the rows the condition keeps, on the test's database. */
async function kept(
  t: TestDatabase,
  rows: ReadonlyArray<Record<string, string>>,
  where: RawBuilder<SqlBool>,
): Promise<number[]> {
  const found = await sql<{ i: number | string }>`select m.i from ${rowsTable(rows)} where ${where}
    order by m.i`.execute(t.db.kysely);
  return found.rows.map((row) => Number(row.i));
}

describe.each(DATABASE_KINDS)('the SQL forms of permission rules on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('keeps the messages canSeeMessage lets the reader see (messagesReadableSql)', async () => {
    // Every group's own messages (thread '') and every learner's private thread in each group.
    const rows = GROUPS.flatMap((group) =>
      ['', ...USERS].map((thread) => ({ group_id: group, thread_id: thread })),
    );
    await fc.assert(
      fc.asyncProperty(viewers, async (viewer) => {
        const reader = messageReaderOf({
          userId: viewer.userId ?? '',
          groupIds: [...viewer.groupIds],
          adminGroupIds: [...viewer.adminGroupIds],
        });
        const bySql = await kept(
          t,
          rows,
          messagesReadableSql(reader, { group: 'm.group_id', thread: 'm.thread_id' }),
        );
        const byPredicate = rows.flatMap((row, i) =>
          canSeeMessage(viewer, row.group_id, {
            isPrivate: row.thread_id !== '',
            threadId: row.thread_id,
          })
            ? [i]
            : [],
        );
        expect(bySql).toEqual(byPredicate);
      }),
      { numRuns: RUNS },
    );
  });

  it('finds only the pages canSeeTopic and canSeePage open, through the search index’s documents (searchDocumentsVisibleSql)', async () => {
    const page = fc.constantFrom('Public' as const, 'Private' as const);
    const topics = fc.tuple(
      ...TOPICS.map((id) =>
        fc
          .record({
            visibility: fc.constantFrom('Public' as const, 'Private' as const),
            pages: fc.array(page, { minLength: 1, maxLength: 3 }),
          })
          .map(
            ({ visibility, pages }) =>
              ({
                _id: id,
                name: `topic${id}`,
                description: '',
                visibility,
                // Each page's name is one word found nowhere else.
                pages: pages.map((v, n) => ({
                  _id: `${id}p${n}`,
                  name: `word${id}p${n}`,
                  visibility: v,
                  fragments: [],
                })),
              }) as unknown as Topic,
          ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(topics, viewers, async (stored, viewer) => {
        const documents = searchDocuments(
          { organisation: { locales: ['en-US'] }, topics: stored },
          t.db.dialect,
        );
        const rows = documents.map((d) => ({ audience: d.audience, topic_id: d.topicId }));
        const visible = await kept(
          t,
          rows,
          searchDocumentsVisibleSql(viewer.grantedTopicIds, {
            audience: 'm.audience',
            topic: 'm.topic_id',
          }),
        );
        const findable = new Set(
          visible.flatMap((i) =>
            documents[i]!.pages.split(' ').filter((w) => w.startsWith('word')),
          ),
        );
        const open = new Set(
          stored.flatMap((topic) =>
            canSeeTopic(viewer, topic)
              ? topic.pages
                  .filter((p) => canSeePage(viewer, topic._id, p))
                  .map((p) => String(p.name))
              : [],
          ),
        );
        expect([...findable].sort()).toEqual([...open].sort());
        // One document per topic at most: a viewer never matches a topic twice.
        const topicsFound = visible.map((i) => documents[i]!.topicId);
        expect(new Set(topicsFound).size).toBe(topicsFound.length);
      }),
      { numRuns: RUNS },
    );
  });
});
