import { isShown, type FormulaScope } from './formula';
import { isAnswered, scoreOf, type Scores } from './grading';
import type { FieldView, PageView, TopicView } from './api/topic';
import {
  idMap,
  type Sheet,
  type Workbook,
  type WorkbookSave,
  type Worksheet,
  type WorksheetSave,
} from './workbook';

export const NEW_WORKSHEET_NAME = 'New Worksheet';

/** The value a table field starts with: its cells' values or localised defaults, as text. */
export function tableDefault(
  field: Pick<FieldView, 'rowCount' | 'columnCount' | 'cells'>,
): string[][] {
  const rows = field.rowCount ?? 0;
  const columns = field.columnCount ?? 0;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => {
      const cell = field.cells?.[r]?.[c];
      return (cell?.value ?? cell?.defaultValue ?? '').trim();
    }),
  );
}

/** The topic's default answers (docs/product-spec.md §4: a new worksheet gets them). */
export function topicDefaults(topic: Pick<TopicView, 'pages'>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const page of topic.pages)
    for (const fragment of page.fragments) {
      if (fragment.type !== 'field') continue;
      const field = fragment.field;
      if (field.type === 'table') data[field._id] = tableDefault(field);
      else if (field.defaultValue !== undefined) data[field._id] = field.defaultValue;
    }
  return data;
}

/** Writes the defaults to a sheet that has no data yet (docs/product-spec.md §4), and only then. */
export function seedDefaults<S extends Sheet>(sheet: S, topic: Pick<TopicView, 'pages'>): S {
  if (Object.keys(sheet.data).length) return sheet;
  return { ...sheet, data: topicDefaults(topic) };
}

export function newWorksheet(
  topic: Pick<TopicView, 'pages'>,
  id: string,
  now: string,
  name = NEW_WORKSHEET_NAME,
): Worksheet {
  return {
    _id: id,
    name,
    nameUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
    data: topicDefaults(topic),
    fieldTimes: {},
    completedPages: [],
  };
}

/** Adding is allowed only below the organisation's cap (docs/product-spec.md §4). */
export const canAddWorksheet = (count: number, maxTopicWorksheets: number) =>
  count < maxTopicWorksheets;

/**
 * The topics a save takes over the organisation's cap (docs/product-spec.md §4: adding only below
 * constraints.maxTopicWorksheets): those with more than `max` worksheets after the merge, one of
 * them new. A topic already over the cap (the cap was lowered since) still saves its edits.
 */
export function worksheetsOverCap(
  before: Workbook,
  after: Workbook,
  max: number,
): Array<{ topicId: string; count: number }> {
  const over: Array<{ topicId: string; count: number }> = [];
  for (const topicId of Object.keys(after.topics)) {
    const sheets = after.topics[topicId]!;
    if (sheets.length <= max) continue;
    const known = new Set(
      (Object.hasOwn(before.topics, topicId) ? before.topics[topicId]! : []).map((w) => w._id),
    );
    if (sheets.some((w) => !known.has(w._id))) over.push({ topicId, count: sheets.length });
  }
  return over;
}

/**
 * The id of the worksheet a topic gets on its first edit: the same in every tab, device and
 * client (the web app's and one that sends no ids), so they end up with one worksheet, not two.
 */
export function firstWorksheetId(topicId: string): string {
  return `first-${topicId}`.slice(0, 100);
}

const isComplete = (sheet: WorksheetSave): sheet is Worksheet =>
  sheet._id !== undefined && sheet.createdAt !== undefined;

/**
 * Gives the worksheets of a save that come without `_id` (docs/product-spec.md §3 has none) the id of the
 * stored worksheet at the same index, so that saving index i again merges into the same
 * worksheet, or a new id (`newId()`; `firstWorksheetId` for a topic's first). A worksheet
 * without `createdAt` takes the stored one's, or a time after every stored worksheet of its
 * topic, so that it stays at its index. `stored` is the workbook the save merges into.
 */
export function assignWorksheetIds(
  stored: Workbook,
  incoming: WorkbookSave,
  newId: () => string,
  now: string,
): Workbook {
  let complete = true;
  for (const topicId in incoming.topics)
    if (!incoming.topics[topicId]!.every(isComplete)) {
      complete = false;
      break;
    }
  if (complete) return incoming as Workbook;

  const topics = idMap<Worksheet[]>();
  for (const [topicId, sheets] of Object.entries(incoming.topics)) {
    if (sheets.every(isComplete)) {
      topics[topicId] = sheets;
      continue;
    }
    const storedSheets = Object.hasOwn(stored.topics, topicId) ? stored.topics[topicId]! : [];
    const isRemoved = (wid: string) =>
      Object.hasOwn(incoming.removedWorksheets, wid) ||
      Object.hasOwn(stored.removedWorksheets, wid);
    // Index i means the i-th worksheet the client sees: those it removes in this save are gone.
    const visible = storedSheets.filter((w) => !Object.hasOwn(incoming.removedWorksheets, w._id));
    const taken = new Set(sheets.flatMap((w) => (w._id === undefined ? [] : [w._id])));
    let nextTime = Math.max(
      Date.parse(now) || 0,
      ...visible.map((w) => (Date.parse(w.createdAt) || 0) + 1),
    );
    const freshTime = () => new Date(nextTime++).toISOString();
    topics[topicId] = sheets.map((sheet, index) => {
      if (isComplete(sheet)) return sheet;
      let _id = sheet._id;
      let createdAt = sheet.createdAt;
      if (_id === undefined) {
        const atIndex = visible[index];
        if (atIndex && !taken.has(atIndex._id)) {
          _id = atIndex._id;
          createdAt ??= atIndex.createdAt;
        } else {
          const first = firstWorksheetId(topicId);
          const isFirst = index === 0 && visible.length === 0;
          _id = isFirst && !taken.has(first) && !isRemoved(first) ? first : newId();
        }
        taken.add(_id);
      } else createdAt ??= storedSheets.find((w) => w._id === _id)?.createdAt;
      return { ...sheet, _id, createdAt: createdAt ?? freshTime() };
    });
  }
  return { ...incoming, topics };
}
/** Removal only while more than one exists; index 0 is selected after (docs/product-spec.md §4). */
export const canRemoveWorksheet = (count: number) => count > 1;

/**
 * Completion (docs/product-spec.md §4): a page without scored questions completes when its end scrolls into
 * view (`scrolledToEnd`); a page with scored questions completes when all its other fields are
 * answered, and a page of scored questions only when they are all answered (never on sight). A
 * page is added to completedPages once only.
 */
export function isPageComplete(
  page: Pick<PageView, 'fragments' | 'hasScoredFields'>,
  data: Readonly<Record<string, unknown>>,
  scrolledToEnd: boolean,
): boolean {
  if (!page.hasScoredFields) return scrolledToEnd;
  const fields = page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : []));
  const others = fields.filter((field) => !field.isScored);
  // A page of scored questions only has no "other" fields: the rule would hold before anything
  // is answered (issue 15 point 5), so such a page completes once its questions are answered.
  const counted = others.length > 0 ? others : fields;
  return counted.every((field) => Object.hasOwn(data, field._id) && isAnswered(data[field._id]));
}

export function markCompleted<S extends Sheet>(sheet: S, pageId: string): S {
  if (sheet.completedPages.includes(pageId)) return sheet;
  return { ...sheet, completedPages: [...sheet.completedPages, pageId] };
}

export interface ScopeInput {
  /** Answers of the current worksheet of the topic. */
  worksheet: Readonly<Record<string, unknown>>;
  /** The general topic's answers. */
  general: Readonly<Record<string, unknown>>;
  scores?: Scores;
  /** Formula bodies of the topic by id. */
  formulas?: Readonly<Record<string, string>>;
}

/**
 * What a formula's references mean (docs/product-spec.md §5, docs/design.md §7): with data-use, the attained or maximum
 * score of a scored field, a page or "topic"; else the field's value in the worksheet, else in
 * the general data, else nothing (0).
 */
export function formulaScope({ worksheet, general, scores, formulas }: ScopeInput): FormulaScope {
  return {
    resolve(id, use) {
      if (use !== 'value') return scores ? scoreOf(scores, id, use) : undefined;
      // Own keys only: a field id may be `constructor` or `toString`.
      if (Object.hasOwn(worksheet, id)) return worksheet[id];
      return Object.hasOwn(general, id) ? general[id] : undefined;
    },
    ...(formulas && { formulas }),
  };
}

/** Formula bodies of a topic by formula id. */
export function topicFormulas(topic: Pick<TopicView, 'pages'>): Record<string, string> {
  const formulas: Record<string, string> = {};
  for (const page of topic.pages)
    for (const f of page.fragments)
      if (f.type === 'formula') formulas[f.formula._id] = f.formula.body;
  return formulas;
}

/** The pages a learner sees right now: those whose show condition holds (docs/product-spec.md §4). */
export function visiblePages<P extends Pick<PageView, 'showCondition'>>(
  pages: readonly P[],
  scope: FormulaScope,
): P[] {
  return pages.filter((p) => isShown(p.showCondition, scope));
}
