import { emptyWorkbook, type Workbook } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { gradeKeys } from '../../../lib/api/grades';
import {
  readAnonymousWorkbook,
  saveWorkbook,
  saveWorkbookOnExit,
  workbookKeys,
} from '../../../lib/api/workbook';
import { registerPendingSaves } from '../../../lib/pending-saves';
import { serverNow } from '../../../lib/server-clock';
import { viewerKey } from '../../../lib/session/token-store';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { createWorkbookStore, type WorkbookStore } from './workbook-store';

interface Entry {
  store: WorkbookStore;
  /** How errors read in the interface locale; the provider keeps it current. */
  describe: { current: (error: unknown) => string };
  release: () => void;
}

/** One store per query client, organisation and viewer: it outlives the screens that use it. */
const registry = new WeakMap<QueryClient, Map<string, Entry>>();

function keyOf(alias: string, viewer: string) {
  return `${alias}\u0000${viewer}`;
}

/**
 * The workbook store of `viewer`, made on first use from the workbook the session loaded. It
 * sends nothing once the stored token is another viewer's.
 */
export function workbookStoreFor(
  queryClient: QueryClient,
  alias: string,
  viewer: string,
  describe: (error: unknown) => string,
): WorkbookStore {
  let stores = registry.get(queryClient);
  if (!stores) registry.set(queryClient, (stores = new Map()));
  const key = keyOf(alias, viewer);
  const existing = stores.get(key);
  if (existing) {
    existing.describe.current = describe;
    return existing.store;
  }

  const isMember = viewer !== 'visitor';
  const workbookKey = workbookKeys.detail(alias, viewer);
  const initial =
    queryClient.getQueryData<Workbook>(workbookKey) ??
    (isMember ? emptyWorkbook() : (readAnonymousWorkbook() ?? emptyWorkbook()));
  const describeRef = { current: describe };
  const isCurrentViewer = () => viewerKey(readStored(STORAGE_KEYS.token)) === viewer;

  const store = createWorkbookStore({
    initial,
    isMember,
    send: (workbook) => saveWorkbook(alias, workbook),
    keepLocally: (workbook) =>
      writeStored(STORAGE_KEYS.anonymousWorkbook, JSON.stringify(workbook)),
    publish: (workbook) => queryClient.setQueryData(workbookKey, workbook),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: gradeKeys.organisation(alias) }),
    describeError: (error) => describeRef.current(error),
    canSend: isCurrentViewer,
    // Edits are stamped in the server's time (design §8: field times belong to the server).
    now: serverNow,
  });

  const unregister = isMember ? registerPendingSaves(() => store.settled()) : () => undefined;
  // A page closed with an edit the server lacks (a text still being typed): one last save.
  const onPageHide = () => {
    if (store.hasUnsavedEdits() && isCurrentViewer())
      saveWorkbookOnExit(alias, store.getState().workbook);
  };
  if (isMember) window.addEventListener('pagehide', onPageHide);

  const entry: Entry = {
    store,
    describe: describeRef,
    release: () => {
      store.dispose();
      unregister();
      window.removeEventListener('pagehide', onPageHide);
    },
  };
  stores.set(key, entry);
  return store;
}

/**
 * Stops every store of `queryClient` but the viewer's (the learner who signed out, the visitor
 * who signed up): nothing of theirs is ever sent with someone else's token.
 */
export function releaseOtherStores(queryClient: QueryClient, alias: string, viewer: string): void {
  const stores = registry.get(queryClient);
  if (!stores) return;
  const key = keyOf(alias, viewer);
  for (const [otherKey, other] of stores) {
    if (otherKey === key) continue;
    other.release();
    stores.delete(otherKey);
  }
}
