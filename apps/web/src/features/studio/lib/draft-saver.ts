import type { StudioSavedAnswer } from '@portal/domain';
import { isApiError } from '../../../lib/api/client';

export type DraftTopic = StudioSavedAnswer['topic'];

/**
 * What the author is told about the draft (design §14, "never lose work"):
 * - `saved`: the server has every edit (said only after it answered);
 * - `pending`: edits wait for the author to pause (~800 ms) or for the save in flight;
 * - `saving`: a save is in flight;
 * - `retrying`: the last save failed (no answer, or the server's own problem); it is tried again;
 * - `invalid`: the server refused the draft (400): nothing is retried until the next edit;
 * - `conflict`: someone saved the topic since (409): the other version is kept beside the
 *   author's, and nothing is saved until the author chooses.
 */
export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'retrying'; error: unknown; retryInMs: number }
  | { kind: 'invalid'; error: unknown }
  | { kind: 'conflict'; theirs: StudioSavedAnswer };

export interface DraftSnapshot {
  /** The author's draft: every edit, saved or not. */
  topic: DraftTopic;
  /** The draft version the server last answered (the next save names it). */
  version: number;
  status: SaveStatus;
}

export interface DraftSaverOptions {
  topic: DraftTopic;
  version: number;
  save: (topic: DraftTopic, version: number) => Promise<StudioSavedAnswer>;
  /** The pause after the last edit before a save starts. */
  delayMs?: number;
  /** The waits between retries of a failed save (the last one repeats). */
  retryDelaysMs?: readonly number[];
}

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * The draft's autosave: one save in flight at a time, each naming the version the previous one
 * answered; edits made meanwhile go in the next save. A 409 stops saving and keeps both versions
 * (`keepMine` saves the author's on top of the other, `takeTheirs` drops the author's). A plain
 * object with a subscription, so React reads it with useSyncExternalStore and tests drive it
 * with fake timers.
 */
export class DraftSaver {
  private snapshot: DraftSnapshot;
  /** The topic the server has (or is being sent): `snapshot.topic` differs when edits wait. */
  private sentTopic: DraftTopic;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private disposed = false;
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<DraftSaverOptions>;

  constructor(options: DraftSaverOptions) {
    this.options = {
      delayMs: AUTOSAVE_DELAY_MS,
      retryDelaysMs: RETRY_DELAYS_MS,
      ...options,
    };
    this.sentTopic = options.topic;
    this.snapshot = { topic: options.topic, version: options.version, status: { kind: 'saved' } };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): DraftSnapshot => this.snapshot;

  /** True while the server lacks an edit (the page warns before it is left). */
  get hasUnsavedEdits(): boolean {
    return this.snapshot.topic !== this.sentTopic || this.inFlight;
  }

  /** The author changed the draft: saved after the pause, or after the save in flight. */
  edit(topic: DraftTopic): void {
    if (this.disposed || topic === this.snapshot.topic) return;
    const { status } = this.snapshot;
    // In a conflict the author keeps typing into their own copy; nothing goes until they choose.
    const next: SaveStatus =
      status.kind === 'conflict' || status.kind === 'saving' ? status : { kind: 'pending' };
    this.failures = 0;
    this.set({ ...this.snapshot, topic, status: next });
    if (status.kind !== 'conflict') this.schedule(this.options.delayMs);
  }

  /** Saves now what waits (leaving the page, publishing); resolves once the server has it. */
  async flush(): Promise<void> {
    this.clearTimer();
    await this.run();
  }

  /** After a 409: the author's draft goes on top of the version the other author saved. */
  keepMine(): void {
    const { status } = this.snapshot;
    if (status.kind !== 'conflict') return;
    this.sentTopic = status.theirs.topic;
    this.set({ ...this.snapshot, version: status.theirs.version, status: { kind: 'pending' } });
    void this.flush();
  }

  /** After a 409: the other author's version replaces the author's (their edits are dropped). */
  takeTheirs(): void {
    const { status } = this.snapshot;
    if (status.kind !== 'conflict') return;
    this.replace(status.theirs.topic, status.theirs.version);
  }

  /** A draft from elsewhere (a restored version) replaces the author's, as saved. */
  replace(topic: DraftTopic, version: number): void {
    this.clearTimer();
    this.sentTopic = topic;
    this.failures = 0;
    this.set({ topic, version, status: { kind: 'saved' } });
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    if (this.inFlight || this.disposed) return;
    const { topic, version, status } = this.snapshot;
    if (status.kind === 'conflict') return;
    if (topic === this.sentTopic) {
      if (status.kind !== 'saved') this.set({ ...this.snapshot, status: { kind: 'saved' } });
      return;
    }
    this.inFlight = true;
    this.set({ ...this.snapshot, status: { kind: 'saving' } });
    try {
      const answer = await this.options.save(topic, version);
      this.inFlight = false;
      this.failures = 0;
      this.sentTopic = topic;
      const isCurrent = this.snapshot.topic === topic;
      this.set({
        ...this.snapshot,
        version: answer.version,
        status: isCurrent ? { kind: 'saved' } : { kind: 'pending' },
      });
      // Edits made during the save go next, on the version this one answered.
      if (!isCurrent && !this.disposed) this.schedule(0);
    } catch (error) {
      this.inFlight = false;
      if (this.disposed) return;
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    const body = isApiError(error, 409) ? (error.body as unknown) : null;
    if (isSavedAnswer(body)) {
      this.set({
        ...this.snapshot,
        status: { kind: 'conflict', theirs: { topic: body.topic, version: body.version } },
      });
      return;
    }
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      // The same draft would be refused again: the next edit tries.
      this.set({ ...this.snapshot, status: { kind: 'invalid', error } });
      return;
    }
    const delays = this.options.retryDelaysMs;
    const retryInMs = delays[Math.min(this.failures, delays.length - 1)] ?? 30_000;
    this.failures += 1;
    this.set({ ...this.snapshot, status: { kind: 'retrying', error, retryInMs } });
    this.schedule(retryInMs);
  }

  private set(next: DraftSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

function isSavedAnswer(value: unknown): value is StudioSavedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.version === 'number' &&
    typeof record.topic === 'object' &&
    record.topic !== null &&
    Array.isArray((record.topic as Record<string, unknown>).pages)
  );
}
