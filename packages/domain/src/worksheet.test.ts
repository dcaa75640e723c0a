import { describe, expect, it } from 'vitest';
import { emptyScores, gradeWorksheet } from './grading';
import type { FieldView, PageView, TopicView } from './topic-view';
import { evaluateFormula } from './formula';
import {
  canAddWorksheet,
  canRemoveWorksheet,
  formulaScope,
  isPageComplete,
  markCompleted,
  newWorksheet,
  seedDefaults,
  tableDefault,
  topicFormulas,
  visiblePages,
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

describe('worksheets (spec §4)', () => {
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

describe('completion (spec §4)', () => {
  it('completes a page without scored questions when its end is seen', () => {
    expect(isPageComplete(topic.pages[0]!, {}, false)).toBe(false);
    expect(isPageComplete(topic.pages[0]!, {}, true)).toBe(true);
  });
  it('completes a page with scored questions when its other fields are answered', () => {
    expect(isPageComplete(topic.pages[1]!, {}, true)).toBe(false);
    expect(isPageComplete(topic.pages[1]!, { why: '  ' }, true)).toBe(false);
    expect(isPageComplete(topic.pages[1]!, { why: 'because' }, false)).toBe(true);
  });
  it('adds a page once only', () => {
    const sheet = markCompleted(
      markCompleted({ data: {}, fieldTimes: {}, completedPages: [] }, 'p1'),
      'p1',
    );
    expect(sheet.completedPages).toEqual(['p1']);
  });
});

describe('formula scope (spec §5)', () => {
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
