import type { MessageView } from '@portal/domain';

/**
 * Avatar initials in messages (docs/product-spec.md §2): the first letters of the first and last
 * name, else of the username.
 */
export function messageInitials(account: MessageView['account']): string {
  const letters = [account.name.first, account.name.last].map((part) => firstLetter(part)).join('');
  return (letters || firstLetter(account.user.id.username) || '?').toLocaleUpperCase();
}

function firstLetter(text: string): string {
  const [first = ''] = Array.from(text.trim());
  return first;
}

/** The author's name as shown: first and last name, else the username. */
export function authorName(account: MessageView['account']): string {
  const full = `${account.name.first} ${account.name.last}`.trim();
  return full || account.user.id.username;
}

/**
 * Merges new messages into a list (docs/product-spec.md §4): by `_id` (a newer copy replaces the
 * older), newest first (by `createDate`, then `_id` for a stable order).
 */
export function mergeMessages(
  current: readonly MessageView[],
  incoming: readonly MessageView[],
): MessageView[] {
  if (incoming.length === 0) return current as MessageView[];
  const byId = new Map<string, MessageView>();
  for (const message of current) byId.set(message._id, message);
  for (const message of incoming) byId.set(message._id, message);
  return Array.from(byId.values()).sort(newestFirst);
}

function newestFirst(a: MessageView, b: MessageView): number {
  const byTime = Date.parse(b.createDate) - Date.parse(a.createDate);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}
