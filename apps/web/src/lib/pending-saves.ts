/**
 * Saves still on their way to the server (the workbook's), so that signing out can wait for
 * them instead of dropping a learner's last answers. The workbook feature registers itself
 * here; the session, which must not load that feature on the first page, only calls `flush`.
 */
type Flush = () => Promise<void>;

const flushers = new Set<Flush>();

/** Registers a flush; the returned function unregisters it. */
export function registerPendingSaves(flush: Flush): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Waits (at most `timeoutMs`) for every registered save to reach the server or fail. */
export async function flushPendingSaves(timeoutMs = 4_000): Promise<void> {
  if (flushers.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const all = Promise.all([...flushers].map((flush) => flush().catch(() => undefined)));
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}
