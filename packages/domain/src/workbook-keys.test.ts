import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeWorksheet } from './grade-answers';
import { scoreOf } from './grading';
import {
  boundEditTimes,
  EDIT_TIME_SKEW_MS,
  mergeWorkbooks,
  workbookSaveSchema,
  workbookSchema,
  type Workbook,
  type Worksheet,
} from './workbook';
import { emptyWorkbook } from './workbook-empty';
import { assignWorksheetIds, formulaScope, worksheetsOverCap } from './worksheet';

/** Names of Object.prototype's members, and ordinary ids: ids are only ever own keys. */
const PROTOTYPE_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
const anId = fc.constantFrom(...PROTOTYPE_NAMES, 'a', 'b', 'budgeting');

const at = fc
  .integer({ min: 0, max: 59 })
  .map((n) => `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`);

const worksheet = fc.record({
  _id: anId,
  name: fc.constantFrom('One', 'Two'),
  createdAt: at,
  data: fc.dictionary(anId, fc.integer(), { maxKeys: 3 }),
  fieldTimes: fc.constant({}),
  // As a merge leaves them: each once, sorted.
  completedPages: fc.uniqueArray(anId, { maxLength: 2 }).map((pages) => pages.sort()),
});

/** A workbook as JSON brings it: keys such as `__proto__` are own keys, as JSON.parse makes them. */
const workbook = fc
  .record({
    topics: fc.array(fc.tuple(anId, fc.array(worksheet, { maxLength: 3 })), { maxLength: 4 }),
    removed: fc.array(fc.tuple(anId, at), { maxLength: 2 }),
  })
  .map(({ topics, removed }) => {
    const json = (entries: Array<[string, unknown]>) =>
      `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
    const uniqueSheets = (sheets: Worksheet[]) => [
      ...new Map(sheets.map((s) => [s._id, s])).values(),
    ];
    return JSON.parse(
      `{"general":{"data":{},"fieldTimes":{},"completedPages":[]},"history":null,` +
        `"topics":${json(topics.map(([id, sheets]) => [id, uniqueSheets(sheets)]))},` +
        `"removedWorksheets":${json(removed)}}`,
    ) as Workbook;
  });

const ownEntries = <V>(record: Record<string, V>) =>
  Object.keys(record).map((key) => [key, record[key]] as const);

describe('ids named as members of Object.prototype', () => {
  it('merge keeps every worksheet of every topic, whatever its ids, in any order', () => {
    fc.assert(
      fc.property(workbook, workbook, (a, b) => {
        const merged = mergeWorkbooks(a, b);
        expect(mergeWorkbooks(b, a)).toEqual(merged);
        expect(mergeWorkbooks(merged, merged)).toEqual(merged);
        const removed = new Set([
          ...Object.keys(a.removedWorksheets),
          ...Object.keys(b.removedWorksheets),
        ]);
        expect(new Set(Object.keys(merged.removedWorksheets))).toEqual(removed);
        for (const side of [a, b])
          for (const [topicId, sheets] of ownEntries(side.topics)) {
            expect(Object.hasOwn(merged.topics, topicId), topicId).toBe(true);
            const ids = merged.topics[topicId]!.map((w) => w._id);
            for (const sheet of sheets!)
              expect(ids.includes(sheet._id), `${topicId}/${sheet._id}`).toBe(
                !removed.has(sheet._id),
              );
          }
        // What is stored is JSON: it reads back the same.
        expect(JSON.parse(JSON.stringify(merged))).toEqual(merged);
      }),
    );
  });

  it('assigns worksheet ids and counts worksheets per topic by own keys only', () => {
    fc.assert(
      fc.property(workbook, anId, (stored, topicId) => {
        const incoming = JSON.parse(
          `{"general":{"data":{},"fieldTimes":{},"completedPages":[]},"history":null,` +
            `"removedWorksheets":{},"topics":{${JSON.stringify(topicId)}:[{"name":"x","data":{},"fieldTimes":{},"completedPages":[]}]}}`,
        );
        let n = 0;
        const withIds = assignWorksheetIds(
          stored,
          incoming,
          () => `new-${n++}`,
          '2026-02-01T00:00:00.000Z',
        );
        expect(withIds.topics[topicId]).toHaveLength(1);
        expect(typeof withIds.topics[topicId]![0]!._id).toBe('string');
        const merged = mergeWorkbooks(stored, withIds);
        // Over a cap of 0: the topics given a worksheet the stored workbook did not have.
        const storedIds = (id: string) =>
          new Set(Object.hasOwn(stored.topics, id) ? stored.topics[id]!.map((w) => w._id) : []);
        const expected = Object.keys(merged.topics).filter((id) =>
          merged.topics[id]!.some((w) => !storedIds(id).has(w._id)),
        );
        expect(worksheetsOverCap(stored, merged, 0).map((o) => o.topicId)).toEqual(expected);
      }),
    );
  });

  it('accepts such keys in a save (a topic, a worksheet, a field)', () => {
    for (const key of PROTOTYPE_NAMES.filter((k) => k !== '__proto__')) {
      const save = workbookSaveSchema.parse({
        general: { data: { [key]: 1 }, fieldTimes: { [key]: '2026-01-01T00:00:00.000Z' } },
        topics: { [key]: [{ _id: key, name: 'n', data: { [key]: 2 } }] },
        removedWorksheets: {},
      });
      expect(save.topics[key]![0]!._id).toBe(key);
      expect(save.general.data[key]).toBe(1);
    }
  });

  it('grades and resolves formulas of fields with such ids without reading the prototype', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROTOTYPE_NAMES), (id) => {
        const scores = gradeWorksheet(
          [{ _id: id, fields: [{ _id: id, type: 'string', scoreWeight: 1, correctValue: 'x' }] }],
          {},
        );
        expect(scores).toMatchObject({ score: 0, total: 1 });
        expect(scores.summary[id]).toEqual([
          { fieldId: id, isCorrect: false, scoreWeight: 1, isAnswered: false },
        ]);
        expect(scoreOf(scores, id, 'max')).toBe(1);
        const scope = formulaScope({ worksheet: {}, general: {}, formulas: {} });
        expect(scope.resolve(id, 'value')).toBeUndefined();
        expect(scoreOf({ score: 0, total: 0, summary: {} }, id, 'score')).toBeUndefined();
      }),
    );
  });
});

describe('edit times', () => {
  it('refuses strings that are not times', () => {
    for (const bad of ['~', 'now', '9', '2026-13-01T00:00:00Z', '2026-01-01T00:00:00', ''])
      for (const workbook of [
        { general: { data: { a: 1 }, fieldTimes: { a: bad } } },
        { general: { updatedAt: bad } },
        { removedWorksheets: { w: bad } },
        { history: { topicId: 't', updatedAt: bad } },
        { historyClearedAt: bad },
        { topics: { t: [{ name: 'n', nameUpdatedAt: bad }] } },
      ]) {
        const result = workbookSaveSchema.safeParse(workbook);
        expect(result.success, `${JSON.stringify(workbook)}`).toBe(false);
      }
    for (const good of ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00+02:00', '2026-01-01'])
      expect(workbookSchema.safeParse({ historyClearedAt: good }).success, good).toBe(true);
  });

  it('bounds every edit time by the server clock, and keeps those within it', () => {
    const now = '2026-06-01T12:00:00.000Z';
    const nowMs = Date.parse(now);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (date) => {
          const t = date.toISOString();
          const wb: Workbook = {
            ...emptyWorkbook(),
            general: { data: { a: 1 }, fieldTimes: { a: t }, updatedAt: t, completedPages: [] },
            history: { topicId: 't', worksheetIndex: 0, updatedAt: t },
            historyClearedAt: t,
            removedWorksheets: { w: t },
          };
          const bounded = boundEditTimes(wb, now);
          const expected = date.getTime() > nowMs + EDIT_TIME_SKEW_MS ? now : t;
          expect(bounded.general.fieldTimes.a).toBe(expected);
          expect(bounded.general.updatedAt).toBe(expected);
          expect(bounded.history?.updatedAt).toBe(expected);
          expect(bounded.historyClearedAt).toBe(expected);
          expect(bounded.removedWorksheets.w).toBe(expected);
        },
      ),
    );
  });

  it('lets a later edit from a correct clock win over one from a clock a day ahead', () => {
    const serverNow = '2026-06-01T12:00:00.000Z';
    const ahead = '2026-06-02T12:00:00.000Z';
    const stored = boundEditTimes(
      {
        ...emptyWorkbook(),
        general: { data: { a: 'fast clock' }, fieldTimes: { a: ahead }, completedPages: [] },
      },
      serverNow,
    );
    const later = {
      ...emptyWorkbook(),
      general: {
        data: { a: 'right clock' },
        fieldTimes: { a: '2026-06-01T12:00:05.000Z' },
        completedPages: [],
      },
    };
    const merged = mergeWorkbooks(stored, boundEditTimes(later, '2026-06-01T12:00:05.000Z'));
    expect(merged.general.data.a).toBe('right clock');
  });

  it('normalises times to toISOString and unpins values stored with a non-time', () => {
    const now = '2026-06-01T12:00:00.000Z';
    const wb: Workbook = {
      ...emptyWorkbook(),
      general: {
        data: { a: 1, b: 2 },
        fieldTimes: { a: '~', b: '2026-06-01T13:59:00+02:00' },
        updatedAt: '~',
        completedPages: [],
      },
      history: { topicId: 't', worksheetIndex: 0, updatedAt: '~' },
      historyClearedAt: '~',
      removedWorksheets: { w: '~' },
    };
    const bounded = boundEditTimes(wb, now);
    // "~" is no time: the edit is undated, and loses to any dated one.
    expect(bounded.general.fieldTimes).toEqual({ b: '2026-06-01T11:59:00.000Z' });
    expect(bounded.general).not.toHaveProperty('updatedAt');
    expect(bounded.history).toEqual({ topicId: 't', worksheetIndex: 0 });
    expect(bounded).not.toHaveProperty('historyClearedAt');
    expect(bounded.removedWorksheets).toEqual({ w: '1970-01-01T00:00:00.000Z' });
    const edit = {
      ...emptyWorkbook(),
      general: {
        data: { a: 9 },
        fieldTimes: { a: '2020-01-01T00:00:00.000Z' },
        completedPages: [],
      },
    };
    expect(mergeWorkbooks(bounded, edit).general.data.a).toBe(9);
    const unchanged = { ...emptyWorkbook() };
    expect(boundEditTimes(unchanged, now)).toBe(unchanged);
  });
});

describe('field ids as keys of a worksheet', () => {
  it('keeps a field named constructor apart from the prototype', () => {
    const w: Worksheet = {
      _id: 'constructor',
      name: 'n',
      createdAt: '2026-01-01T00:00:00.000Z',
      data: JSON.parse('{"constructor": 5}'),
      fieldTimes: {},
      completedPages: [],
    };
    const merged = mergeWorkbooks(
      { ...emptyWorkbook(), topics: JSON.parse('{"valueOf": []}') },
      { ...emptyWorkbook(), topics: { valueOf: [w] } },
    );
    expect(merged.topics.valueOf).toEqual([w]);
  });
});
