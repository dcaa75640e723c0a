import type { SaveStatus } from '../../../lib/workbook';

/** Waits between attempts after a failure: 1 s, 2 s, 5 s, 10 s, then every 30 s. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface SaveQueueOptions<T> {
  /** The document as it is now, with every local edit. */
  read: () => T;
  /** Sends `document`; resolves with the server's answer (its merged document). */
  send: (document: T) => Promise<T>;
  /** Takes the server's answer in (merged with the local document: newer local edits stay). */
  accept: (answer: T) => void;
  onStatus: (status: SaveStatus) => void;
  /** Called after each successful save (scores are reloaded then). */
  onSaved?: () => void;
  describeError: (error: unknown) => string;
  /** False once the viewer changed: nothing of theirs is sent with another's token. */
  canSend?: () => boolean;
  retryDelays?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface SaveQueue {
  /** A local edit was made (not yet asked to be saved: a text being typed). */
  changed(): void;
  /** Saves the latest document: at once, or right after the save in flight. */
  request(): void;
  /** Tries again now (the Retry button). */
  retry(): void;
  /** Whether the server lacks an edit made here. */
  hasUnsavedEdits(): boolean;
  status(): SaveStatus;
  /** Resolves once nothing asked for is waiting or in flight (or the last attempt failed). */
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * The workbook's saves (docs/design.md §8): one request in flight at a time; edits made meanwhile are
 * coalesced into one more request with the latest document; each answer is merged into the
 * local document (so an edit made while saving is never lost); failures are retried with
 * backoff, their messages kept until a save succeeds. "Saved" is only reported when the server
 * has answered a request that contained every local edit.
 *
 * Edits are counted: `local` is the number of the latest edit, `requested` the latest one asked
 * to be saved, `saved` the latest one the server has confirmed.
 */
export function createSaveQueue<T>(options: SaveQueueOptions<T>): SaveQueue {
  const delays = options.retryDelays ?? RETRY_DELAYS_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let local = 0;
  let requested = 0;
  let saved = 0;
  let inFlight = false;
  let hasSaved = false;
  let failures = 0;
  let errors: string[] = [];
  let retryTimer: unknown = null;
  let disposed = false;
  let waiters: (() => void)[] = [];
  let current: SaveStatus = { phase: 'idle', errors: [] };

  function phase(): SaveStatus['phase'] {
    if (inFlight) return 'saving';
    if (errors.length) return 'error';
    if (requested > saved) return 'saving';
    if (local > saved) return 'editing';
    return hasSaved ? 'saved' : 'idle';
  }

  function publish() {
    const next: SaveStatus = { phase: phase(), errors };
    if (next.phase !== current.phase || next.errors !== current.errors) {
      current = next;
      options.onStatus(next);
    }
    if (!inFlight && (requested <= saved || errors.length || disposed)) {
      const resolved = waiters;
      waiters = [];
      for (const resolve of resolved) resolve();
    }
  }

  function cancelRetry() {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
  }

  async function run() {
    if (disposed || inFlight || requested <= saved) return;
    if (options.canSend && !options.canSend()) {
      dispose();
      return;
    }
    cancelRetry();
    inFlight = true;
    const version = local;
    publish();
    try {
      const answer = await options.send(options.read());
      if (disposed) return;
      options.accept(answer);
      saved = Math.max(saved, version);
      hasSaved = true;
      failures = 0;
      errors = [];
      inFlight = false;
      options.onSaved?.();
    } catch (error) {
      if (disposed) return;
      inFlight = false;
      failures += 1;
      const message = options.describeError(error);
      if (!errors.includes(message)) errors = [...errors, message];
      const delay = delays[Math.min(failures - 1, delays.length - 1)] ?? 30_000;
      retryTimer = setTimer(() => {
        retryTimer = null;
        void run();
      }, delay);
      publish();
      return;
    }
    publish();
    // Edits asked to be saved while this one was in flight: one more request, with all of them.
    if (requested > saved) void run();
  }

  function dispose() {
    disposed = true;
    cancelRetry();
    publish();
  }

  return {
    changed() {
      if (disposed) return;
      local += 1;
      publish();
    },
    request() {
      if (disposed) return;
      requested = local;
      if (requested <= saved) {
        publish();
        return;
      }
      // A new edit does not wait out the backoff: it is a natural moment to try again.
      if (!inFlight) void run();
      else publish();
    },
    retry() {
      if (disposed) return;
      requested = local;
      cancelRetry();
      void run();
    },
    hasUnsavedEdits: () => local > saved,
    status: () => current,
    settled() {
      if (!inFlight && (requested <= saved || errors.length || disposed)) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    dispose,
  };
}
