/**
 * A one-time notice carried to the next screen in the router's location state (so a reload or
 * a shared address does not show it again): an invitation used (`joined`, with its group's
 * name), the page a learner came back to (`resumed`), or the account just erased (`erased`).
 */
export type Flash = 'joined' | 'resumed' | 'erased';

export function flashState(flash: Flash, group?: string): { flash: Flash; group?: string } {
  return group ? { flash, group } : { flash };
}

export function flashOf(state: unknown): Flash | undefined {
  const flash = (state as { flash?: unknown } | null)?.flash;
  return flash === 'joined' || flash === 'resumed' || flash === 'erased' ? flash : undefined;
}

/** The group a `joined` notice names ('' when it has no name). */
export function flashGroup(state: unknown): string {
  const group = (state as { group?: unknown } | null)?.group;
  return typeof group === 'string' ? group : '';
}
