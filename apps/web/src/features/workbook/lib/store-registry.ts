import { emptyWorkbook, type Workbook } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { readAnonymousWorkbook } from '../../../lib/api/workbook';
import { registerPendingSaves } from '../../../lib/pending-saves';
import { serverNow } from '../../../lib/server-clock';
import { viewerKey } from '../../../lib/session/token-store';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import type { WorkbookSource } from '../../../lib/workbook';
import { LEARNER_WORKBOOK_SOURCE } from './learner-source';
import { createWorkbookStore, type WorkbookStore } from './workbook-store';

interface Entry {
  store: WorkbookStore;
  alias: string;
  viewer: string;
  source: string;
  generation: number;
  /** How errors read in the interface locale; the provider keeps it current. */
  describe: { current: (error: unknown) => string };
  release: () => void;
}

/**
 * One store per query client, organisation, viewer and source (the learner's workbook, the
 * studio's preview workbook): it outlives the screens that use it.
 */
const registry = new WeakMap<QueryClient, Map<string, Entry>>();

function keyOf(alias: string, viewer: string, source: WorkbookSource) {
  return `${alias}\u0000${viewer}\u0000${source.name}\u0000${source.generation ?? 0}`;
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
  source: WorkbookSource = LEARNER_WORKBOOK_SOURCE,
): WorkbookStore {
  let stores = registry.get(queryClient);
  if (!stores) registry.set(queryClient, (stores = new Map()));
  const key = keyOf(alias, viewer, source);
  const existing = stores.get(key);
  if (existing) {
    existing.describe.current = describe;
    return existing.store;
  }

  const isMember = viewer !== 'visitor';
  const workbookKey = source.key(alias, viewer);
  const initial =
    queryClient.getQueryData<Workbook>(workbookKey) ??
    (isMember ? emptyWorkbook() : (readAnonymousWorkbook() ?? emptyWorkbook()));
  const describeRef = { current: describe };
  const isCurrentViewer = () => viewerKey(readStored(STORAGE_KEYS.token)) === viewer;

  const store = createWorkbookStore({
    initial,
    isMember,
    send: (workbook) => source.save(alias, workbook),
    keepLocally: (workbook) =>
      writeStored(STORAGE_KEYS.anonymousWorkbook, JSON.stringify(workbook)),
    publish: (workbook) => queryClient.setQueryData(workbookKey, workbook),
    onSaved: () => void queryClient.invalidateQueries({ queryKey: source.savedKey(alias) }),
    describeError: (error) => describeRef.current(error),
    canSend: isCurrentViewer,
    // Edits are stamped in the server's time (design §8: field times belong to the server).
    now: serverNow,
  });

  const unregister = isMember ? registerPendingSaves(() => store.settled()) : () => undefined;
  // A page closed with an edit the server lacks (a text still being typed): one last save.
  const onPageHide = () => {
    if (store.hasUnsavedEdits() && isCurrentViewer())
      source.saveOnExit?.(alias, store.getState().workbook);
  };
  if (isMember) window.addEventListener('pagehide', onPageHide);

  const entry: Entry = {
    store,
    alias,
    viewer,
    source: source.name,
    generation: source.generation ?? 0,
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
 * who signed up): nothing of theirs is ever sent with someone else's token. The viewer's stores
 * of other sources stay (a learner's save in flight survives a visit to the preview); those of
 * an older generation of `source` go (the preview's answers were reset).
 */
export function releaseOtherStores(
  queryClient: QueryClient,
  alias: string,
  viewer: string,
  source: WorkbookSource = LEARNER_WORKBOOK_SOURCE,
): void {
  const stores = registry.get(queryClient);
  if (!stores) return;
  const generation = source.generation ?? 0;
  for (const [key, other] of stores) {
    const isViewers = other.alias === alias && other.viewer === viewer;
    if (isViewers && (other.source !== source.name || other.generation === generation)) continue;
    other.release();
    stores.delete(key);
  }
}
