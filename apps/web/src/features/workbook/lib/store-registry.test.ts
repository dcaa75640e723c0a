import { emptyWorkbook, type Workbook } from '@portal/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workbookKeys } from '../../../lib/api/workbook';
import { flushPendingSaves } from '../../../lib/pending-saves';
import { viewerKey } from '../../../lib/session/token-store';
import { sampleTopic } from '../../../test/sample-topic';
import { releaseOtherStores, workbookStoreFor } from './store-registry';
import { setAnswer, type SheetRef } from './topic-sheets';

const ref: SheetRef = {
  topicId: 'general',
  topic: sampleTopic({ isGeneral: true, pages: [] }),
  index: 0,
};
const describeError = (error: unknown) => String(error);

function stubSaves() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { workbook } = JSON.parse(String(init?.body)) as { workbook: Workbook };
    return new Response(JSON.stringify({ workbook: { workbook, version: 1, updatedAt: 'x' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('workbook stores', () => {
  it('are one per viewer, made from the workbook the session loaded', () => {
    const client = new QueryClient();
    const viewer = viewerKey('t1');
    const loaded = setAnswer(emptyWorkbook(), ref, 'goal', 'House', '2026-01-01T00:00:00.000Z');
    client.setQueryData(workbookKeys.detail('sample', viewer), loaded);
    const store = workbookStoreFor(client, 'sample', viewer, describeError);
    expect(workbookStoreFor(client, 'sample', viewer, describeError)).toBe(store);
    expect(store.getState().workbook).toBe(loaded);
    expect(store.isMember).toBe(true);
    // Edits reach the session's copy of the workbook.
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'Boat', now));
    expect(
      client.getQueryData<Workbook>(workbookKeys.detail('sample', viewer))?.general.data.goal,
    ).toBe('Boat');
  });

  it("start a visitor's from the workbook kept in the browser, and keep edits there", () => {
    const kept = setAnswer(emptyWorkbook(), ref, 'goal', 'Trip', '2026-01-01T00:00:00.000Z');
    window.localStorage.setItem('anonymousWorkbook', JSON.stringify(kept));
    const store = workbookStoreFor(new QueryClient(), 'sample', 'visitor', describeError);
    expect(store.getState().workbook.general.data.goal).toBe('Trip');
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'Car', now), { save: true });
    const stored = JSON.parse(window.localStorage.getItem('anonymousWorkbook') ?? '{}') as Workbook;
    expect(stored.general.data.goal).toBe('Car');
  });

  it('send nothing of a learner once another token is stored, and stop when released', async () => {
    const fetchMock = stubSaves();
    const client = new QueryClient();
    window.localStorage.setItem('token', 'first');
    const first = workbookStoreFor(client, 'sample', viewerKey('first'), describeError);
    window.localStorage.setItem('token', 'second');
    first.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'Mine', now), { save: true });
    expect(fetchMock).not.toHaveBeenCalled();

    const second = workbookStoreFor(client, 'sample', viewerKey('second'), describeError);
    releaseOtherStores(client, 'sample', viewerKey('second'));
    expect(workbookStoreFor(client, 'sample', viewerKey('second'), describeError)).toBe(second);
    expect(workbookStoreFor(client, 'sample', viewerKey('first'), describeError)).not.toBe(first);
  });

  it('let signing out wait for a save in flight', async () => {
    let answer: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                new Response(
                  JSON.stringify({
                    workbook: {
                      workbook: JSON.parse(String(init?.body)).workbook,
                      version: 1,
                      updatedAt: 'x',
                    },
                  }),
                ),
              );
          }),
      ),
    );
    const client = new QueryClient();
    window.localStorage.setItem('token', 'leaving');
    const store = workbookStoreFor(client, 'sample', viewerKey('leaving'), describeError);
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'Last', now), { save: true });
    let isFlushed = false;
    const flushing = flushPendingSaves(5_000).then(() => (isFlushed = true));
    await Promise.resolve();
    expect(isFlushed).toBe(false);
    answer();
    await flushing;
    expect(store.getState().status.phase).toBe('saved');
    releaseOtherStores(client, 'sample', 'visitor');
  });
});
