/**
 * Tests wait for what they expect, never for a fixed time: a fixed sleep is too short on a busy
 * machine (a flaky test) and too long everywhere else (a slow one). These poll a probe until it
 * answers; the polling interval is the only clock here.
 */

/** Resolves with the first value `probe` answers other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5_000,
  intervalMs = 50,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Resolves once `condition` holds; fails after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  intervalMs = 50,
): Promise<void> {
  await waitFor(async () => ((await condition()) ? true : undefined), timeoutMs, intervalMs);
}

/** Resolves once `url` answers 2xx (a server starting in a child process); fails after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    async () => {
      try {
        return (await fetch(url)).ok;
      } catch {
        return false; // still starting
      }
    },
    timeoutMs,
    100,
  );
}

/**
 * A wait whose point is that nothing happens during it (no mail, no message, no second
 * delivery): there is no event to wait for. Keep it short; say at the call what must not happen.
 */
export const quietFor = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the clock has moved to a later millisecond than when it was called: for times
 * compared by the millisecond (a read marker after a post, an edit after a stamp).
 */
export async function untilNextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await new Promise((resolve) => setImmediate(resolve));
}
