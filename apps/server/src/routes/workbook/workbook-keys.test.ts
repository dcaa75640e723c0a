import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { untilNextMillisecond } from '../../test/wait';

/** Names of Object.prototype's members, each a topic, a worksheet and a field id below. */
const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];

const topic = (id: string) => ({
  _id: id,
  name: `Topic ${id}`,
  pages: [
    {
      _id: `${id}-p1`,
      name: 'Page',
      fragments: [
        {
          _id: `${id}-f1`,
          type: 'field' as const,
          field: { _id: id, name: id, type: 'number' as const, scoreWeight: 1, correctValue: 7 },
        },
      ],
    },
  ],
});

const sheet = (id: string, value: number, at: string) => ({
  _id: id,
  name: `Sheet ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  data: { [id]: value },
  fieldTimes: { [id]: at },
  completedPages: [],
});

describe.each(DATABASE_KINDS)('workbook ids and times on %s (issue 16 F6, F9)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(
      t.database.db,
      makePack('protokeys', {
        topicGroups: [],
        topics: NAMES.map(topic),
        userGroups: [],
        bundles: [],
        users: [],
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (token: string, workbook: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/org/protokeys/workbook',
      payload: { workbook } as object,
      headers: bearer(token),
    });
  const get = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/protokeys/workbook',
        headers: bearer(token),
      })
    ).json().workbook.workbook;

  it('saves, merges and grades topics, worksheets and fields named constructor, toString…', async () => {
    const { token } = await signup(t.app, 'protokeys');
    const at = new Date(Date.now() - 60_000).toISOString();
    const topics = Object.fromEntries(NAMES.map((id) => [id, [sheet(id, 7, at)]]));
    const first = await put(token, {
      general: { data: { constructor: 1 }, fieldTimes: { constructor: at } },
      topics,
    });
    expect(first.statusCode, first.body).toBe(200);
    // A second save merges into the stored workbook: every key is read as an own key.
    const second = await put(token, {
      topics: { constructor: [sheet('constructor', 8, new Date().toISOString())] },
    });
    expect(second.statusCode, second.body).toBe(200);
    const stored = await get(token);
    expect(Object.keys(stored.topics).sort()).toEqual([...NAMES].sort());
    for (const id of NAMES)
      expect(stored.topics[id].map((w: { _id: string }) => w._id)).toEqual([id]);
    expect(stored.topics.constructor[0].data).toEqual({ constructor: 8 });
    expect(stored.topics.toString[0].data).toEqual({ toString: 7 });
    expect(stored.general.data).toEqual({ constructor: 1 });

    // Removing the worksheet `valueOf` removes it alone.
    const removed = await put(token, {
      removedWorksheets: { valueOf: new Date().toISOString() },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await get(token);
    expect(after.topics.valueOf).toEqual([]);
    expect(after.topics.toString).toHaveLength(1);

    for (const [id, score] of [
      ['toString', 1],
      ['constructor', 0],
      ['hasOwnProperty', 1],
    ] as const) {
      const grade = await t.app.inject({
        method: 'GET',
        url: `/api/org/protokeys/topic/${id}/worksheet/0/grade`,
        headers: bearer(token),
      });
      expect(grade.statusCode, grade.body).toBe(200);
      expect(grade.json().scores).toMatchObject({ score, total: 1 });
    }
  });

  it('refuses __proto__ as a key with 400 and the error body, never dropping it silently', async () => {
    const { token } = await signup(t.app, 'protokeys');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/org/protokeys/workbook',
      payload: '{"workbook":{"topics":{"__proto__":[]}}}',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.any(String)]);
  });

  it('refuses edit times that are not times (400, errfor)', async () => {
    const { token } = await signup(t.app, 'protokeys');
    for (const bad of ['~', 'zzz', '9999', 'tomorrow']) {
      const res = await put(token, {
        general: { data: { a: 1 }, fieldTimes: { a: bad } },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errfor, bad).toBeTruthy();
      const named = await put(token, {
        topics: {
          toString: [{ ...sheet('toString', 1, new Date().toISOString()), nameUpdatedAt: bad }],
        },
      });
      expect(named.statusCode, bad).toBe(400);
    }
    expect(await get(token)).toMatchObject({ general: { data: {} } });
  });

  it('unpins a value stored with a non-time before times were checked', async () => {
    const { token } = await signup(t.app, 'protokeys');
    const at = new Date().toISOString();
    expect(
      (await put(token, { general: { data: { a: 'pinned' }, fieldTimes: { a: at } } })).statusCode,
    ).toBe(200);
    // As the probe left it: "~" sorts after every time. (A new version: the server reads it again.)
    const row = await t.database.db.kysely.selectFrom('workbooks').selectAll().execute();
    const mine = row.find((r) => r.data.includes('"pinned"'))!;
    await t.database.db.kysely
      .updateTable('workbooks')
      .set({ data: mine.data.replace(at, '~'), version: mine.version + 1 })
      .where('org_id', '=', mine.org_id)
      .where('user_id', '=', mine.user_id)
      .execute();
    await untilNextMillisecond();
    const later = new Date().toISOString();
    expect(
      (await put(token, { general: { data: { a: 'edited' }, fieldTimes: { a: later } } }))
        .statusCode,
    ).toBe(200);
    expect((await get(token)).general.data.a).toBe('edited');
  });

  it('bounds edit times by the server clock: a device a day ahead does not win over a later edit', async () => {
    const { token } = await signup(t.app, 'protokeys');
    const dayAhead = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await put(token, { general: { data: { a: 'fast clock' }, fieldTimes: { a: dayAhead } } }))
        .statusCode,
    ).toBe(200);
    const stamped = (await get(token)).general.fieldTimes.a;
    expect(Date.parse(stamped)).toBeLessThanOrEqual(Date.now());
    await untilNextMillisecond();
    const later = new Date().toISOString();
    expect(
      (await put(token, { general: { data: { a: 'right clock' }, fieldTimes: { a: later } } }))
        .statusCode,
    ).toBe(200);
    expect((await get(token)).general.data.a).toBe('right clock');
  });
});
