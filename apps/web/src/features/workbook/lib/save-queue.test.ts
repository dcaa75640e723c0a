import { describe, expect, it, vi } from 'vitest';
import type { SaveStatus } from '../../../lib/workbook';
import { createSaveQueue, RETRY_DELAYS_MS } from './save-queue';

/** A document of numbered edits; the "server" keeps the highest edit it was sent. */
function harness(options: { retryDelays?: number[] } = {}) {
  let local = 0;
  let server = 0;
  const statuses: SaveStatus[] = [];
  const pending: { sent: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const queue = createSaveQueue<number>({
    read: () => local,
    send: (document) =>
      new Promise<number>((resolve, reject) => {
        pending.push({
          sent: document,
          resolve: () => {
            server = Math.max(server, document);
            resolve(server);
          },
          reject,
        });
      }),
    accept: vi.fn(),
    onStatus: (status) => statuses.push(status),
    describeError: (error) => (error as Error).message,
    retryDelays: options.retryDelays,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const at = timers.indexOf(timer as (typeof timers)[number]);
      if (at >= 0) timers.splice(at, 1);
    },
  });
  const edit = (save = true) => {
    local += 1;
    queue.changed();
    if (save) queue.request();
  };
  const answer = async () => {
    pending.shift()?.resolve();
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (message: string) => {
    pending.shift()?.reject(new Error(message));
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    queue,
    edit,
    answer,
    fail,
    pending,
    timers,
    statuses,
    serverHas: () => server,
    phase: () => queue.status().phase,
  };
}

describe('save queue (docs/design.md §8)', () => {
  it('sends one request at a time and coalesces the edits made meanwhile into one more', async () => {
    const h = harness();
    h.edit();
    expect(h.pending.map((p) => p.sent)).toEqual([1]);
    h.edit();
    h.edit();
    h.edit();
    // Still one in flight: the three edits wait for it.
    expect(h.pending).toHaveLength(1);
    await h.answer();
    // Then one request with the latest document (all three edits).
    expect(h.pending.map((p) => p.sent)).toEqual([4]);
    await h.answer();
    expect(h.pending).toHaveLength(0);
    expect(h.serverHas()).toBe(4);
    expect(h.phase()).toBe('saved');
  });

  it('never says "saved" while an edit the server does not have exists', async () => {
    const h = harness();
    h.edit();
    expect(h.phase()).toBe('saving');
    h.edit();
    await h.answer();
    // The first answer does not cover the second edit.
    expect(h.phase()).toBe('saving');
    expect(h.statuses.some((s) => s.phase === 'saved')).toBe(false);
    await h.answer();
    expect(h.phase()).toBe('saved');
  });

  it('counts an edit not yet asked to be saved (typing) as unsaved, until a save carries it', async () => {
    const h = harness();
    h.edit(false);
    expect(h.phase()).toBe('editing');
    expect(h.queue.hasUnsavedEdits()).toBe(true);
    expect(h.pending).toHaveLength(0);
    h.queue.request();
    expect(h.pending.map((p) => p.sent)).toEqual([1]);
    await h.answer();
    expect(h.phase()).toBe('saved');
    expect(h.queue.hasUnsavedEdits()).toBe(false);
  });

  it('an edit typed while a save is in flight is not reported saved by that save', async () => {
    const h = harness();
    h.edit();
    h.edit(false);
    await h.answer();
    expect(h.phase()).toBe('editing');
    expect(h.queue.hasUnsavedEdits()).toBe(true);
  });

  it('keeps the error, retries with backoff, and reports saved only after a success', async () => {
    const h = harness();
    h.edit();
    await h.fail('Server down');
    expect(h.queue.status()).toEqual({ phase: 'error', errors: ['Server down'] });
    expect(h.timers.map((t) => t.ms)).toEqual([RETRY_DELAYS_MS[0]]);
    h.timers.shift()?.run();
    expect(h.pending.map((p) => p.sent)).toEqual([1]);
    await h.fail('Still down');
    // Messages of the failed attempts, joined by the screen with '; ' (docs/product-spec.md §8).
    expect(h.queue.status().errors).toEqual(['Server down', 'Still down']);
    expect(h.timers.map((t) => t.ms)).toEqual([RETRY_DELAYS_MS[1]]);
    h.timers.shift()?.run();
    await h.answer();
    expect(h.queue.status()).toEqual({ phase: 'saved', errors: [] });
    expect(h.serverHas()).toBe(1);
  });

  it('waits longer after each failure, up to the last delay', async () => {
    const h = harness({ retryDelays: [10, 20, 40] });
    h.edit();
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await h.fail('down');
      const timer = h.timers.shift();
      seen.push(timer?.ms ?? -1);
      timer?.run();
    }
    expect(seen).toEqual([10, 20, 40, 40, 40]);
  });

  it('Retry sends at once, without waiting for the timer', async () => {
    const h = harness();
    h.edit();
    await h.fail('Server down');
    h.queue.retry();
    expect(h.timers).toHaveLength(0);
    expect(h.pending).toHaveLength(1);
    await h.answer();
    expect(h.phase()).toBe('saved');
  });

  it('a new edit during the backoff is sent at once, with everything not saved', async () => {
    const h = harness();
    h.edit();
    await h.fail('Server down');
    h.edit();
    expect(h.pending.map((p) => p.sent)).toEqual([2]);
    await h.answer();
    expect(h.serverHas()).toBe(2);
    expect(h.phase()).toBe('saved');
  });

  it('settles once the save asked for is answered (what signing out waits for)', async () => {
    const h = harness();
    await expect(h.queue.settled()).resolves.toBeUndefined();
    h.edit();
    let settled = false;
    void h.queue.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await h.answer();
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('sends nothing once the viewer changed, and nothing after dispose', async () => {
    let isSameViewer = true;
    const send = vi.fn(() => Promise.resolve(1));
    const queue = createSaveQueue<number>({
      read: () => 1,
      send,
      accept: () => {},
      onStatus: () => {},
      describeError: String,
      canSend: () => isSameViewer,
    });
    isSameViewer = false;
    queue.changed();
    queue.request();
    expect(send).not.toHaveBeenCalled();
    queue.changed();
    queue.request();
    expect(send).not.toHaveBeenCalled();
  });
});
