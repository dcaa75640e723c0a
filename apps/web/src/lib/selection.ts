import { useSyncExternalStore } from 'react';

/**
 * The learner's page selection (docs/product-spec.md §3 "Selection": topic.name, page.name): what the topic
 * layout has open, for the header and subheader. Opening /topics clears it.
 */
export interface PageSelection {
  /** The topic id as it appears in the address ("general" for the general topic). */
  topicId: string;
  topicName: string;
  /** The open page's name; absent on the topic home. */
  pageName?: string;
}

let current: PageSelection | null = null;
const listeners = new Set<() => void>();

function isSame(a: PageSelection | null, b: PageSelection | null): boolean {
  return (
    a === b ||
    (a !== null &&
      b !== null &&
      a.topicId === b.topicId &&
      a.topicName === b.topicName &&
      a.pageName === b.pageName)
  );
}

export function setPageSelection(next: PageSelection | null): void {
  if (isSame(current, next)) return;
  current = next;
  listeners.forEach((listener) => listener());
}

export function clearPageSelection(): void {
  setPageSelection(null);
}

export function readPageSelection(): PageSelection | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageSelection(): PageSelection | null {
  return useSyncExternalStore(subscribe, readPageSelection, readPageSelection);
}
