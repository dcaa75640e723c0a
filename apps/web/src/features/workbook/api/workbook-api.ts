import type { Workbook } from '@portal/domain';
import { normaliseWorkbook } from '../../../app/session/session-queries';
import { requestJson } from '../../../lib/api-client';
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

/** Every save invalidates the scores of the organisation (lib/grades.ts keys), which reload. */
export const gradesOfOrganisation = (alias: string) => ['grades', alias] as const;
