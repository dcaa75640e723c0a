/**
 * A one-time notice carried to the next screen in the router's location state (so a reload or
 * a shared address does not show it again).
 */
export type Flash = 'inviteAccepted' | 'resumed';

export function flashState(flash: Flash): { flash: Flash } {
  return { flash };
}

export function flashOf(state: unknown): Flash | undefined {
  const flash = (state as { flash?: unknown } | null)?.flash;
  return flash === 'inviteAccepted' || flash === 'resumed' ? flash : undefined;
}
