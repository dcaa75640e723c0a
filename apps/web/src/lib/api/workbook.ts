import { emptyWorkbook, routeUrl, type Workbook } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { noteServerTime } from '../server-clock';
import { readStored, STORAGE_KEYS } from '../storage';
import { call, localeHeaders } from './client';

/** `viewer` (lib/session): each learner, and the visitor, has a workbook of their own. */
export const workbookKeys = {
  detail: (alias: string, viewer: string) => ['workbook', alias, viewer] as const,
};

/** A stored workbook with every part a new one has, so readers need no guards. */
export function normaliseWorkbook(value: unknown): Workbook {
  const empty = emptyWorkbook();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return empty;
  const raw = value as Partial<Workbook>;
  return {
    ...raw,
    general: { ...empty.general, ...raw.general },
    topics: raw.topics ?? empty.topics,
    history: raw.history ?? null,
    removedWorksheets: raw.removedWorksheets ?? empty.removedWorksheets,
  };
}

/** A visitor's workbook, kept in the browser until they sign up (then saved to the account). */
export function readAnonymousWorkbook(): Workbook | null {
  const stored = readStored(STORAGE_KEYS.anonymousWorkbook);
  if (!stored) return null;
  try {
    return normaliseWorkbook(JSON.parse(stored));
  } catch {
    return null;
  }
}

/**
 * The workbook of the viewer: a member's from GET /{org}/workbook; a visitor's is the one kept
 * in the browser, else a new one.
 */
export function workbookQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: workbookKeys.detail(alias, viewer),
    queryFn: async ({ signal }): Promise<Workbook> => {
      if (viewer === 'visitor') return readAnonymousWorkbook() ?? emptyWorkbook();
      const sentAt = Date.now();
      const { workbook } = await call('workbook', { params: { org: alias }, signal });
      noteServerTime(workbook.serverTime, sentAt, Date.now());
      return normaliseWorkbook(workbook.workbook);
    },
    // The workbook changes through the app's own edits, which update this entry.
    staleTime: Infinity,
  });
}

/** PUT /{org}/workbook: the server merges it field by field and answers the merged workbook. */
export async function saveWorkbook(alias: string, workbook: Workbook): Promise<Workbook> {
  const sentAt = Date.now();
  const answer = await call('saveWorkbook', { params: { org: alias }, body: { workbook } });
  noteServerTime(answer.workbook.serverTime, sentAt, Date.now());
  return normaliseWorkbook(answer.workbook.workbook);
}

/** Browsers carry a keepalive request of at most 64 KB past the page's end. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * The last save of a page being closed: a keepalive PUT, which the browser sends even as the
 * page goes (its answer is never read). Too large a workbook is left to the next visit.
 */
export function saveWorkbookOnExit(alias: string, workbook: Workbook): void {
  const token = readStored(STORAGE_KEYS.token);
  const body = JSON.stringify({ workbook });
  if (!token || body.length > KEEPALIVE_MAX_BYTES) return;
  void fetch(routeUrl('saveWorkbook', { org: alias }), {
    method: 'PUT',
    keepalive: true,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      // The page's language: a certificate this save earns is issued in it.
      ...localeHeaders(),
    },
    body,
  }).catch(() => undefined);
}
