import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api/client';
import { DraftSaver, type DraftTopic } from './draft-saver';

function topic(name: string): DraftTopic {
  return {
    _id: 'budget',
    name: { 'en-US': name, 'fr-CA': '' },
    visibility: 'Public',
    allowMultiWorksheets: false,
    showGradeReport: false,
    pages: [],
  };
}

/** A save the test answers by hand: each call waits until it is resolved or rejected. */
function controlledSave() {
  const calls: {
    topic: DraftTopic;
    version: number;
    resolve: (version: number) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const save = vi.fn(
    (sent: DraftTopic, version: number) =>
      new Promise<{ topic: DraftTopic; version: number }>((resolve, reject) => {
        calls.push({
          topic: sent,
          version,
          resolve: (next) => resolve({ topic: sent, version: next }),
          reject,
        });
      }),
  );
  return { save, calls };
}

describe('DraftSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 800 ms after the last edit, and says "saved" only once the server answered', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 3, save });
    saver.edit(topic('Bu'));
    saver.edit(topic('Budget'));
    expect(saver.getSnapshot().status.kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.version).toBe(3);
    expect(saver.getSnapshot().status.kind).toBe('saving');
    calls[0]!.resolve(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getSnapshot()).toMatchObject({ version: 4, status: { kind: 'saved' } });
    expect(saver.hasUnsavedEdits).toBe(false);
  });

  it('keeps one save in flight; edits made meanwhile go next, on the version it answered', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 1, save });
    saver.edit(topic('B'));
    await vi.advanceTimersByTimeAsync(800);
    saver.edit(topic('C'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    // Not "saved": C is not on the server yet.
    expect(saver.getSnapshot().status.kind).not.toBe('saved');
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.version).toBe(2);
    expect(calls[1]!.topic.name).toEqual({ 'en-US': 'C', 'fr-CA': '' });
    calls[1]!.resolve(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getSnapshot()).toMatchObject({ version: 3, status: { kind: 'saved' } });
  });

  it('says "not saved — retrying" with the error and tries again', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 1, save, retryDelaysMs: [2_000] });
    saver.edit(topic('B'));
    await vi.advanceTimersByTimeAsync(800);
    const error = new NetworkError();
    calls[0]!.reject(error);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getSnapshot().status).toEqual({ kind: 'retrying', error, retryInMs: 2_000 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(save).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getSnapshot().status.kind).toBe('saved');
  });

  it('on a 409 keeps the author’s draft and the other one; "keep mine" saves on top of it', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 1, save });
    saver.edit(topic('Mine'));
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(
      new ApiError(409, { errors: ['stale'], topic: topic('Theirs'), version: 7 } as never),
    );
    await vi.advanceTimersByTimeAsync(0);
    const { status } = saver.getSnapshot();
    expect(status.kind).toBe('conflict');
    expect(saver.getSnapshot().topic.name).toEqual({ 'en-US': 'Mine', 'fr-CA': '' });
    // Typing goes on in the author's copy; nothing is sent until they choose.
    saver.edit(topic('Mine, more'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.keepMine();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]!.version).toBe(7);
    expect(calls[1]!.topic.name).toEqual({ 'en-US': 'Mine, more', 'fr-CA': '' });
    calls[1]!.resolve(8);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.getSnapshot()).toMatchObject({ version: 8, status: { kind: 'saved' } });
  });

  it('"take theirs" replaces the draft with the other version, as saved', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 1, save });
    saver.edit(topic('Mine'));
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(
      new ApiError(409, { errors: ['stale'], topic: topic('Theirs'), version: 7 } as never),
    );
    await vi.advanceTimersByTimeAsync(0);
    saver.takeTheirs();
    expect(saver.getSnapshot()).toMatchObject({
      topic: { name: { 'en-US': 'Theirs' } },
      version: 7,
      status: { kind: 'saved' },
    });
    expect(saver.hasUnsavedEdits).toBe(false);
  });

  it('does not retry a draft the server refused (400) until the next edit', async () => {
    const { save, calls } = controlledSave();
    const saver = new DraftSaver({ topic: topic('A'), version: 1, save });
    saver.edit(topic('B'));
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(new ApiError(400, { errors: ['invalid'], errfor: { name: 'bad' } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saver.getSnapshot().status.kind).toBe('invalid');
    expect(save).toHaveBeenCalledTimes(1);
    saver.edit(topic('C'));
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
