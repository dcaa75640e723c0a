import { emptyWorkbook, mergeWorkbooks, NEW_WORKSHEET_NAME, type Workbook } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { samplePage, sampleTopic } from '../../../test/sample-topic';
import {
  addWorksheet,
  answersAt,
  completePage,
  firstWorksheetId,
  removeWorksheet,
  renameWorksheet,
  setAnswer,
  withHistory,
  withoutHistory,
  worksheetSummaries,
  type SheetRef,
} from './topic-sheets';

const topic = sampleTopic({
  _id: 'jobs',
  allowMultiWorksheets: true,
  pages: [
    samplePage('numbers', {
      fragments: [
        {
          _id: 'f1',
          type: 'field',
          field: { _id: 'salary', name: 'Salary', question: '', type: 'number', isScored: false },
        },
        {
          _id: 'f2',
          type: 'field',
          field: {
            _id: 'bonus',
            name: 'Bonus',
            question: '',
            type: 'number',
            defaultValue: 0,
            isScored: false,
          },
        },
      ],
    }),
  ],
});
const general = sampleTopic({ _id: 'general-info', isGeneral: true, pages: topic.pages });
const ref = (index = 0): SheetRef => ({ topicId: 'jobs', topic, index });
const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-01T10:00:01.000Z';
const T3 = '2026-03-01T10:00:02.000Z';

describe('answers of a topic (docs/product-spec.md §4)', () => {
  it('shows the defaults while the topic has no worksheet, and writes none until an edit', () => {
    const workbook = emptyWorkbook();
    expect(answersAt(workbook, ref())).toEqual({ bonus: 0 });
    expect(workbook.topics).toEqual({});
  });

  it('shows the default of a field a worksheet has never had (added to the topic later)', () => {
    const workbook = {
      ...emptyWorkbook(),
      topics: {
        jobs: [
          {
            _id: 'w1',
            name: 'Mine',
            createdAt: T1,
            data: { salary: 50000 },
            fieldTimes: { salary: T1 },
            completedPages: [],
          },
        ],
      },
    };
    expect(answersAt(workbook, ref())).toEqual({ salary: 50000, bonus: 0 });
    // A cleared answer stays cleared.
    const cleared = setAnswer(workbook, ref(), 'bonus', null, T2);
    expect(answersAt(cleared, ref()).bonus).toBeNull();
  });

  it('gives a topic its first worksheet, seeded with the defaults, on the first edit', () => {
    const workbook = setAnswer(emptyWorkbook(), ref(), 'salary', 52000, T1);
    const [sheet] = workbook.topics.jobs ?? [];
    expect(workbook.topics.jobs).toHaveLength(1);
    expect(sheet).toMatchObject({
      _id: firstWorksheetId('jobs'),
      name: NEW_WORKSHEET_NAME,
      data: { salary: 52000, bonus: 0 },
      fieldTimes: { salary: T1 },
    });
  });

  it('stamps every edit, so the newest one wins a merge with an older copy', () => {
    const older = setAnswer(emptyWorkbook(), ref(), 'salary', 50000, T1);
    const newer = setAnswer(older, ref(), 'salary', 61000, T2);
    expect(mergeWorkbooks(older, newer).topics.jobs?.[0]?.data.salary).toBe(61000);
    expect(mergeWorkbooks(newer, older).topics.jobs?.[0]?.data.salary).toBe(61000);
  });

  it('keeps the general topic in the general sheet, seeded on the first edit', () => {
    const generalRef: SheetRef = { topicId: 'general', topic: general, index: 3 };
    const workbook = setAnswer(emptyWorkbook(), generalRef, 'salary', 1, T1);
    expect(workbook.general.data).toEqual({ salary: 1, bonus: 0 });
    expect(workbook.topics).toEqual({});
  });

  it('completes a page once only', () => {
    const once = completePage(emptyWorkbook(), ref(), 'numbers', T1);
    const twice = completePage(once, ref(), 'numbers', T2);
    expect(twice).toBe(once);
    expect(once.topics.jobs?.[0]?.completedPages).toEqual(['numbers']);
  });
});

describe('worksheets (docs/product-spec.md §4)', () => {
  function withTwo(): Workbook {
    const first = setAnswer(emptyWorkbook(), ref(), 'salary', 50000, T1);
    return addWorksheet(first, ref(), 'ws-b', T2).workbook;
  }

  it('adds "New Worksheet" with the defaults, last, and answers its index', () => {
    const result = addWorksheet(
      setAnswer(emptyWorkbook(), ref(), 'salary', 1, T1),
      ref(),
      'ws-b',
      T2,
    );
    expect(result.index).toBe(1);
    expect(result.workbook.topics.jobs?.[1]).toMatchObject({
      _id: 'ws-b',
      name: NEW_WORKSHEET_NAME,
      data: { bonus: 0 },
    });
  });

  it('adding to a topic never answered gives it its first worksheet too', () => {
    const result = addWorksheet(emptyWorkbook(), ref(), 'ws-b', T1);
    expect(result.workbook.topics.jobs?.map((sheet) => sheet._id)).toEqual([
      firstWorksheetId('jobs'),
      'ws-b',
    ]);
    expect(result.index).toBe(1);
  });

  it('gives a topic named constructor its own first worksheet, not the prototype (issue 16 F6)', () => {
    const topicId: string = 'constructor';
    const protoRef: SheetRef = { topicId, topic, index: 0 };
    expect(answersAt(emptyWorkbook(), protoRef)).toEqual({ bonus: 0 });
    const result = addWorksheet(emptyWorkbook(), protoRef, 'ws-b', T1);
    expect(result.workbook.topics[topicId]?.map((sheet) => sheet._id)).toEqual([
      firstWorksheetId('constructor'),
      'ws-b',
    ]);
  });

  it('switching worksheet switches every answer', () => {
    const workbook = setAnswer(withTwo(), ref(1), 'salary', 70000, T3);
    expect(answersAt(workbook, ref(0)).salary).toBe(50000);
    expect(answersAt(workbook, ref(1)).salary).toBe(70000);
  });

  it('removes a worksheet, remembering it for the merge, but never the last one', () => {
    const two = withTwo();
    const one = removeWorksheet(two, 'jobs', 1, T3);
    expect(one.topics.jobs?.map((sheet) => sheet._id)).toEqual([firstWorksheetId('jobs')]);
    expect(one.removedWorksheets).toEqual({ 'ws-b': T3 });
    // Another tab that still has it does not bring it back.
    expect(mergeWorkbooks(two, one).topics.jobs).toHaveLength(1);
    expect(removeWorksheet(one, 'jobs', 0, T3)).toBe(one);
  });

  it('renames the current worksheet (trimmed), refusing an empty name', () => {
    const renamed = renameWorksheet(withTwo(), ref(1), '  Offer B  ', T3);
    expect(worksheetSummaries(renamed.topics.jobs, 'jobs').map((s) => s.name)).toEqual([
      NEW_WORKSHEET_NAME,
      'Offer B',
    ]);
    expect(renamed.topics.jobs?.[1]?.nameUpdatedAt).toBe(T3);
    expect(renameWorksheet(renamed, ref(1), '   ', T3)).toBe(renamed);
  });

  it('lists the worksheet a topic will get while it has none', () => {
    expect(worksheetSummaries(undefined, 'jobs')).toEqual([
      { _id: firstWorksheetId('jobs'), name: NEW_WORKSHEET_NAME },
    ]);
  });
});

describe('history (docs/product-spec.md §4)', () => {
  it('keeps where the learner is, once per change', () => {
    const at = withHistory(
      emptyWorkbook(),
      { topicId: 'jobs', pageId: 'numbers', worksheetIndex: 1 },
      T1,
    );
    expect(at.history).toEqual({
      topicId: 'jobs',
      pageId: 'numbers',
      worksheetIndex: 1,
      updatedAt: T1,
    });
    expect(withHistory(at, { topicId: 'jobs', pageId: 'numbers', worksheetIndex: 1 }, T2)).toBe(at);
  });

  it('a clear is an edit of its own, which wins the merge with an older history in any order', () => {
    const at = withHistory(
      emptyWorkbook(),
      { topicId: 'jobs', pageId: 'numbers', worksheetIndex: 0 },
      T1,
    );
    const cleared = withoutHistory(at, T2);
    expect(cleared.history).toBeNull();
    expect(cleared.historyClearedAt).toBe(T2);
    expect(mergeWorkbooks(at, cleared).history).toBeNull();
    expect(mergeWorkbooks(cleared, at).history).toBeNull();
    // A history saved after the clear wins over it.
    const later = withHistory(cleared, { topicId: 'jobs', pageId: 'tax', worksheetIndex: 0 }, T3);
    expect(mergeWorkbooks(at, later).history).toMatchObject({ pageId: 'tax' });
    expect(mergeWorkbooks(later, cleared).history).toMatchObject({ pageId: 'tax' });
    expect(withoutHistory(cleared, T3)).toBe(cleared);
    expect(withoutHistory(emptyWorkbook(), T3).history).toBeNull();
  });
});
