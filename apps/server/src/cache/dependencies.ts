/**
 * What a cached entry depends on, and what a change says changed: the same shapes. A change
 * drops every entry whose dependency overlaps it: one is the other or lies under it (a topic's
 * change drops the entries of that topic and those of its whole organisation's content, such as
 * the organisation's answer; an organisation's change drops every topic of it).
 */
export type Dependency =
  /** An organisation's content and settings, or one topic of it. */
  | { content: { org: string; topic?: string } }
  /** What is known of a learner in an organisation: their groups and grants. */
  | { viewer: { org: string; user: string } }
  /** A user group's members and their progress, or those of every group of an organisation. */
  | { group: { org: string; group?: string } }
  /** A user group's messages. */
  | { messages: { org: string; group: string } }
  /** One sign-in token (by its hash), or every token of an account. */
  | { session: { token: string } }
  | { account: { user: string } }
  /** Which organisation a host name picks (hosts and aliases, any organisation). */
  | { hosts: true };

/** A change says what changed with the shape of a dependency. */
export type Change = Dependency;

/** The dependency as a path, most general part first: `content/{org}/{topic}`. */
export function pathOf(dependency: Dependency): string[] {
  if ('content' in dependency) {
    const { org, topic } = dependency.content;
    return topic === undefined ? ['content', org] : ['content', org, topic];
  }
  if ('viewer' in dependency) return ['viewer', dependency.viewer.org, dependency.viewer.user];
  if ('group' in dependency) {
    const { org, group } = dependency.group;
    return group === undefined ? ['group', org] : ['group', org, group];
  }
  if ('messages' in dependency)
    return ['messages', dependency.messages.org, dependency.messages.group];
  if ('session' in dependency) return ['session', dependency.session.token];
  if ('account' in dependency) return ['account', dependency.account.user];
  return ['hosts'];
}

export const TAG_SEPARATOR = '\u0000';

export const tagOf = (dependency: Dependency): string => pathOf(dependency).join(TAG_SEPARATOR);

/** The tags a change reaches: its own, those above it, and a prefix for those under it. */
export function reachOf(change: Change): { exact: string[]; under: string } {
  const path = pathOf(change);
  const exact = path.map((_, i) => path.slice(0, i + 1).join(TAG_SEPARATOR));
  return { exact, under: `${path.join(TAG_SEPARATOR)}${TAG_SEPARATOR}` };
}

/** Changes as the bus carries them, with the process that made them; and back (null if not). */
export const encodeChanges = (from: string, changes: readonly Change[]): string =>
  JSON.stringify({ from, changes });

const KINDS = ['content', 'viewer', 'group', 'messages', 'session', 'account', 'hosts'];

export function decodeChanges(payload: string): { from: string; changes: Change[] } | null {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; changes?: unknown };
    if (typeof parsed?.from !== 'string' || !Array.isArray(parsed.changes)) return null;
    const changes = parsed.changes.filter(
      (c): c is Change =>
        typeof c === 'object' && c !== null && KINDS.some((k) => k in (c as object)),
    );
    return changes.length === parsed.changes.length ? { from: parsed.from, changes } : null;
  } catch {
    return null;
  }
}
