import { emptyWorkbook, setFieldValue, type Workbook } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';

const at = '2026-01-01T00:00:00.000Z';
const field = (f: Record<string, unknown>) => ({
  _id: `frag-${f._id}`,
  type: 'field' as const,
  field: { name: String(f._id), ...f } as never,
});

/** A topic with one scored field of every scorable type, and a French translation to search. */
function gradingPack(alias: string) {
  return makePack(alias, {
    topics: [
      {
        _id: 'quiz',
        name: { 'en-US': 'Savings quiz', 'fr-CA': 'Questionnaire sur l’épargne' },
        description: {
          'en-US': '<p>Test what you know about emergency savings.</p>',
          'fr-CA': '<p>Vérifiez vos connaissances sur l’épargne d’urgence.</p>',
        },
        showGradeReport: true,
        allowMultiWorksheets: true,
        pages: [
          {
            _id: 'quiz-p1',
            name: { 'en-US': 'Numbers', 'fr-CA': 'Chiffres' },
            fragments: [
              field({
                _id: 'months',
                type: 'number',
                scoreWeight: 2,
                correctValue: 6,
                tolerance: 0.5,
              }),
              field({
                _id: 'slide',
                type: 'slider',
                minValue: 0,
                maxValue: 10,
                scoreWeight: 1,
                correctValue: [3, 4],
              }),
              field({ _id: 'free', type: 'string' }),
            ],
          },
          {
            _id: 'quiz-p2',
            name: 'Choices',
            fragments: [
              field({
                _id: 'pick',
                type: 'select',
                pickList: [
                  { _id: 'x', value: 'x', label: 'X' },
                  { _id: 'y', value: 'y', label: 'Y' },
                ],
                scoreWeight: 1,
                correctValue: 'y',
              }),
              field({
                _id: 'radio',
                type: 'radio',
                pickList: [{ _id: 'r1', value: 'r1', label: 'R1' }],
                scoreWeight: 1,
                correctValue: 'r1',
              }),
              field({ _id: 'yes', type: 'boolean', scoreWeight: 1, correctValue: true }),
              field({
                _id: 'word',
                type: 'string',
                scoreWeight: 3,
                correctValue: ['zero-based', 'base zéro'],
              }),
              {
                _id: 'quiz-prose',
                type: 'content',
                content: {
                  'en-US': '<p>An emergency fund covers surprise expenses.</p>',
                  'fr-CA': '<p>Un fonds d’urgence couvre les dépenses imprévues.</p>',
                },
              },
            ],
          },
        ],
      },
      {
        _id: 'budgeting',
        name: { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
        description: 'Plan your monthly budget',
        pages: [],
      },
      { _id: 'secret-topic', name: 'Secret emergency plans', visibility: 'Private', pages: [] },
    ],
    topicGroups: [
      { _id: 'group-money', name: 'Money', topics: ['budgeting', 'quiz', 'secret-topic'] },
      { _id: 'group-other', name: 'Other', topics: ['budgeting'] },
    ],
  });
}

describe.each(DATABASE_KINDS)('grades, search and analytics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, gradingPack('doughmain'));
    await mustImport(t.database.db, { ...gradingPack('acme'), bundles: [] });
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (token: string, workbook: Workbook, org = 'doughmain') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/org/${org}/workbook`,
      payload: { workbook },
      headers: bearer(token),
    });
  const grade = (token: string | null, topic: string, index: number, org = 'doughmain') =>
    t.app.inject({
      method: 'GET',
      url: `/api/org/${org}/topic/${topic}/worksheet/${index}/grade`,
      ...(token && { headers: bearer(token) }),
    });
  const sheet = (id: string, answers: Record<string, unknown>) => {
    let w = {
      _id: id,
      name: id,
      // A time (issue 16 F9: times are checked); equal times are ordered by id.
      createdAt: at,
      data: {},
      fieldTimes: {},
      completedPages: [],
    } as Workbook['topics'][string][number];
    for (const [k, v] of Object.entries(answers)) w = setFieldValue(w, k, v, at);
    return w;
  };

  it('grades every field type, by worksheet', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const right = sheet('w1', {
      months: '6.4',
      slide: 4,
      pick: 'y',
      radio: 'r1',
      yes: true,
      word: ' Base Zéro ',
      free: 'anything',
    });
    const wrong = sheet('w2', {
      months: 7,
      slide: 5,
      pick: 'x',
      radio: '',
      yes: 'false',
      word: 'envelope',
    });
    expect(
      (await save(token, { ...emptyWorkbook(), topics: { quiz: [right, wrong] } })).statusCode,
    ).toBe(200);

    const first = await grade(token, 'quiz', 0);
    expect(first.statusCode).toBe(200);
    expect(first.json().scores).toEqual({
      score: 9,
      total: 9,
      summary: {
        'quiz-p1': [
          { fieldId: 'months', isCorrect: true, scoreWeight: 2 },
          { fieldId: 'slide', isCorrect: true, scoreWeight: 1 },
        ],
        'quiz-p2': [
          { fieldId: 'pick', isCorrect: true, scoreWeight: 1 },
          { fieldId: 'radio', isCorrect: true, scoreWeight: 1 },
          { fieldId: 'yes', isCorrect: true, scoreWeight: 1 },
          { fieldId: 'word', isCorrect: true, scoreWeight: 3 },
        ],
      },
    });
    const second = (await grade(token, 'quiz', 1)).json().scores;
    expect(second.score).toBe(0);
    expect(second.total).toBe(9);
    expect(JSON.stringify(second)).not.toMatch(/correctValue|zero-based/);
  });

  it('grades an unsaved topic as an empty first worksheet, and refuses an index out of range', async () => {
    const { token } = await signup(t.app, 'doughmain');
    expect((await grade(token, 'quiz', 0)).json().scores).toMatchObject({ score: 0, total: 9 });
    const missing = await grade(token, 'quiz', 1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatch(/no worksheet 2/);
    expect((await grade(token, 'quiz', -1)).statusCode).toBe(400);
    expect((await grade(token, 'quiz', 'x' as unknown as number)).statusCode).toBe(400);
    expect((await grade(token, 'nope', 0)).statusCode).toBe(404);
    expect((await grade(token, 'general', 1)).statusCode).toBe(404);
  });

  it("never grades another learner's or organisation's worksheet", async () => {
    const a = await signup(t.app, 'doughmain');
    const b = await signup(t.app, 'doughmain');
    await save(a.token, {
      ...emptyWorkbook(),
      topics: { quiz: [sheet('w1', { months: 6 }), sheet('w2', { months: 6 })] },
    });
    expect((await grade(b.token, 'quiz', 0)).json().scores.score).toBe(0);
    expect((await grade(b.token, 'quiz', 1)).statusCode).toBe(404);
    expect((await grade(a.token, 'quiz', 0, 'acme')).statusCode).toBe(401);
    expect((await grade(null, 'quiz', 0)).statusCode).toBe(401);
    expect((await grade(a.token, 'secret-topic', 0)).statusCode).toBe(403);
  });

  const search = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/org/doughmain/search?${query}`,
      ...(token && { headers: bearer(token) }),
    });
  const ids = async (query: string, token?: string) =>
    (await search(query, token)).json().topics.map((x: { _id: string }) => x._id);

  it('finds topics by name, description, page names and page text, ranked', async () => {
    expect(await ids('keywords=budget')).toEqual(['budgeting']);
    expect(await ids('keywords=emergency')).toEqual(['quiz']);
    expect(await ids('keywords=surprise%20expenses')).toEqual(['quiz']);
    expect(await ids('keywords=choices')).toEqual(['quiz']);
    expect(await ids('keywords=plan')).toEqual(['budgeting']);
    const hit = (await search('keywords=savings')).json().topics[0];
    expect(hit).toEqual({
      _id: 'quiz',
      name: 'Savings quiz',
      description: 'Test what you know about emergency savings.',
    });
  });

  it('searches in the learner’s locale', async () => {
    expect(await ids('keywords=%C3%A9pargne&locale=fr-CA')).toEqual(['quiz']);
    expect(await ids('keywords=imprevues&locale=fr-CA')).toEqual(['quiz']);
    expect(await ids('keywords=%C3%A9pargne&locale=en-US')).toEqual([]);
    expect((await search('keywords=budget&locale=fr-CA')).json().topics[0].name).toBe('Budget');
  });

  it('needs 3 characters, and answers nothing for no match', async () => {
    expect((await search('keywords=bu')).json()).toEqual({ topics: [] });
    expect((await search('keywords=')).json()).toEqual({ topics: [] });
    expect((await search('keywords=zzzzzz')).json()).toEqual({ topics: [] });
  });

  it('limits results to a topic group', async () => {
    expect(await ids('keywords=budget&topicGroup=group-other')).toEqual(['budgeting']);
    expect(await ids('keywords=emergency&topicGroup=group-other')).toEqual([]);
  });

  it('leaves out private topics for those who cannot open them', async () => {
    expect(await ids('keywords=secret')).toEqual([]);
    const { token } = await signup(t.app, 'doughmain');
    expect(await ids('keywords=secret', token)).toEqual([]);
    const member = (
      await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username: 'doughmain-learner', password: 'learner-pass-1' },
      })
    ).json().token;
    expect(await ids('keywords=secret', member)).toEqual(['secret-topic']);
    expect(await ids('keywords=emergency', member)).toEqual(
      expect.arrayContaining(['quiz', 'secret-topic']),
    );
  });

  it('treats SQL and full-text operators in keywords as plain words', async () => {
    for (const q of [
      '"budget',
      'budget*',
      "budget' OR 1=1 --",
      'NEAR(budget emergency)',
      'budget & | ! :*',
      'budget) OR (secret',
      '"; DROP TABLE topics; --',
      '*:*',
      'org_id:x budget',
      '^budget',
    ]) {
      const res = await search(`keywords=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().topics.map((x: { _id: string }) => x._id),
        q,
      ).not.toContain('secret-topic');
    }
    expect(await ids(`keywords=${encodeURIComponent("budget' OR 1=1 --")}`)).toEqual([]);
    expect((await search(`keywords=${'x'.repeat(500)}`)).statusCode).toBe(400);
  });

  it('keeps organisations apart in search', async () => {
    const acme = (
      await t.app.inject({ method: 'GET', url: '/api/org/acme/search?keywords=budget' })
    ).json().topics;
    expect(acme.map((x: { _id: string }) => x._id)).toEqual(['budgeting']);
    const orgs = await t.database.db.kysely
      .selectFrom('topic_search')
      .select('org_id')
      .distinct()
      .execute();
    expect(orgs).toHaveLength(2);
  });

  it('stores analytics events, UPLOAD_FILE with its spec shape', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const event = {
      name: 'UPLOAD_FILE',
      category: 'UPLOAD',
      data: {
        email: 'a@b.example',
        fileName: 'plan.pdf',
        topicName: 'Cash flow',
        pageName: 'Forecast',
      },
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/analytics/events',
      payload: event,
      headers: bearer(token),
    });
    expect(ok.json()).toEqual({ success: true });
    const stored = await t.database.db.kysely
      .selectFrom('analytics_events')
      .selectAll()
      .where('name', '=', 'UPLOAD_FILE')
      .executeTakeFirstOrThrow();
    expect(stored.category).toBe('UPLOAD');
    expect(JSON.parse(stored.payload)).toEqual(event.data);
    expect(stored.user_id).not.toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/analytics/events',
      payload: { name: 'UPLOAD_FILE', category: 'OTHER', data: {} },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errfor)).toEqual(expect.arrayContaining(['category']));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/analytics/events',
          payload: { name: '<script>', category: 'X' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/org/nope/analytics/events',
          payload: { name: 'PAGE_VIEW', category: 'NAV' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
