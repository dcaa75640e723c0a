import { emptyWorkbook, type Topic } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from '../../db/repositories/topic-drafts';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

const PASSWORD = 'author-pass-1';
const user = (alias: string, name: string, roles?: Array<'author' | 'admin'>) => ({
  username: `${alias}-${name}`,
  email: `${name}@${alias}.example`,
  password: PASSWORD,
  name: { first: name, last: 'Tester' },
  groups: [],
  ...(roles && { roles }),
});

/** The pack's topic as the draft changes it: a new question, a new correct value, a new field. */
function draftOf(published: Topic): Topic {
  const [page] = published.pages;
  return {
    ...published,
    name: { 'en-US': 'Budgeting (draft)', 'fr-CA': 'Budget (brouillon)' },
    pages: [
      {
        ...page!,
        fragments: page!.fragments.map((f) =>
          f.type === 'field'
            ? {
                ...f,
                field: {
                  ...f.field,
                  question: { 'en-US': 'Monthly income?', 'fr-CA': 'Revenu mensuel ?' },
                  correctValue: 200,
                },
              }
            : f,
        ),
      },
      {
        _id: 'budgeting-p2',
        name: 'Savings',
        visibility: 'Private',
        fragments: [
          {
            _id: 'budgeting-f3',
            type: 'field',
            field: {
              _id: 'savings',
              name: 'Savings',
              type: 'number',
              scoreWeight: 1,
              correctValue: 50,
            },
          },
          {
            _id: 'budgeting-f4',
            type: 'content',
            // Longer than what the learner's answer inlines: a preview inlines it all the same.
            content: `<p>${'Long draft text. '.repeat(400)}</p>`,
          },
        ],
      },
    ],
  } as Topic;
}

describe.each(DATABASE_KINDS)('studio preview API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const login = async (org: string, username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/org/${org}/login`,
      payload: { username, password: PASSWORD },
      remoteAddress: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const doughmain = makePack('doughmain');
    await mustImport(t.database.db, {
      ...doughmain,
      users: [
        user('doughmain', 'author', ['author']),
        user('doughmain', 'admin', ['admin']),
        user('doughmain', 'learner'),
      ],
    });
    await mustImport(t.database.db, {
      ...makePack('acme', { bundles: [] }),
      topics: [
        {
          _id: 'acme-only',
          name: 'Acme only',
          pages: [{ _id: 'acme-p1', name: 'One', fragments: [] }],
        },
      ],
      topicGroups: [],
      userGroups: [],
      users: [user('acme', 'author', ['author'])],
    });
    tokens.author = await login('doughmain', 'doughmain-author');
    tokens.admin = await login('doughmain', 'doughmain-admin');
    tokens.learner = await login('doughmain', 'doughmain-learner');
    tokens.acmeAuthor = await login('acme', 'acme-author');
    const orgId = (await t.organisations.find('doughmain'))!.id;
    const published = doughmain.topics!.find((topic) => topic._id === 'budgeting') as Topic;
    // An import makes each topic's draft (its published version): the author changes it.
    const current = await loadDraft(t.database.db, orgId, 'budgeting');
    const saved = await saveDraft(
      t.database.db,
      orgId,
      { topicId: 'budgeting', topic: draftOf(published), expectedVersion: current?.version ?? 0 },
      { by: null, at: new Date().toISOString() },
    );
    expect(saved.ok).toBe(true);
  });
  afterAll(async () => t?.close());

  const send = (options: InjectOptions) => t.app.inject(options);
  const as = (token: string | null, org = 'doughmain') => ({
    topic: (topicId: string, locale = 'en-US') =>
      send({
        method: 'GET',
        url: `/api/org/${org}/studio/topic/${topicId}/preview?locale=${locale}`,
        headers: token ? bearer(token) : {},
      }),
    grade: (topicId: string, index = 0) =>
      send({
        method: 'GET',
        url: `/api/org/${org}/studio/topic/${topicId}/preview/worksheet/${index}/grade`,
        headers: token ? bearer(token) : {},
      }),
    workbook: () =>
      send({
        method: 'GET',
        url: `/api/org/${org}/studio/preview/workbook`,
        headers: token ? bearer(token) : {},
      }),
    save: (workbook: unknown) =>
      send({
        method: 'PUT',
        url: `/api/org/${org}/studio/preview/workbook`,
        payload: { workbook } as object,
        headers: token ? bearer(token) : {},
      }),
    reset: () =>
      send({
        method: 'DELETE',
        url: `/api/org/${org}/studio/preview/workbook`,
        headers: token ? bearer(token) : {},
      }),
    learnerWorkbook: () =>
      send({
        method: 'GET',
        url: `/api/org/${org}/workbook`,
        headers: token ? bearer(token) : {},
      }),
    saveLearnerWorkbook: (workbook: unknown) =>
      send({
        method: 'PUT',
        url: `/api/org/${org}/workbook`,
        payload: { workbook } as object,
        headers: token ? bearer(token) : {},
      }),
  });
  const sheet = (data: Record<string, unknown>, at = new Date().toISOString()) => ({
    ...emptyWorkbook(),
    topics: {
      budgeting: [
        {
          _id: 'first-budgeting',
          name: 'New Worksheet',
          data,
          updatedAt: at,
          completedPages: [],
        },
      ],
    },
  });
  const everyRoute = (who: ReturnType<typeof as>) => [
    who.topic('budgeting'),
    who.grade('budgeting'),
    who.workbook(),
    who.save(sheet({ income: 1 })),
    who.reset(),
  ];

  it('answers the draft in the learner’s shape, every page, without correct values', async () => {
    const res = await as(tokens.author!).topic('budgeting');
    expect(res.statusCode, res.body).toBe(200);
    const { topic } = res.json();
    expect(topic.name).toBe('Budgeting (draft)');
    expect(topic.pages.map((p: { _id: string }) => p._id)).toEqual([
      'budgeting-p1',
      'budgeting-p2',
    ]);
    const income = topic.pages[0].fragments.find((f: { type: string }) => f.type === 'field');
    expect(income.field).toMatchObject({ _id: 'income', question: 'Monthly income?' });
    expect(income.field.isScored).toBe(true);
    expect(res.body).not.toContain('correctValue');
    expect(res.body).not.toContain('tolerance');
    // A long body comes inline: the content route would serve the published one.
    const long = topic.pages[1].fragments.find((f: { type: string }) => f.type === 'content');
    expect(long.content.body).toContain('Long draft text.');
    // In the interface locale asked for.
    const fr = (await as(tokens.admin!).topic('budgeting', 'fr-CA')).json().topic;
    expect(fr.name).toBe('Budget (brouillon)');
    // Learners still read the published topic.
    const learnerView = await send({
      method: 'GET',
      url: '/api/org/doughmain/topic/budgeting',
      headers: bearer(tokens.learner!),
    });
    expect(learnerView.json().topic.name).toBe('Budgeting');
  });

  it('shows a topic whose draft is its published version, and the general topic by "general"', async () => {
    const res = await as(tokens.author!).topic('secret-topic');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().topic).toMatchObject({ _id: 'secret-topic', name: 'Secret topic' });
    const general = await as(tokens.author!).topic('general');
    expect(general.statusCode, general.body).toBe(200);
    expect(general.json().topic).toMatchObject({ _id: 'general', isGeneral: true });
  });

  it('saves preview answers in the preview workbook, merged, and never in the learner’s', async () => {
    const author = as(tokens.author!);
    // The author is a learner too: their own workbook holds an answer.
    const own = await author.saveLearnerWorkbook(sheet({ income: 5 }, '2026-01-01T00:00:00.000Z'));
    expect(own.statusCode, own.body).toBe(200);
    const learnerBefore = (await author.learnerWorkbook()).json().workbook;

    const first = await author.save(sheet({ income: 200 }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().workbook.version).toBe(1);
    // Another field from another tab: merged field by field, nothing lost.
    const second = await author.save({
      ...emptyWorkbook(),
      topics: {
        budgeting: [
          {
            _id: 'first-budgeting',
            name: 'New Worksheet',
            data: { savings: 50 },
            updatedAt: new Date().toISOString(),
            completedPages: [],
          },
        ],
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    const stored = (await author.workbook()).json().workbook;
    expect(stored.version).toBe(2);
    expect(stored.workbook.topics.budgeting[0].data).toEqual({ income: 200, savings: 50 });

    const learnerAfter = (await author.learnerWorkbook()).json().workbook;
    expect({ ...learnerAfter, serverTime: 0 }).toEqual({ ...learnerBefore, serverTime: 0 });
    expect(learnerAfter.workbook.topics.budgeting[0].data).toEqual({ income: 5 });
    // In the database: the learner's row is the learner's, the preview is in its own table.
    const k = t.database.db.kysely;
    const rows = await k.selectFrom('workbooks').select('data').execute();
    expect(rows.some((row) => row.data.includes('"savings"'))).toBe(false);
    expect(await k.selectFrom('preview_workbooks').select('user_id').execute()).toHaveLength(1);

    // Another author's preview is their own.
    const other = (await as(tokens.admin!).workbook()).json().workbook;
    expect(other.version).toBe(0);
    expect(other.workbook).toEqual(emptyWorkbook());
  });

  it('grades the preview worksheet on the draft, and the learner route still on the published topic', async () => {
    const author = as(tokens.author!);
    await author.reset();
    await author.save(sheet({ income: 200, savings: 50 }));
    const graded = await author.grade('budgeting');
    expect(graded.statusCode, graded.body).toBe(200);
    // The draft's correct values (200, 50) and its private page, counted.
    expect(graded.json().scores).toMatchObject({ score: 2, total: 2 });

    // The learner route grades the author's own workbook (income 5) on the published topic.
    const learnerGrade = await send({
      method: 'GET',
      url: '/api/org/doughmain/topic/budgeting/worksheet/0/grade',
      headers: bearer(tokens.author!),
    });
    expect(learnerGrade.json().scores).toMatchObject({ score: 0, total: 1 });
    // A worksheet that does not exist is 404, as for learners.
    expect((await author.grade('budgeting', 4)).statusCode).toBe(404);
  });

  it('empties the preview workbook on reset', async () => {
    const author = as(tokens.author!);
    await author.save(sheet({ income: 1 }));
    const reset = await author.reset();
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().workbook).toMatchObject({ workbook: emptyWorkbook(), version: 0 });
    expect((await author.workbook()).json().workbook.workbook).toEqual(emptyWorkbook());
    expect((await author.grade('budgeting')).json().scores).toMatchObject({ score: 0 });
    // The learner's own workbook is untouched by a reset.
    const own = (await author.learnerWorkbook()).json().workbook.workbook;
    expect(own.topics.budgeting[0].data).toEqual({ income: 5 });
  });

  it('merges like a learner’s save: the organisation’s worksheet cap holds', async () => {
    const author = as(tokens.author!);
    await author.reset();
    const many = Array.from({ length: 4 }, (_, i) => ({
      name: `Sheet ${i}`,
      data: { income: i },
      updatedAt: new Date().toISOString(),
      completedPages: [],
    }));
    const res = await author.save({ ...emptyWorkbook(), topics: { budgeting: many } });
    expect(res.statusCode, res.body).toBe(400);
    expect((await author.workbook()).json().workbook.version).toBe(0);
  });

  it('refuses visitors (401), learners (403) and tokens of another organisation (401)', async () => {
    const k = t.database.db.kysely;
    // The author's preview holds an answer that nobody else's call may change.
    expect((await as(tokens.author!).save(sheet({ income: 9 }))).statusCode).toBe(200);
    const rowsBefore = await k.selectFrom('preview_workbooks').selectAll().execute();
    for (const res of await Promise.all(everyRoute(as(null)))) {
      expect(res.statusCode, res.body).toBe(401);
      expect(Object.keys(res.json())).toEqual(['errors']);
    }
    for (const res of await Promise.all(everyRoute(as(tokens.learner!)))) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('draft');
    }
    for (const res of await Promise.all(everyRoute(as(tokens.acmeAuthor!)))) {
      expect(res.statusCode, res.body).toBe(401);
    }
    // The refused saves and resets changed nothing.
    expect(rowsBefore).toHaveLength(1);
    expect(await k.selectFrom('preview_workbooks').selectAll().execute()).toEqual(rowsBefore);
  });

  it('answers 404 for a topic of another organisation, as for an unknown one', async () => {
    const acme = as(tokens.acmeAuthor!, 'acme');
    const theirs = await acme.topic('budgeting');
    const unknown = await acme.topic('no-such-topic');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect(theirs.body).not.toContain('Budgeting');
    expect((await acme.grade('budgeting')).statusCode).toBe(404);
    // Their own topic previews.
    expect((await acme.topic('acme-only')).statusCode).toBe(200);
    // And doughmain's author cannot reach acme's topic.
    expect((await as(tokens.author!).topic('acme-only')).statusCode).toBe(404);
  });
});
