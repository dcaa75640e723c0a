import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mergeWorkbooks,
  setFieldValue,
  stampEdits,
  workbookSaveSchema,
  workbookSchema,
  type Workbook,
  type Worksheet,
} from './workbook';
import { emptyWorkbook } from './workbook-empty';

const sheet = (id: string, createdAt: string, extra: Partial<Worksheet> = {}): Worksheet => ({
  _id: id,
  name: 'New Worksheet',
  createdAt,
  data: {},
  fieldTimes: {},
  completedPages: [],
  ...extra,
});

describe('mergeWorkbooks', () => {
  it('keeps edits of different fields made in two tabs', () => {
    const base = emptyWorkbook();
    const tabA = {
      ...base,
      general: setFieldValue(base.general, 'income', 3000, '2026-01-01T10:00:00.000Z'),
    };
    const tabB = {
      ...base,
      general: setFieldValue(base.general, 'rent', 1200, '2026-01-01T10:00:05.000Z'),
    };
    expect(mergeWorkbooks(tabA, tabB).general.data).toEqual({ income: 3000, rent: 1200 });
  });

  it('does not let a stale save erase a newer value', () => {
    const base = emptyWorkbook();
    const newer = {
      ...base,
      general: setFieldValue(base.general, 'income', 3500, '2026-01-02T00:00:00.000Z'),
    };
    const stale = {
      ...base,
      general: setFieldValue(base.general, 'income', 3000, '2026-01-01T00:00:00.000Z'),
    };
    expect(mergeWorkbooks(newer, stale).general.data.income).toBe(3500);
    expect(mergeWorkbooks(stale, newer).general.data.income).toBe(3500);
  });

  it('merges worksheets by id, keeps removals, and orders by creation', () => {
    const a: Workbook = {
      ...emptyWorkbook(),
      topics: { t: [sheet('w1', '1'), sheet('w2', '2', { name: 'Plan B', nameUpdatedAt: '5' })] },
    };
    const b: Workbook = {
      ...emptyWorkbook(),
      topics: { t: [sheet('w1', '1'), sheet('w3', '3')] },
      removedWorksheets: { w2: '6' },
    };
    const merged = mergeWorkbooks(a, b);
    expect(merged.topics.t!.map((w) => w._id)).toEqual(['w1', 'w3']);
    expect(merged.removedWorksheets).toEqual({ w2: '6' });
  });

  it('keeps the newest name and history, and every completed page once', () => {
    const a: Workbook = {
      ...emptyWorkbook(),
      topics: {
        t: [sheet('w1', '1', { name: 'Old', nameUpdatedAt: '1', completedPages: ['p1'] })],
      },
      history: { topicId: 't', pageId: 'p1', worksheetIndex: 0, updatedAt: '1' },
    };
    const b: Workbook = {
      ...emptyWorkbook(),
      topics: {
        t: [sheet('w1', '1', { name: 'New', nameUpdatedAt: '2', completedPages: ['p2', 'p1'] })],
      },
      history: { topicId: 't', pageId: 'p2', worksheetIndex: 0, updatedAt: '2' },
    };
    const merged = mergeWorkbooks(a, b);
    expect(merged.topics.t![0]).toMatchObject({ name: 'New', completedPages: ['p1', 'p2'] });
    expect(merged.history?.pageId).toBe('p2');
  });

  it('accepts a workbook with defaults for what is left out', () => {
    expect(workbookSchema.parse({})).toEqual({
      general: { data: {}, fieldTimes: {}, completedPages: [] },
      topics: {},
      removedWorksheets: {},
    });
    expect(workbookSchema.safeParse({ topics: { t: 'nope' } }).success).toBe(false);
  });

  it('takes a save whose worksheets have the shape of docs/product-spec.md §3 (no _id, no createdAt)', () => {
    const specSheet = {
      name: 'New Worksheet',
      data: { income: 1 },
      updatedAt: '2026-01-01T00:00:00.000Z',
      completedPages: ['p1'],
    };
    const save = workbookSaveSchema.safeParse({ topics: { budgeting: [specSheet] } });
    expect(save.success).toBe(true);
    expect(save.data?.topics.budgeting?.[0]).toEqual({ ...specSheet, fieldTimes: {} });
    // What is stored (and merged) always has them.
    expect(workbookSchema.safeParse({ topics: { budgeting: [specSheet] } }).success).toBe(false);
    expect(
      workbookSaveSchema.safeParse({ topics: { budgeting: [{ ...specSheet, _id: '' }] } }).success,
    ).toBe(false);
  });

  it('accepts field values of every kind and refuses what is not one', () => {
    const withData = (data: unknown) => workbookSchema.safeParse({ general: { data } });
    const table = [
      ['a', 'b'],
      [1, null],
    ];
    const file = { secure_url: '/uploads/x.png', original_filename: 'x.png', public_id: 'x' };
    expect(withData({ s: 'text', n: 3.5, b: true, z: null, table, file }).success).toBe(true);
    for (const bad of [
      { f: undefined },
      { f: () => 1 },
      { f: 'x'.repeat(100_001) },
      { f: Number.NaN },
      { f: [[[[[[[[[['too deep']]]]]]]]]] },
      { ['x'.repeat(101)]: 1 },
      { '': 1 },
      JSON.parse('{"__proto__": 1}'),
      [1, 2],
      'text',
    ]) {
      const result = withData(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['general', 'data']);
    }
    expect(
      workbookSchema.safeParse({ general: { data: { a: 1 }, fieldTimes: { a: 5 } } }).success,
    ).toBe(false);
  });

  // Property: saves (each a snapshot of a tab's edits) merged in any order and grouping keep,
  // for every field, the value of its newest edit.
  const edit = fc.record({
    sheet: fc.constantFrom('general', 'w1', 'w2'),
    // Names of Object.prototype's members too: a field id is only ever an own key.
    field: fc.constantFrom('a', 'b', 'c', 'constructor', 'toString'),
    value: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.boolean()),
    at: fc
      .integer({ min: 0, max: 50 })
      .map((n) => `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`),
    tab: fc.integer({ min: 0, max: 3 }),
  });

  type Edit = { sheet: string; field: string; value: unknown; at: string; tab: number };
  function tabWorkbook(edits: Edit[]): Workbook {
    let wb: Workbook = { ...emptyWorkbook(), topics: { t: [sheet('w1', '1'), sheet('w2', '2')] } };
    for (const e of edits) {
      if (e.sheet === 'general')
        wb = { ...wb, general: setFieldValue(wb.general, e.field, e.value, e.at) };
      else
        wb = {
          ...wb,
          topics: {
            t: wb.topics.t!.map((w) =>
              w._id === e.sheet ? setFieldValue(w, e.field, e.value, e.at) : w,
            ),
          },
        };
    }
    return wb;
  }

  it('never loses the newest edit of any field, under any interleaving', () => {
    fc.assert(
      fc.property(
        fc.array(edit, { maxLength: 30 }),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        (edits, shuffle) => {
          // Each tab's edits happen in its own order of time, as on one device.
          const tabs = [0, 1, 2, 3].map((tab) =>
            tabWorkbook(edits.filter((e) => e.tab === tab).sort((x, y) => (x.at < y.at ? -1 : 1))),
          );
          const order = [...tabs.keys()].sort(
            (x, y) => (shuffle[x]! % 7) - (shuffle[y]! % 7) || x - y,
          );
          const merged = order.reduce((acc, i) => mergeWorkbooks(acc, tabs[i]!), emptyWorkbook());
          const otherOrder = [...order]
            .reverse()
            .reduce((acc, i) => mergeWorkbooks(tabs[i]!, acc), emptyWorkbook());
          expect(otherOrder).toEqual(merged);
          for (const [sheetId, field] of new Set(edits.map((e) => [e.sheet, e.field] as const))) {
            const newestTime = edits
              .filter((e) => e.sheet === sheetId && e.field === field)
              .reduce((m, e) => (e.at > m ? e.at : m), '');
            const winners = tabs
              .map((tb) =>
                sheetId === 'general' ? tb.general : tb.topics.t!.find((w) => w._id === sheetId)!,
              )
              .filter((s) => s.fieldTimes[field] === newestTime)
              .map((s) => s.data[field]);
            const actual =
              sheetId === 'general'
                ? merged.general.data[field]
                : merged.topics.t!.find((w) => w._id === sheetId)!.data[field];
            expect(winners).toContainEqual(actual);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is idempotent: saving the same workbook twice changes nothing', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 20 }), (edits) => {
        const wb = tabWorkbook(edits.sort((x, y) => (x.at < y.at ? -1 : 1)));
        const once = mergeWorkbooks(emptyWorkbook(), wb);
        expect(mergeWorkbooks(once, wb)).toEqual(once);
      }),
    );
  });
});

describe('field times belong to the server (stampEdits, design §8)', () => {
  const t0 = '2026-01-01T00:00:00.000Z';
  const stored = mergeWorkbooks(emptyWorkbook(), {
    ...emptyWorkbook(),
    general: { data: { a: 1, b: 2 }, fieldTimes: { a: t0, b: t0 }, completedPages: [] },
  });
  const now = '2026-06-01T00:00:00.000Z';
  const save = (general: unknown) => workbookSaveSchema.parse({ general }) as Workbook;

  it('times a changed value with no time, or the time it was given, as the save', () => {
    const { workbook, conflicts } = stampEdits(
      stored,
      save({ data: { a: 1, b: 0, c: 3 }, fieldTimes: { a: t0, b: t0 } }),
      now,
    );
    expect(workbook.general.fieldTimes).toEqual({ a: t0, b: now, c: now });
    expect(conflicts).toEqual([]);
    expect(mergeWorkbooks(stored, workbook).general.data).toEqual({ a: 1, b: 0, c: 3 });
  });

  it('times a change later than the edit it replaces, even within the same millisecond', () => {
    const { workbook } = stampEdits(stored, save({ data: { a: 0 } }), t0);
    expect(workbook.general.fieldTimes.a).toBe('2026-01-01T00:00:00.001Z');
    expect(mergeWorkbooks(stored, workbook).general.data.a).toBe(0);
  });

  it('keeps the time of an offline edit newer than the stored one, and bounds one ahead of the clock', () => {
    const offline = '2026-03-01T00:00:00.000Z';
    const { workbook } = stampEdits(
      stored,
      save({ data: { a: 5, b: 6 }, fieldTimes: { a: offline, b: '9999-12-31T00:00:00.000Z' } }),
      now,
    );
    expect(workbook.general.fieldTimes).toEqual({ a: offline, b: now });
  });

  it('leaves out an edit older than the stored one and names the newer one', () => {
    const newer = mergeWorkbooks(stored, {
      ...emptyWorkbook(),
      general: {
        data: { a: 7 },
        fieldTimes: { a: '2026-05-01T00:00:00.000Z' },
        completedPages: [],
      },
    });
    const { workbook, conflicts } = stampEdits(
      newer,
      save({ data: { a: 1, b: 2 }, fieldTimes: { a: t0, b: t0 } }),
      now,
    );
    expect(workbook.general.data).toEqual({ b: 2 });
    expect(conflicts).toEqual([
      expect.objectContaining({
        field: 'a',
        what: 'value',
        yours: t0,
        kept: '2026-05-01T00:00:00.000Z',
      }),
    ]);
    expect(mergeWorkbooks(newer, workbook).general.data.a).toBe(7);
  });

  it('keeps unchanged values at their stored time, whatever time the save gives them', () => {
    const { workbook } = stampEdits(
      stored,
      save({ data: { a: 1 }, fieldTimes: { a: '2026-05-05T00:00:00.000Z' } }),
      now,
    );
    expect(workbook.general.fieldTimes).toEqual({ a: t0 });
  });
});
