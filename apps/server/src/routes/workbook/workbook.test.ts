import { emptyWorkbook, setFieldValue, WORKBOOK_MAX_BYTES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

describe.each(DATABASE_KINDS)('workbook API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    await mustImport(t.database.db, makePack('acme', { bundles: [] }));
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, workbook: unknown, org = 'doughmain') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/org/${org}/workbook`,
      payload: { workbook } as object,
      headers: bearer(token),
    });
  const get = (token: string, org = 'doughmain') =>
    t.app.inject({ method: 'GET', url: `/api/org/${org}/workbook`, headers: bearer(token) });
  const withField = (field: string, value: unknown, at: string) => ({
    ...emptyWorkbook(),
    general: setFieldValue(emptyWorkbook().general, field, value, at),
  });

  it('answers an empty workbook before the first save, then the saved one with its version', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const first = await get(token);
    expect(first.json()).toEqual({
      workbook: {
        workbook: emptyWorkbook(),
        version: 0,
        updatedAt: expect.any(String),
        serverTime: expect.any(String),
      },
    });
    const saved = await put(token, {
      ...withField('income', 3000, '2026-01-01T00:00:00.000Z'),
      history: { topicId: 'budgeting', pageId: 'budgeting-p1', worksheetIndex: 0 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().workbook.version).toBe(1);
    const again = (await get(token)).json().workbook;
    expect(again.version).toBe(1);
    expect(again.workbook.general.data).toEqual({ income: 3000 });
    expect(again.workbook.history).toEqual({
      topicId: 'budgeting',
      pageId: 'budgeting-p1',
      worksheetIndex: 0,
      updatedAt: saved.json().workbook.updatedAt,
    });
  });

  it('keeps every field of concurrent saves that edit different fields', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const saves = Array.from({ length: 50 }, (_, i) =>
      put(token, withField(`f${i}`, i, `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`)),
    );
    const answers = await Promise.all(saves);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const stored = (await get(token)).json().workbook;
    expect(Object.keys(stored.workbook.general.data).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `f${i}`).sort(),
    );
    expect(stored.version).toBe(50);
  });

  it('does not let a stale save erase a newer value', async () => {
    const { token } = await signup(t.app, 'doughmain');
    await put(token, withField('income', 3500, '2026-02-01T00:00:00.000Z'));
    await put(token, withField('income', 3000, '2026-01-01T00:00:00.000Z'));
    expect((await get(token)).json().workbook.workbook.general.data.income).toBe(3500);
  });

  /** A worksheet as docs/product-spec.md §3 gives it: {name, data, updatedAt, completedPages}, no _id. */
  const specSheet = (data: Record<string, unknown>, name = 'New Worksheet') => ({
    name,
    data,
    updatedAt: '2026-01-01T00:00:00.000Z',
    completedPages: [],
  });

  it('saves worksheets sent without _id, gives them ids, and keeps them on later saves', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const first = await put(token, {
      general: { data: {}, completedPages: [] },
      topics: { budgeting: [specSheet({ income: 1 }), specSheet({ rent: 2 }, 'Plan B')] },
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().workbook.workbook.topics.budgeting;
    const ids = saved.map((w: { _id: string }) => w._id);
    expect(ids).toEqual(['first-budgeting', expect.stringMatching(/^ws-[0-9a-f]{32}$/)]);
    expect(saved.map((w: { name: string }) => w.name)).toEqual(['New Worksheet', 'Plan B']);

    const second = await put(token, {
      topics: { budgeting: [specSheet({ savings: 3 }), specSheet({ food: 4 }, 'Plan B')] },
    });
    expect(second.statusCode, second.body).toBe(200);
    const merged = second.json().workbook;
    expect(merged.version).toBe(2);
    expect(merged.workbook.topics.budgeting.map((w: { _id: string }) => w._id)).toEqual(ids);
    expect(merged.workbook.topics.budgeting.map((w: { data: unknown }) => w.data)).toEqual([
      { income: 1, savings: 3 },
      { rent: 2, food: 4 },
    ]);
    expect((await get(token)).json().workbook).toEqual({
      ...merged,
      serverTime: expect.any(String),
    });
  });

  it('keeps the changes of a client that sends no edit times (the spec’s shapes)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const save = (income: number, name: string, pageId: string) =>
      put(token, {
        general: { data: { nickname: `n${income}` }, completedPages: [] },
        topics: { budgeting: [specSheet({ income, rent: 5 }, name)] },
        history: { topicId: 'budgeting', pageId, worksheetIndex: 0 },
      });
    // Each change goes "down" (9 → 2, Zed → Alpha, p2 → p1), so no ordering of values can win it.
    expect((await save(9, 'Zed', 'budgeting-p2')).statusCode).toBe(200);
    const second = await save(2, 'Alpha', 'budgeting-p1');
    expect(second.statusCode, second.body).toBe(200);
    const workbook = second.json().workbook.workbook;
    // A changed answer, name and history win over the stored ones; unchanged ones stay as stored.
    expect(workbook.topics.budgeting[0].data).toEqual({ income: 2, rent: 5 });
    expect(workbook.topics.budgeting[0].name).toBe('Alpha');
    expect(workbook.general.data).toEqual({ nickname: 'n2' });
    expect(workbook.history).toMatchObject({ topicId: 'budgeting', pageId: 'budgeting-p1' });
    const third = await save(1, 'Alpha', 'budgeting-p1');
    expect(third.json().workbook.workbook.topics.budgeting[0].data.income).toBe(1);
  });

  it('keeps an edit of a client that sends back the field times it was given (design §8)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const first = await put(token, {
      topics: { budgeting: [{ ...specSheet({ 'q-income': 5000, rent: 900 }), fieldTimes: {} }] },
    });
    expect(first.statusCode, first.body).toBe(200);
    // The spec's client: GET, change one value and the worksheet's updatedAt, PUT it all back
    // with the version and every field time it was given.
    const read = (await get(token)).json().workbook;
    const sheet = read.workbook.topics.budgeting[0];
    sheet.data['q-income'] = 4999;
    sheet.updatedAt = new Date().toISOString();
    const saved = await put(token, { ...read.workbook, version: read.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().workbook.conflicts ?? []).toEqual([]);
    const stored = (await get(token)).json().workbook.workbook.topics.budgeting[0];
    expect(stored.data).toEqual({ 'q-income': 4999, rent: 900 });
    // Its time is the server's, not the one it carried.
    expect(stored.fieldTimes['q-income'] > sheet.fieldTimes['q-income']).toBe(true);
  });

  it('never lets a clock far ahead pin a field: later saves of it still win', async () => {
    const { token } = await signup(t.app, 'doughmain');
    // Each change goes "down" (9, 8, 7…), so no ordering of values can win it.
    const far = await put(token, withField('income', 9, '9999-12-31T00:00:00.000Z'));
    expect(far.statusCode, far.body).toBe(200);
    const farTime = far.json().workbook.workbook.general.fieldTimes.income;
    expect(Date.parse(farTime)).toBeLessThanOrEqual(Date.now());
    const echo = async (value: number) => {
      const read = (await get(token)).json().workbook.workbook;
      read.general.data.income = value;
      return (await put(token, read)).json().workbook.workbook.general.data.income;
    };
    expect(await echo(8)).toBe(8);
    const next = await put(token, withField('income', 7, new Date().toISOString()));
    expect(next.json().workbook.workbook.general.data.income).toBe(7);
    expect(await echo(6)).toBe(6);
    const again = await put(token, withField('income', 5, '9999-12-31T00:00:00.000Z'));
    expect(again.json().workbook.workbook.general.data.income).toBe(5);
    expect(await echo(4)).toBe(4);
    expect(await echo(3)).toBe(3);
  });

  it('names the newer edit that won over an older one, and why', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const stale = (await get(token)).json().workbook.workbook;
    await put(token, withField('income', 3500, new Date().toISOString()));
    // A tab that read before that save changes the same field from what it had.
    const answer = await put(token, withField('income', 3000, '2026-01-01T00:00:00.000Z'));
    expect(answer.statusCode).toBe(200);
    const { workbook, conflicts } = answer.json().workbook;
    expect(workbook.general.data.income).toBe(3500);
    expect(conflicts).toEqual([
      expect.objectContaining({
        topicId: null,
        worksheetId: null,
        field: 'income',
        yours: '2026-01-01T00:00:00.000Z',
        kept: workbook.general.fieldTimes.income,
        message: expect.stringContaining('newer'),
      }),
    ]);
    expect(stale.general.data).toEqual({});
  });

  it('refuses a save that would leave a topic more worksheets than the cap (400, errfor)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const three = [specSheet({ a: 1 }), specSheet({ b: 2 }), specSheet({ c: 3 })];
    expect((await put(token, { topics: { budgeting: three } })).statusCode).toBe(200);
    const res = await put(token, { topics: { budgeting: [...three, specSheet({ d: 4 })] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        'A topic may have at most 3 worksheets; this save would give more to "budgeting" (4). Remove a worksheet first.',
      ],
      errfor: { 'workbook.topics.budgeting': 'at most 3 worksheets' },
    });
    // Worksheets with ids, added beyond the cap after the merge, are refused the same way.
    const stored = (await get(token)).json().workbook;
    expect(stored.version).toBe(1);
    const withIds = stored.workbook.topics.budgeting;
    const extra = { ...withIds[0], _id: 'ws-extra', createdAt: '2030-01-01T00:00:00.000Z' };
    expect(
      (await put(token, { ...stored.workbook, topics: { budgeting: [extra] } })).statusCode,
    ).toBe(400);
    expect((await get(token)).json().workbook.version).toBe(1);
  });

  it('refuses what is not a workbook with 400 and errfor', async () => {
    const { token } = await signup(t.app, 'doughmain');
    for (const body of [
      { workbook: 'nope' },
      { workbook: { topics: { t: 'x' } } },
      {},
      { workbook: { general: { completedPages: 'p1' } } },
      [],
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/org/doughmain/workbook',
        payload: body as object,
        headers: bearer(token),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errfor, JSON.stringify(body)).toBeTruthy();
    }
  });

  it('refuses a workbook over the size limit with 413', async () => {
    const { token } = await signup(t.app, 'doughmain');
    let workbook = emptyWorkbook();
    for (let i = 0; i * 90_000 <= WORKBOOK_MAX_BYTES; i++)
      workbook = {
        ...workbook,
        general: setFieldValue(
          workbook.general,
          `essay${i}`,
          'x'.repeat(90_000),
          '2026-01-01T00:00:00.000Z',
        ),
      };
    const res = await put(token, workbook);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      errors: [`The workbook is larger than ${WORKBOOK_MAX_BYTES} bytes.`],
      errfor: { workbook: 'is too large' },
    });
  });

  it("never reaches another learner's or organisation's workbook", async () => {
    const a = await signup(t.app, 'doughmain');
    const b = await signup(t.app, 'doughmain');
    await put(a.token, withField('secret', 'mine', '2026-01-01T00:00:00.000Z'));
    expect((await get(b.token)).json().workbook.workbook.general.data).toEqual({});
    expect((await get(a.token, 'acme')).statusCode).toBe(401);
    expect(
      (await put(a.token, withField('x', 1, '2026-01-01T00:00:00.000Z'), 'acme')).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/org/doughmain/workbook' })).statusCode,
    ).toBe(401);
  });
});
