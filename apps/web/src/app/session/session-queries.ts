import { emptyWorkbook, type AccountView, type Workbook } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, requestJson, withQuery } from '../../lib/api-client';
import { readStored, STORAGE_KEYS } from '../../lib/storage';
import { isClearedHistory } from '../../lib/workbook';

function orgPath(alias: string): string {
  return `/api/org/${encodeURIComponent(alias)}`;
}

export const sessionKeys = {
  account: (alias: string, viewer: string, locale: string) =>
    ['account', alias, viewer, locale] as const,
  workbook: (alias: string, viewer: string) => ['workbook', alias, viewer] as const,
};

/** GET /{org}/account/settings: the signed-in learner (spec §7). */
export function accountQuery(alias: string, viewer: string, locale: string) {
  return queryOptions({
    queryKey: sessionKeys.account(alias, viewer, locale),
    queryFn: async ({ signal }) => {
      const path = withQuery(`${orgPath(alias)}/account/settings`, { locale });
      const { account } = await getJson<{ account: AccountView }>(path, signal);
      return account;
    },
  });
}

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
 * The workbook of the viewer (spec §3): a member's from GET /{org}/workbook; a visitor's is the
 * one kept in the browser, else a new one (spec §2: "reset the workbook").
 */
export function workbookQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: sessionKeys.workbook(alias, viewer),
    queryFn: async ({ signal }): Promise<Workbook> => {
      if (viewer === 'visitor') return readAnonymousWorkbook() ?? emptyWorkbook();
      const { workbook } = await getJson<{ workbook: { workbook: unknown } }>(
        `${orgPath(alias)}/workbook`,
        signal,
      );
      return normaliseWorkbook(workbook.workbook);
    },
    // The workbook changes through the app's own edits, which update this entry.
    staleTime: Infinity,
  });
}

/** PUT /{org}/workbook: the server merges it field by field with the stored one. */
export async function saveWorkbook(alias: string, workbook: Workbook): Promise<Workbook> {
  const answer = await requestJson<{ workbook: { workbook: unknown } }>(
    'PUT',
    `${orgPath(alias)}/workbook`,
    { body: { workbook } },
  );
  return normaliseWorkbook(answer.workbook.workbook);
}

/** POST /{org}/logout: revokes the token on the server. */
export async function postLogout(alias: string): Promise<void> {
  await requestJson('POST', `${orgPath(alias)}/logout`);
}

/** Where the saved history leads (spec §2, app start): a page of a topic, or the topic. */
export function historyPath(workbook: Workbook): string | null {
  const history = workbook.history;
  // A cleared history (spec §4: topic home, topics list, report card) leads nowhere.
  if (!history?.topicId || isClearedHistory(history)) return null;
  const topic = `/topic/${encodeURIComponent(history.topicId)}`;
  return history.pageId ? `${topic}/page/${encodeURIComponent(history.pageId)}` : topic;
}
