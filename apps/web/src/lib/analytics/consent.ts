import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

/** The learner's answer to "may this organisation measure its pages with Google Analytics?". */
export type AnalyticsConsent = 'granted' | 'denied' | 'unanswered';

const listeners = new Set<() => void>();

function answers(): Record<string, 'granted' | 'denied'> {
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.analyticsConsent) ?? '{}');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, 'granted' | 'denied'>)
      : {};
  } catch {
    return {};
  }
}

export function readAnalyticsConsent(alias: string): AnalyticsConsent {
  const answer = answers()[alias];
  return answer === 'granted' || answer === 'denied' ? answer : 'unanswered';
}

/** Remembers the answer in the browser (per organisation), for this visit and the next ones. */
export function setAnalyticsConsent(alias: string, answer: 'granted' | 'denied'): void {
  writeStored(STORAGE_KEYS.analyticsConsent, JSON.stringify({ ...answers(), [alias]: answer }));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The answer of the learner for `alias`, kept up to date when it changes. */
export function useAnalyticsConsent(alias: string): AnalyticsConsent {
  return useSyncExternalStore(
    subscribe,
    () => readAnalyticsConsent(alias),
    () => 'unanswered' as const,
  );
}
