import { describe, expect, it } from 'vitest';
import { gradeWorksheet } from './grade-answers';
import { emptyScores } from './grading';
import type { FieldView, PageView, TopicView } from './api/topic';
import { evaluateFormula } from './formula';
import fc from 'fast-check';
import { mergeWorkbooks, setFieldValue, type Workbook, type WorkbookSave } from './workbook';
import { emptyWorkbook } from './workbook-empty';
import {
  assignWorksheetIds,
  canAddWorksheet,
  canRemoveWorksheet,
  firstWorksheetId,
  formulaScope,
  isPageComplete,
  markCompleted,
  newWorksheet,
  seedDefaults,
  tableDefault,
  topicFormulas,
  visiblePages,
  worksheetsOverCap,
} from './worksheet';

const field = (f: Partial<FieldView> & Pick<FieldView, '_id' | 'type'>): FieldView => ({
  name: f._id,
  question: '',
  isScored: false,
  ...f,
});
const page = (id: string, fields: FieldView[], extra: Partial<PageView> = {}): PageView => ({
  _id: id,
  name: id,
  visibility: 'Public',
  hasScoredFields: fields.some((f) => f.isScored),
  fragments: fields.map((f) => ({ _id: `frag-${f._id}`, type: 'field' as const, field: f })),
  ...extra,
});
const topic: Pick<TopicView, 'pages'> = {
  pages: [
    page('p1', [
      field({ _id: 'income', type: 'number', defaultValue: 3000 }),
      field({ _id: 'region', type: 'select', defaultValue: 'qc' }),
      field({
        _id: 'debts',
        type: 'table',
        rowCount: 2,
        columnCount: 2,
        cells: [
          [{ value: ' Card ', isReadOnly: true }, {}],
          [{ defaultValue: 'Loan' }, {}],
        ],
      }),
      field({ _id: 'notes', type: 'string' }),
    ]),
    page('p2', [
      field({ _id: 'q1', type: 'radio', isScored: true, scoreWeight: 1 }),
      field({ _id: 'why', type: 'string' }),
    ]),
  ],
};

describe('worksheets (docs/product-spec.md §4)', () => {
  it('starts a new worksheet named "New Worksheet" with the topic defaults', () => {
    const w = newWorksheet(topic, 'w1', '2026-01-01T00:00:00.000Z');
    expect(w).toMatchObject({ _id: 'w1', name: 'New Worksheet', completedPages: [] });
    expect(w.data).toEqual({
      income: 3000,
      region: 'qc',
      debts: [
        ['Card', ''],
        ['Loan', ''],
      ],
    });
  });
  it('writes defaults only to a sheet without data', () => {
    const empty: {
      data: Record<string, unknown>;
      fieldTimes: Record<string, string>;
      completedPages: string[];
    } = { data: {}, fieldTimes: {}, completedPages: [] };
    expect(seedDefaults(empty, topic).data.income).toBe(3000);
    const answered = { data: { notes: 'x' }, fieldTimes: {}, completedPages: [] };
    expect(seedDefaults(answered, topic)).toBe(answered);
    expect(tableDefault({ rowCount: 1, columnCount: 2 })).toEqual([['', '']]);
  });
  it('caps adding at maxTopicWorksheets and never removes the last', () => {
    expect(canAddWorksheet(2, 3)).toBe(true);
    expect(canAddWorksheet(3, 3)).toBe(false);
    expect(canRemoveWorksheet(1)).toBe(false);
    expect(canRemoveWorksheet(2)).toBe(true);
  });
});

describe('completion (docs/product-spec.md §4)', () => {
  it('completes a page without scored questions when its end is seen', () => {
    expect(isPageComplete(topic.pages[0]!, {}, false)).toBe(false);
    expect(isPageComplete(topic.pages[0]!, {}, true)).toBe(true);
  });
  it('completes a page with scored questions when its other fields are answered', () => {
    expect(isPageComplete(topic.pages[1]!, {}, true)).toBe(false);
    expect(isPageComplete(topic.pages[1]!, { why: '  ' }, true)).toBe(false);
    expect(isPageComplete(topic.pages[1]!, { why: 'because' }, false)).toBe(true);
  });
  it('never completes a page of scored questions only before they are answered', () => {
    const quiz = {
      hasScoredFields: true,
      fragments: topic.pages[1]!.fragments.filter((f) => f.type !== 'field' || f.field.isScored),
    };
    const ids = quiz.fragments.flatMap((f) => (f.type === 'field' ? [f.field._id] : []));
    expect(ids.length).toBeGreaterThan(0);
    expect(isPageComplete(quiz, {}, true)).toBe(false);
    const all = Object.fromEntries(ids.map((id) => [id, 'a']));
    expect(isPageComplete(quiz, all, false)).toBe(true);
  });
  it('adds a page once only', () => {
    const sheet = markCompleted(
      markCompleted({ data: {}, fieldTimes: {}, completedPages: [] }, 'p1'),
      'p1',
    );
    expect(sheet.completedPages).toEqual(['p1']);
  });
});

describe('formula scope (docs/product-spec.md §5)', () => {
  it('uses scores, then the worksheet, then the general data, then 0', () => {
    const scores = gradeWorksheet(
      [{ _id: 'p2', fields: [{ _id: 'q1', type: 'radio', scoreWeight: 1, correctValue: 'a' }] }],
      { q1: 'a' },
    );
    const scope = formulaScope({
      worksheet: { income: 100 },
      general: { income: 5, age: 40 },
      scores,
    });
    const body =
      '<span data-ref="income"></span> + <span data-ref="age"></span> + <span data-ref="nothing"></span> + <span data-ref="topic" data-use="score"></span> * 1000';
    expect(evaluateFormula(body, scope)).toEqual({ ok: true, value: 1140 });
    expect(
      evaluateFormula(
        '<span data-ref="topic" data-use="max"></span>',
        formulaScope({ worksheet: {}, general: {} }),
      ),
    ).toEqual({ ok: true, value: 0 });
    expect(emptyScores().total).toBe(0);
  });
  it('shows only pages whose condition holds', () => {
    const conditional = {
      ...page('p3', []),
      showCondition: { enabled: true, formula: { body: '<span data-ref="income"></span> > 1000' } },
    };
    const pages = [topic.pages[0]!, conditional];
    expect(
      visiblePages(pages, formulaScope({ worksheet: { income: 500 }, general: {} })).map(
        (p) => p._id,
      ),
    ).toEqual(['p1']);
    expect(
      visiblePages(pages, formulaScope({ worksheet: { income: 5000 }, general: {} })).map(
        (p) => p._id,
      ),
    ).toEqual(['p1', 'p3']);
  });
  it('collects the topic formulas', () => {
    const withFormula: Pick<TopicView, 'pages'> = {
      pages: [
        {
          ...page('p', []),
          fragments: [
            {
              _id: 'f',
              type: 'formula',
              formula: { _id: 'total', name: 'T', description: '', body: '1+1' },
            },
          ],
        },
      ],
    };
    expect(topicFormulas(withFormula)).toEqual({ total: '1+1' });
  });
});

describe('worksheets saved without ids (docs/product-spec.md §3)', () => {
  const NOW = '2026-03-01T00:00:00.000Z';
  const ids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };
  const specSheet = (data: Record<string, unknown>, name = 'New Worksheet') => ({
    name,
    data,
    fieldTimes: {},
    completedPages: [],
  });
  const save = (
    topics: WorkbookSave['topics'],
    extra: Partial<WorkbookSave> = {},
  ): WorkbookSave => ({
    ...emptyWorkbook(),
    topics,
    ...extra,
  });
  /** What the server does with a save: ids against the stored workbook, then the merge. */
  const saveInto = (stored: Workbook, incoming: WorkbookSave, newId = ids()) =>
    mergeWorkbooks(stored, assignWorksheetIds(stored, incoming, newId, NOW));

  it('leaves a save whose worksheets all have ids as it is', () => {
    const incoming = save({ t: [newWorksheet(topic, 'w1', NOW)] });
    expect(assignWorksheetIds(emptyWorkbook(), incoming, ids(), NOW)).toBe(incoming);
  });

  it('gives a topic’s first worksheet the first-worksheet id, and later ones new ids in order', () => {
    const saved = saveInto(
      emptyWorkbook(),
      save({ t: [specSheet({ a: 1 }), specSheet({ b: 2 }), specSheet({ c: 3 })] }),
    );
    expect(saved.topics.t!.map((w) => w._id)).toEqual([firstWorksheetId('t'), 'new-1', 'new-2']);
    expect(saved.topics.t!.map((w) => w.data)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(saved.topics.t!.every((w) => w.createdAt >= NOW)).toBe(true);
  });

  it('merges a later save at index i into the stored worksheet at index i, keeping its id', () => {
    const first = saveInto(
      emptyWorkbook(),
      save({ t: [specSheet({ a: 1 }), specSheet({ b: 2 })] }),
    );
    const renamed = { ...specSheet({ b2: 2 }, 'Plan B'), nameUpdatedAt: NOW };
    const second = saveInto(first, save({ t: [specSheet({}), renamed] }), () => 'unused');
    expect(second.topics.t).toEqual([
      { ...first.topics.t![0]!, data: { a: 1 } },
      { ...first.topics.t![1]!, name: 'Plan B', nameUpdatedAt: NOW, data: { b: 2, b2: 2 } },
    ]);
  });

  it('keeps ids stable across saves, and appends new worksheets after the stored ones', () => {
    const first = saveInto(
      emptyWorkbook(),
      save({ t: [specSheet({ a: 1 }), specSheet({ b: 2 })] }),
      () => 'x1',
    );
    const second = saveInto(
      first,
      save({ t: [specSheet({ a2: 1 }), specSheet({ b2: 2 }), specSheet({ c: 3 })] }),
      () => 'x2',
    );
    expect(second.topics.t!.map((w) => w._id)).toEqual([firstWorksheetId('t'), 'x1', 'x2']);
    expect(second.topics.t!.map((w) => w.data)).toEqual([
      { a: 1, a2: 1 },
      { b: 2, b2: 2 },
      { c: 3 },
    ]);
    expect(second.topics.t!.map((w) => w.createdAt)).toEqual(
      [...second.topics.t!.map((w) => w.createdAt)].sort(),
    );
  });

  it('meets the web app’s first worksheet, and never revives a removed one', () => {
    const web = save({
      t: [newWorksheet(topic, firstWorksheetId('t'), '2026-01-01T00:00:00.000Z')],
    });
    const stored = saveInto(emptyWorkbook(), web);
    const joined = saveInto(stored, save({ t: [specSheet({ notes: 'x' })] }));
    expect(joined.topics.t!.map((w) => w._id)).toEqual([firstWorksheetId('t')]);
    expect(joined.topics.t![0]!.data.notes).toBe('x');

    const removed = saveInto(
      emptyWorkbook(),
      save({}, { removedWorksheets: { [firstWorksheetId('t')]: NOW } }),
    );
    const again = saveInto(removed, save({ t: [specSheet({ a: 1 })] }));
    expect(again.topics.t!.map((w) => w._id)).toEqual(['new-1']);
  });

  it('does not give a worksheet an id that another one of the save names, or that it removes', () => {
    const stored = saveInto(
      emptyWorkbook(),
      save({ t: [specSheet({ a: 1 }), specSheet({ b: 2 })] }),
      () => 'w2',
    );
    const mixed = assignWorksheetIds(
      stored,
      save({ t: [specSheet({ x: 1 }), { ...specSheet({}), _id: firstWorksheetId('t') }] }),
      () => 'w3',
      NOW,
    );
    expect(mixed.topics.t!.map((w) => w._id)).toEqual(['w3', firstWorksheetId('t')]);
    // The client removed the first: its index 0 is now the stored second.
    const afterRemoval = assignWorksheetIds(
      stored,
      save({ t: [specSheet({ y: 1 })] }, { removedWorksheets: { [firstWorksheetId('t')]: NOW } }),
      () => 'unused',
      NOW,
    );
    expect(afterRemoval.topics.t!.map((w) => w._id)).toEqual(['w2']);
  });

  // Property: a client that never sends ids, saving its list of worksheets again and again (each
  // time some of them edited, some added), keeps one stored worksheet per index, each with the
  // newest value of each of its fields.
  it('keeps one worksheet per index and the newest edits, whatever the client sends', () => {
    const step = fc.array(
      fc.record({
        index: fc.integer({ min: 0, max: 3 }),
        field: fc.constantFrom('a', 'b'),
        value: fc.integer(),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        const client: Array<ReturnType<typeof specSheet>> = [];
        let stored = emptyWorkbook();
        let clock = 0;
        let n = 0;
        const newId = () => `w${++n}`;
        for (const edits of steps) {
          for (const e of edits) {
            while (client.length <= e.index) client.push(specSheet({}));
            const at = `2026-01-01T00:00:${String(++clock).padStart(2, '0')}.000Z`;
            client[e.index] = setFieldValue(client[e.index]!, e.field, e.value, at);
          }
          stored = saveInto(stored, save({ t: client }), newId);
        }
        const sheets = stored.topics.t ?? [];
        expect(sheets).toHaveLength(client.length);
        expect(new Set(sheets.map((w) => w._id)).size).toBe(sheets.length);
        sheets.forEach((w, i) => expect(w.data).toEqual(client[i]!.data));
      }),
      { numRuns: 200 },
    );
  });
});

describe('the worksheet cap (docs/product-spec.md §4)', () => {
  const NOW = '2026-01-01T00:00:00.000Z';
  const withSheets = (...ids: string[]): Workbook => ({
    ...emptyWorkbook(),
    topics: { t: ids.map((id) => newWorksheet(topic, id, NOW)) },
  });

  it('names the topics a save takes over the cap', () => {
    expect(worksheetsOverCap(withSheets('a', 'b'), withSheets('a', 'b', 'c'), 3)).toEqual([]);
    expect(worksheetsOverCap(withSheets('a', 'b', 'c'), withSheets('a', 'b', 'c', 'd'), 3)).toEqual(
      [{ topicId: 't', count: 4 }],
    );
    expect(worksheetsOverCap(emptyWorkbook(), withSheets('a', 'b'), 1)).toEqual([
      { topicId: 't', count: 2 },
    ]);
  });

  it('lets a topic already over a lowered cap save its edits, but not grow or swap in a new one', () => {
    expect(worksheetsOverCap(withSheets('a', 'b', 'c'), withSheets('a', 'b', 'c'), 2)).toEqual([]);
    expect(worksheetsOverCap(withSheets('a', 'b', 'c'), withSheets('a', 'b', 'd'), 2)).toEqual([
      { topicId: 't', count: 3 },
    ]);
  });
});
