import {
  errorText,
  emptyWorkbook,
  newWorksheet,
  setFieldValue,
  type Workbook,
  type WorkbookSave,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database';
import { startTestApp, type TestApp } from '../test/app';
import { signup } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { DomainError } from './errors';
import { WorkbookService } from './workbooks';

/** The organisation's constraints (the test pack's cap is 3). */
const LIMITS = { maxTopicWorksheets: 3 };

const withField = (field: string, value: unknown, at: string): Workbook => ({
  ...emptyWorkbook(),
  general: setFieldValue(emptyWorkbook().general, field, value, at),
});

// Two server processes on one database: each keeps the workbooks it last wrote in memory, so
// each save of one may start from a stale copy. The version check makes it merge again.
describe.each(DATABASE_KINDS)('WorkbookService, two servers on one %s database', (kind) => {
  let t: TestApp;
  let otherDb: Db;
  let orgId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    otherDb = openDatabase(t.database.url);
    orgId = (await t.organisations.find('doughmain'))!.id;
  });
  afterAll(async () => {
    await otherDb.destroy();
    await t.close();
  });

  async function learnerId(): Promise<string> {
    const { body } = await signup(t.app, 'doughmain');
    const row = await t.database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username', '=', String(body.username))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('keeps every edit when saves alternate between the servers', async () => {
    const userId = await learnerId();
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? one : two;
      const saved = await server.save(
        orgId,
        userId,
        withField(`f${i}`, i, `2026-01-01T00:00:0${i}.000Z`),
        LIMITS,
      );
      expect(saved.version).toBe(i + 1);
    }
    const stored = await one.get(orgId, userId);
    expect(stored.version).toBe(10);
    expect(stored.workbook.general.data).toEqual(
      Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, i])),
    );
    // The answer of a save is the stored workbook, as GET gives it.
    const answer = JSON.parse(await two.getJson(orgId, userId));
    expect(answer.workbook.workbook).toEqual(stored.workbook);
  });

  it('keeps every edit of concurrent first saves from both servers', async () => {
    const userId = await learnerId();
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).save(
          orgId,
          userId,
          withField(`f${i}`, i, `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`),
          LIMITS,
        ),
      ),
    );
    const stored = await two.get(orgId, userId);
    expect(Object.keys(stored.workbook.general.data)).toHaveLength(20);
    expect(stored.version).toBe(20);
  });

  it('lets a newer value saved by one server win over an older one saved later by the other', async () => {
    const userId = await learnerId();
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    await one.save(orgId, userId, withField('income', 1, '2026-01-01T00:00:00.000Z'), LIMITS);
    await two.save(orgId, userId, withField('income', 3, '2026-03-01T00:00:00.000Z'), LIMITS);
    await one.save(orgId, userId, withField('income', 2, '2026-02-01T00:00:00.000Z'), LIMITS);
    expect((await one.get(orgId, userId)).workbook.general.data.income).toBe(3);
  });

  it('writes saves made at the same moment together, and one that fails fails alone', async () => {
    const learners = await Promise.all([learnerId(), learnerId(), learnerId()]);
    const service = new WorkbookService(t.database.db);
    const saves = [
      ...learners.map((userId, i) =>
        service.save(orgId, userId, withField('income', i, '2026-01-01T00:00:00.000Z'), LIMITS),
      ),
      // No such learner: the database refuses the row (foreign key).
      service.save(
        orgId,
        'no-such-learner',
        withField('income', 9, '2026-01-01T00:00:00.000Z'),
        LIMITS,
      ),
      service.save(
        orgId,
        learners[0]!,
        withField('rent', 1200, '2026-01-01T00:00:01.000Z'),
        LIMITS,
      ),
    ];
    const outcomes = await Promise.allSettled(saves);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const [i, userId] of learners.entries())
      expect((await service.get(orgId, userId)).workbook.general.data.income).toBe(i);
    const first = await service.get(orgId, learners[0]!);
    expect(first.workbook.general.data).toEqual({ income: 0, rent: 1200 });
    expect(first.version).toBe(2);
  });

  it('writes the saves of several learners made at once together; a stale one merges again', async () => {
    const [a, b, c] = await Promise.all([learnerId(), learnerId(), learnerId()]);
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    for (const userId of [a!, b!, c!])
      await one.save(orgId, userId, withField('first', 1, '2026-01-01T00:00:00.000Z'), LIMITS);
    // Another server saves learner a: what `one` holds of a is now stale.
    await two.save(orgId, a!, withField('elsewhere', 2, '2026-01-01T00:00:01.000Z'), LIMITS);
    const saved = await Promise.all(
      [a!, b!, c!].map((userId) =>
        one.save(orgId, userId, withField('together', 3, '2026-01-01T00:00:02.000Z'), LIMITS),
      ),
    );
    expect(saved.map((s) => s.version)).toEqual([3, 2, 2]);
    expect((await one.get(orgId, a!)).workbook.general.data).toEqual({
      first: 1,
      elsewhere: 2,
      together: 3,
    });
    for (const userId of [b!, c!])
      expect((await two.get(orgId, userId)).workbook.general.data).toEqual({
        first: 1,
        together: 3,
      });
  });

  it('waits for a transaction open on the connection, then saves', async () => {
    const userId = await learnerId();
    const service = new WorkbookService(t.database.db);
    let save: Promise<unknown> | undefined;
    await t.database.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).execute();
      save = service.save(
        orgId,
        userId,
        withField('income', 1, '2026-01-01T00:00:00.000Z'),
        LIMITS,
      );
      // The point: the transaction stays open across turns of the event loop, as a sign-up's
      // does, while the save waits for it; there is no event of the save's waiting to wait for.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.selectFrom('users').select('id').where('id', '=', userId).execute();
    });
    await expect(save).resolves.toMatchObject({ version: 1 });
    expect((await service.get(orgId, userId)).workbook.general.data).toEqual({ income: 1 });
  });

  const sheets = (...ids: string[]): Workbook => ({
    ...emptyWorkbook(),
    topics: {
      budgeting: ids.map((id, i) => newWorksheet({ pages: [] }, id, `2026-01-01T00:00:0${i}.000Z`)),
    },
  });
  /** Worksheets as docs/product-spec.md §3 gives them: no _id, no createdAt. */
  const specSheets = (...data: Array<Record<string, unknown>>): WorkbookSave => ({
    ...emptyWorkbook(),
    topics: {
      budgeting: data.map((d) => ({
        name: 'New Worksheet',
        data: d,
        fieldTimes: {},
        completedPages: [],
      })),
    },
  });

  it('refuses a save that takes a topic over the cap, alone in its batch, writing nothing', async () => {
    const [a, b] = await Promise.all([learnerId(), learnerId()]);
    const service = new WorkbookService(t.database.db);
    await service.save(orgId, a!, sheets('w1', 'w2', 'w3'), LIMITS);
    const outcomes = await Promise.allSettled([
      service.save(orgId, a!, sheets('w1', 'w2', 'w3', 'w4'), LIMITS),
      service.save(orgId, b!, sheets('w1', 'w2'), LIMITS),
      service.save(orgId, a!, withField('income', 1, '2026-01-01T00:00:00.000Z'), LIMITS),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    const refusal = (outcomes[0] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      kind: 'invalid',
      details: {
        errfor: { 'workbook.topics.budgeting': errorText('atMostWorksheets', { max: 3 }) },
      },
    });
    const stored = await service.get(orgId, a!);
    expect(stored.workbook.topics.budgeting!.map((w) => w._id)).toEqual(['w1', 'w2', 'w3']);
    expect(stored.workbook.general.data).toEqual({ income: 1 });
    expect(stored.version).toBe(2);
    expect((await service.get(orgId, b!)).version).toBe(1);
    // A cap of one: a second worksheet is refused too.
    await expect(
      service.save(orgId, b!, sheets('w1', 'w2'), { maxTopicWorksheets: 1 }),
    ).resolves.toMatchObject({ version: 2 });
    await expect(service.save(orgId, b!, sheets('w3'), { maxTopicWorksheets: 1 })).rejects.toThrow(
      'A topic may have at most 1 worksheet;',
    );
  });

  it('judges the cap on the stored workbook, not on a stale copy in memory', async () => {
    const userId = await learnerId();
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    await one.save(orgId, userId, sheets('w1', 'w2', 'w3'), LIMITS);
    // Another server removes w3: what `one` holds is now stale.
    await two.save(
      orgId,
      userId,
      { ...emptyWorkbook(), removedWorksheets: { w3: '2026-01-02T00:00:00.000Z' } },
      LIMITS,
    );
    const saved = await one.save(orgId, userId, sheets('w1', 'w2', 'w4'), LIMITS);
    expect(saved.workbook.topics.budgeting!.map((w) => w._id)).toEqual(['w1', 'w2', 'w4']);
    expect(saved.version).toBe(3);
  });

  it('gives worksheets saved without ids the ids of the stored ones at their index, on any server', async () => {
    const userId = await learnerId();
    const one = new WorkbookService(t.database.db);
    const two = new WorkbookService(otherDb);
    const first = await one.save(orgId, userId, specSheets({ a: 1 }, { b: 2 }), LIMITS);
    const ids = first.workbook.topics.budgeting!.map((w) => w._id);
    expect(ids).toEqual(['first-budgeting', expect.stringMatching(/^ws-[0-9a-f]{32}$/)]);
    const second = await two.save(
      orgId,
      userId,
      specSheets({ a2: 1 }, { b2: 2 }, { c: 3 }),
      LIMITS,
    );
    const stored = second.workbook.topics.budgeting!;
    expect(stored.map((w) => w._id).slice(0, 2)).toEqual(ids);
    expect(stored.map((w) => w.data)).toEqual([{ a: 1, a2: 1 }, { b: 2, b2: 2 }, { c: 3 }]);
    expect(JSON.parse(second.json).workbook.workbook).toEqual(second.workbook);
  });
});
