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
  /** A user group: its members, their progress, its messages. */
  | { group: { org: string; group: string } }
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
  if ('group' in dependency) return ['group', dependency.group.org, dependency.group.group];
  if ('session' in dependency) return ['session', dependency.session.token];
  if ('account' in dependency) return ['account', dependency.account.user];
  return ['hosts'];
}

const SEPARATOR = '\u0000';

export const tagOf = (dependency: Dependency): string => pathOf(dependency).join(SEPARATOR);

/** The tags a change reaches: its own, those above it, and a prefix for those under it. */
export function reachOf(change: Change): { exact: string[]; under: string } {
  const path = pathOf(change);
  const exact = path.map((_, i) => path.slice(0, i + 1).join(SEPARATOR));
  return { exact, under: `${path.join(SEPARATOR)}${SEPARATOR}` };
}

/** A change as the bus carries it, and back (null for a payload that is not one). */
export const encodeChanges = (changes: readonly Change[]): string => JSON.stringify(changes);

export function decodeChanges(payload: string): Change[] | null {
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (!Array.isArray(parsed)) return null;
    const changes = parsed.filter(
      (c): c is Change =>
        typeof c === 'object' &&
        c !== null &&
        ['content', 'viewer', 'group', 'session', 'account', 'hosts'].some((k) => k in c),
    );
    return changes.length === parsed.length ? changes : null;
  } catch {
    return null;
  }
}
