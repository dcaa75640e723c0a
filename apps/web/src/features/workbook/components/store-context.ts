import { createContext, useContext, useSyncExternalStore } from 'react';
import type { WorkbookStore, WorkbookStoreState } from '../lib/workbook-store';

export const WorkbookStoreContext = createContext<WorkbookStore | null>(null);

export function useWorkbookStore(): WorkbookStore {
  const store = useContext(WorkbookStoreContext);
  if (!store) throw new Error('useWorkbookStore() must be used inside <WorkbookProvider>');
  return store;
}

/** The store's state, re-rendering on each change. */
export function useWorkbookState(): WorkbookStoreState {
  const store = useWorkbookStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
