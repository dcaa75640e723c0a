import type { Scores, Workbook } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { normaliseWorkbook } from '../../../app/session/session-queries';
import { getJson, requestJson } from '../../../lib/api-client';
import { readStored, STORAGE_KEYS } from '../../../lib/storage';

function orgPath(alias: string): string {
  return `/api/org/${encodeURIComponent(alias)}`;
}

/** PUT /{org}/workbook: the server merges it field by field and answers the merged workbook. */
export async function putWorkbook(alias: string, workbook: Workbook): Promise<Workbook> {
  const answer = await requestJson<{ workbook: { workbook: unknown } }>(
    'PUT',
    `${orgPath(alias)}/workbook`,
    { body: { workbook } },
  );
  return normaliseWorkbook(answer.workbook.workbook);
}

/** Browsers carry a keepalive request of at most 64 KB past the page's end. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * The last save of a page being closed: a keepalive PUT, which the browser sends even as the
 * page goes (its answer is never read). Too large a workbook is left to the next visit.
 */
export function putWorkbookOnExit(alias: string, workbook: Workbook): void {
  const token = readStored(STORAGE_KEYS.token);
  const body = JSON.stringify({ workbook });
  if (!token || body.length > KEEPALIVE_MAX_BYTES) return;
  void fetch(`${orgPath(alias)}/workbook`, {
    method: 'PUT',
    keepalive: true,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body,
  }).catch(() => undefined);
}

/**
 * Scores of a topic's worksheet (spec §3, §4). Every save invalidates `['grades', alias]`, which
 * reaches the report card's `['grades', alias, topicId, index]` too. The viewer ends the key, so
 * the session drops a learner's scores when they sign out.
 */
export const gradesKeys = {
  all: (alias: string) => ['grades', alias] as const,
  worksheet: (alias: string, topicId: string, index: number, viewer: string) =>
    ['grades', alias, topicId, index, viewer] as const,
};

/** GET /{org}/topic/{topicId}/worksheet/{index}/grade: signed-in learners only. */
export function scoresQuery(alias: string, topicId: string, index: number, viewer: string) {
  return queryOptions({
    queryKey: gradesKeys.worksheet(alias, topicId, index, viewer),
    queryFn: async ({ signal }) => {
      const path = `${orgPath(alias)}/topic/${encodeURIComponent(topicId)}/worksheet/${index}/grade`;
      const { scores } = await getJson<{ scores: Scores }>(path, signal);
      return scores;
    },
    // Scores change with every save: never shown from an older answer without asking again.
    staleTime: 0,
    retry: false,
  });
}
