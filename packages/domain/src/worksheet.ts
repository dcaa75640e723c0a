import { isShown, type FormulaScope } from './formula';
import { scoreOf, type Scores } from './grading';
import type { FieldView, PageView, TopicView } from './topic-view';
import type { Sheet, Worksheet } from './workbook';

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

/** The topic's default answers (spec §4: a new worksheet gets them). */
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

/** Writes the defaults to a sheet that has no data yet (spec §4), and only then. */
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

/** Adding is allowed only below the organisation's cap (spec §4). */
export const canAddWorksheet = (count: number, maxTopicWorksheets: number) =>
  count < maxTopicWorksheets;
/** Removal only while more than one exists; index 0 is selected after (spec §4). */
export const canRemoveWorksheet = (count: number) => count > 1;

export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value))
    return value.some((row) =>
      Array.isArray(row) ? row.some((c) => isAnswered(c)) : isAnswered(row),
    );
  return true;
}

/**
 * Completion (spec §4): a page without scored questions completes when its end scrolls into
 * view (`scrolledToEnd`); a page with scored questions completes when all its other fields are
 * answered. A page is added to completedPages once only.
 */
export function isPageComplete(
  page: Pick<PageView, 'fragments' | 'hasScoredFields'>,
  data: Readonly<Record<string, unknown>>,
  scrolledToEnd: boolean,
): boolean {
  if (!page.hasScoredFields) return scrolledToEnd;
  return page.fragments.every(
    (f) => f.type !== 'field' || f.field.isScored || isAnswered(data[f.field._id]),
  );
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
 * What a formula's references mean (spec §5, design §7): with data-use, the attained or maximum
 * score of a scored field, a page or "topic"; else the field's value in the worksheet, else in
 * the general data, else nothing (0).
 */
export function formulaScope({ worksheet, general, scores, formulas }: ScopeInput): FormulaScope {
  return {
    resolve(id, use) {
      if (use !== 'value') return scores ? scoreOf(scores, id, use) : undefined;
      return id in worksheet ? worksheet[id] : general[id];
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

/** The pages a learner sees right now: those whose show condition holds (spec §4). */
export function visiblePages<P extends Pick<PageView, 'showCondition'>>(
  pages: readonly P[],
  scope: FormulaScope,
): P[] {
  return pages.filter((p) => isShown(p.showCondition, scope));
}
