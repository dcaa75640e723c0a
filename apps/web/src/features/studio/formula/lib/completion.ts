import type { Referable, ReferableKind, ReferenceUse } from '@portal/domain';

/**
 * Completion of references as the author types: after `@` (any text, spaces included), or on a
 * word of two letters or more outside quotes. Options are the topic's referable things, one per
 * use each allows (a scored field: its value, its score, its maximum).
 */

/** Stands for a reference in the text before the caret. */
export const REFERENCE_CHAR = '\ufffc';
const MAX_QUERY = 60;
export const MAX_OPTIONS = 30;

export interface CompletionQuery {
  /** Where the typed query starts in the text before the caret (the `@` included). */
  offset: number;
  query: string;
}

/** The query being typed at the end of `before` (the text of the line up to the caret), if any. */
export function findCompletionQuery(before: string): CompletionQuery | null {
  const at = before.lastIndexOf('@');
  if (at >= 0) {
    const query = before.slice(at + 1);
    if (query.length <= MAX_QUERY && !query.includes(REFERENCE_CHAR) && !/^\s/.test(query))
      return { offset: at, query };
  }
  const word = /(?:^|[^\p{L}\p{N}_."'])([\p{L}_][\p{L}\p{N}_-]+)$/u.exec(before);
  if (!word) return null;
  const offset = before.length - word[1]!.length;
  // Inside a text value ("…") a word is text, not a name.
  const quotes = (before.slice(0, offset).match(/["“”]/g) ?? []).length;
  if (quotes % 2 === 1) return null;
  return { offset, query: word[1]! };
}

export interface CompletionOption {
  /** Unique among the options: `id` and `use`. */
  key: string;
  id: string;
  use: ReferenceUse;
  kind: ReferableKind;
  label: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Every option of the referables, in their order. */
export function completionOptions(referables: readonly Referable[]): CompletionOption[] {
  return referables.flatMap((r) =>
    r.uses.map((use) => ({ key: `${r.id}:${use}`, id: r.id, use, kind: r.kind, label: r.label })),
  );
}

/**
 * The options a query matches: each of its words is in the label or the id (case and accents
 * ignored); those whose label or id starts with the query come first.
 */
export function matchOptions(
  options: readonly CompletionOption[],
  query: string,
): CompletionOption[] {
  const words = fold(query)
    .split(/[\s_-]+/)
    .filter(Boolean);
  const q = fold(query.trim());
  const scored = options.flatMap((option, index) => {
    const label = fold(option.label);
    const id = fold(option.id);
    const hay = `${label} ${id} ${id.replace(/[-_]/g, ' ')}`;
    if (!words.every((w) => hay.includes(w))) return [];
    const rank = label.startsWith(q) || id.startsWith(q) ? 0 : 1;
    return [{ option, rank, index }];
  });
  return scored
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, MAX_OPTIONS)
    .map((s) => s.option);
}
