import type { PageView, ScoreRow, Scores } from '@portal/domain';

/** One scored field on the report card. */
export interface ReportRow {
  fieldId: string;
  /** The field's name, or its id when the topic no longer has it. */
  name: string;
  /** The question as author HTML ('' when there is none). */
  question: string;
  /** Right, wrong, or not answered yet (neither right nor wrong; it still counts in the total). */
  result: ReportResult;
  scoreWeight: number;
}

export type ReportResult = 'correct' | 'incorrect' | 'unanswered';

/** The scored fields of one page, in the page's order. */
export interface ReportSection {
  pageId: string;
  pageName: string;
  rows: ReportRow[];
  score: number;
  total: number;
  /** How many of its scored fields have no answer yet. */
  unanswered: number;
}

export interface Report {
  sections: ReportSection[];
  score: number;
  total: number;
  /** score / total as a whole percentage (0 when nothing is scored). */
  percent: number;
  /** How many scored fields have no answer yet, over all pages. */
  unanswered: number;
}

/** A row's result: the grade answer says `isAnswered: false` for a field left empty. */
export function resultOf(row: Pick<ScoreRow, 'isCorrect' | 'isAnswered'>): ReportResult {
  if (row.isCorrect) return 'correct';
  return row.isAnswered === false ? 'unanswered' : 'incorrect';
}

/** score out of total as a whole percentage, rounded half up; 0 when the total is 0. */
export function percentOf(score: number, total: number): number {
  return total > 0 ? Math.round((score / total) * 100) : 0;
}

interface FieldInfo {
  name: string;
  question: string;
  order: number;
}

function fieldsOf(page: PageView | undefined): Map<string, FieldInfo> {
  const fields = new Map<string, FieldInfo>();
  page?.fragments.forEach((fragment, order) => {
    if (fragment.type === 'field')
      fields.set(fragment.field._id, {
        name: fragment.field.name,
        question: fragment.field.question,
        order,
      });
  });
  return fields;
}

/**
 * The report card of docs/product-spec.md §2 from the grade answer (docs/product-spec.md §3): each page that has scored fields,
 * in the topic's page order, with its fields named from the topic (the grade answer carries ids
 * only). Pages the topic does not list come last, named by id, so no score goes unexplained.
 */
export function buildReport(pages: readonly PageView[], scores: Scores): Report {
  const pageOrder = new Map(pages.map((page, index) => [page._id, index]));
  const rank = (pageId: string) => pageOrder.get(pageId) ?? Number.MAX_SAFE_INTEGER;
  const sections = Object.entries(scores.summary)
    .filter(([, rows]) => rows.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([pageId, summary]): ReportSection => {
      const page = pages.find((candidate) => candidate._id === pageId);
      const fields = fieldsOf(page);
      const at = (fieldId: string) => fields.get(fieldId)?.order ?? Number.MAX_SAFE_INTEGER;
      const rows = summary
        .map((row) => ({
          fieldId: row.fieldId,
          name: fields.get(row.fieldId)?.name ?? row.fieldId,
          question: fields.get(row.fieldId)?.question ?? '',
          result: resultOf(row),
          scoreWeight: row.scoreWeight,
        }))
        .sort((a, b) => at(a.fieldId) - at(b.fieldId));
      return {
        pageId,
        pageName: page?.name ?? pageId,
        rows,
        score: rows.reduce((sum, row) => sum + (row.result === 'correct' ? row.scoreWeight : 0), 0),
        total: rows.reduce((sum, row) => sum + row.scoreWeight, 0),
        unanswered: rows.filter((row) => row.result === 'unanswered').length,
      };
    });
  return {
    sections,
    unanswered: sections.reduce((sum, section) => sum + section.unanswered, 0),
    score: scores.score,
    total: scores.total,
    percent: percentOf(scores.score, scores.total),
  };
}
