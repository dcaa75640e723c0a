import type { Scores } from '@portal/domain';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getJson } from './api-client';

/**
 * The scores of one worksheet (spec §3, §7), shared by the report card (features/grades) and
 * the formulas that read scores (features/page): both read the same cache entry, and the
 * workbook's save invalidates it (spec §4: "afterwards scores are reloaded"). Features never
 * import each other, so the query lives here.
 */
export const gradeKeys = {
  all: ['grades'] as const,
  /** Every worksheet of a topic, for any viewer of this organisation. */
  topic: (alias: string, topicId: string) => ['grades', alias, topicId] as const,
  detail: (alias: string, topicId: string, worksheetIndex: number, viewer: string) =>
    ['grades', alias, topicId, worksheetIndex, viewer] as const,
};

/** GET /{org}/topic/{topicId}/worksheet/{index}/grade: a signed-in learner's scores. */
export function gradesQuery(
  alias: string,
  topicId: string,
  worksheetIndex: number,
  viewer: string,
) {
  return queryOptions({
    queryKey: gradeKeys.detail(alias, topicId, worksheetIndex, viewer),
    queryFn: async ({ signal }) => {
      const path =
        `/api/org/${encodeURIComponent(alias)}/topic/${encodeURIComponent(topicId)}` +
        `/worksheet/${worksheetIndex}/grade`;
      const { scores } = await getJson<{ scores: Scores }>(path, signal);
      return scores;
    },
    // Scores follow every save: a report card opened later always asks again.
    staleTime: 0,
  });
}

/**
 * Marks the scores of `topicId` (every worksheet, or the one given) stale, so whatever shows
 * them reloads. The workbook calls this after each successful save.
 */
export function invalidateGrades(
  queryClient: QueryClient,
  alias: string,
  topicId: string,
  worksheetIndex?: number,
): Promise<void> {
  const queryKey =
    worksheetIndex === undefined
      ? gradeKeys.topic(alias, topicId)
      : [...gradeKeys.topic(alias, topicId), worksheetIndex];
  return queryClient.invalidateQueries({ queryKey });
}

/** invalidateGrades bound to the app's query client: `(alias, topicId, index?) => Promise`. */
export function useInvalidateGrades() {
  const queryClient = useQueryClient();
  return useCallback(
    (alias: string, topicId: string, worksheetIndex?: number) =>
      invalidateGrades(queryClient, alias, topicId, worksheetIndex),
    [queryClient],
  );
}
