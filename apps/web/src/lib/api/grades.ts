import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/**
 * The scores of one worksheet, shared by the report card (features/grades) and the formulas
 * that read scores (features/workbook): both read the same cache entry, and every save of the
 * workbook invalidates it, so scores reload after each save. Features never import each other,
 * so the query lives here.
 */
export const gradeKeys = {
  /** All the scores of an organisation: what a save of the workbook makes stale. */
  organisation: (alias: string) => ['grades', alias] as const,
  detail: (alias: string, topicId: string, worksheetIndex: number, viewer: string) =>
    ['grades', alias, topicId, worksheetIndex, viewer] as const,
};

/** GET /{org}/topic/{topicId}/worksheet/{index}/grade: a signed-in learner's scores. */
export async function fetchGrades(
  alias: string,
  topicId: string,
  worksheetIndex: number,
  signal?: AbortSignal,
) {
  const { scores } = await call('grade', {
    params: { org: alias, topicId, index: worksheetIndex },
    signal,
  });
  return scores;
}

/** Scores follow every save: a report card opened later always asks again. */
export const GRADES_STALE_TIME = 0;

export function gradesQuery(
  alias: string,
  topicId: string,
  worksheetIndex: number,
  viewer: string,
) {
  return queryOptions({
    queryKey: gradeKeys.detail(alias, topicId, worksheetIndex, viewer),
    queryFn: ({ signal }) => fetchGrades(alias, topicId, worksheetIndex, signal),
    staleTime: GRADES_STALE_TIME,
  });
}
