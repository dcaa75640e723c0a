import { emptyWorkbook, mergeWorkbooks, type Workbook } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveWorkbook } from '../../../lib/api/workbook';
import { sampleTopic } from '../../../test/sample-topic';
import { setAnswer, type SheetRef } from './topic-sheets';
import { createWorkbookStore, monotonicClock } from './workbook-store';

const ref: SheetRef = {
  topicId: 'general',
  topic: sampleTopic({ isGeneral: true, pages: [] }),
  index: 0,
};

/**
 * A fake server at the fetch boundary: PUT /api/org/sample/workbook merges what it is sent into
 * what it has, as the real one does, and answers the merged workbook. It can be made to fail.
 */
function fakeServer() {
  let stored: Workbook = emptyWorkbook();
  const failures: { status: number; message: string }[] = [];
  const gates: (() => void)[] = [];
  let isGated = false;
  const puts: Workbook[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toBe('/api/org/sample/workbook');
    expect(init?.method).toBe('PUT');
    const { workbook } = JSON.parse(String(init?.body)) as { workbook: Workbook };
    puts.push(workbook);
    if (isGated) await new Promise<void>((resolve) => gates.push(resolve));
    const failure = failures.shift();
    if (failure)
      return new Response(JSON.stringify({ errors: [failure.message] }), {
        status: failure.status,
      });
    stored = mergeWorkbooks(stored, workbook);
    return new Response(
      JSON.stringify({ workbook: { workbook: stored, version: puts.length, updatedAt: 'x' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    puts,
    stored: () => stored,
    failNext: (status: number, message: string) => failures.push({ status, message }),
    gate: () => (isGated = true),
    release: () => {
      isGated = false;
      gates.splice(0).forEach((open) => open());
    },
  };
}

function memberStore(options: { now?: () => number } = {}) {
  const published: Workbook[] = [];
  const store = createWorkbookStore({
    initial: emptyWorkbook(),
    isMember: true,
    send: (workbook) => saveWorkbook('sample', workbook),
    keepLocally: () => {
      throw new Error('a member keeps nothing in the browser');
    },
    publish: (workbook) => published.push(workbook),
    describeError: (error) =>
      ((error as { body?: { errors?: string[] } }).body?.errors ?? ['?'])[0] ?? '?',
    timers: { retryDelays: [5] },
    ...options,
  });
  return { store, published };
}

const answer = (store: ReturnType<typeof memberStore>['store'], field: string, value: unknown) =>
  store.edit((workbook, now) => setAnswer(workbook, ref, field, value, now), { save: true });

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

afterEach(() => vi.unstubAllGlobals());

describe('workbook store with the server behind fetch', () => {
  it('applies an edit at once, then PUTs it and says saved once the server has it', async () => {
    const server = fakeServer();
    const { store, published } = memberStore();
    answer(store, 'income', 3000);
    expect(store.getState().workbook.general.data.income).toBe(3000);
    expect(published.at(-1)?.general.data.income).toBe(3000);
    expect(store.getState().status.phase).toBe('saving');
    await until(() => store.getState().status.phase === 'saved');
    expect(server.stored().general.data.income).toBe(3000);
  });

  it('keeps an edit made while a save is in flight, and only then says saved', async () => {
    const server = fakeServer();
    server.gate();
    const { store } = memberStore();
    answer(store, 'income', 3000);
    await until(() => server.puts.length === 1);
    answer(store, 'rent', 1200);
    server.release();
    // The first answer (without rent) must not erase rent, nor say "saved".
    await until(() => server.puts.length === 2);
    expect(store.getState().workbook.general.data).toMatchObject({ income: 3000, rent: 1200 });
    await until(() => store.getState().status.phase === 'saved');
    expect(server.stored().general.data).toMatchObject({ income: 3000, rent: 1200 });
    expect(server.puts).toHaveLength(2);
  });

  it('merges in what another device saved, keeping the newer local edit', async () => {
    const server = fakeServer();
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { store } = memberStore({ now: () => t });
    answer(store, 'income', 3000);
    await until(() => store.getState().status.phase === 'saved');
    // Another device saves two fields, one of them older than the next local edit.
    const other = setAnswer(
      setAnswer(emptyWorkbook(), ref, 'goal', 'House', '2026-01-01T00:00:05.000Z'),
      ref,
      'income',
      2500,
      '2026-01-01T00:00:05.000Z',
    );
    await saveWorkbook('sample', other);
    t = Date.parse('2026-01-01T00:00:10Z');
    answer(store, 'income', 3200);
    await until(() => store.getState().status.phase === 'saved');
    expect(store.getState().workbook.general.data).toMatchObject({ income: 3200, goal: 'House' });
    expect(server.stored().general.data).toMatchObject({ income: 3200, goal: 'House' });
  });

  it('shows the error, retries on its own, and never reports an unsaved edit as saved', async () => {
    const server = fakeServer();
    server.failNext(503, 'Try again later');
    server.failNext(500, 'Database busy');
    const { store } = memberStore();
    const seen: string[] = [];
    store.subscribe(() => {
      const { phase, errors } = store.getState().status;
      const line = `${phase}: ${errors.join('; ')}`;
      if (seen.at(-1) !== line) seen.push(line);
    });
    answer(store, 'income', 3000);
    await until(() => store.getState().status.phase === 'saved');
    expect(seen).toEqual([
      'idle: ',
      'editing: ',
      'saving: ',
      'error: Try again later',
      'saving: Try again later',
      'error: Try again later; Database busy',
      'saving: Try again later; Database busy',
      'saved: ',
    ]);
    expect(store.getState().status.errors).toEqual([]);
    expect(server.stored().general.data.income).toBe(3000);
    expect(server.puts).toHaveLength(3);
  });

  it('a text being typed is applied but not sent until it is saved (blur)', async () => {
    const server = fakeServer();
    const { store } = memberStore();
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'Hou', now));
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'House', now));
    expect(store.getState().status.phase).toBe('editing');
    expect(server.puts).toHaveLength(0);
    store.save();
    await until(() => store.getState().status.phase === 'saved');
    expect(server.puts).toHaveLength(1);
    expect(server.stored().general.data.goal).toBe('House');
  });

  it("keeps a visitor's workbook in the browser and sends nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const kept: Workbook[] = [];
    const store = createWorkbookStore({
      initial: emptyWorkbook(),
      isMember: false,
      send: () => Promise.reject(new Error('never')),
      keepLocally: (workbook) => kept.push(workbook),
      publish: () => {},
      describeError: String,
    });
    // Said from the first screen, before any answer: the status never appears under the pointer.
    expect(store.getState().status.phase).toBe('local');
    store.edit((workbook, now) => setAnswer(workbook, ref, 'goal', 'House', now), { save: true });
    store.clearHistory();
    expect(kept.at(-1)?.general.data.goal).toBe('House');
    expect(store.getState().status.phase).toBe('local');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets the worksheet to 0 when another topic opens, and starts from the saved history', () => {
    fakeServer();
    const store = createWorkbookStore({
      initial: { ...emptyWorkbook(), history: { topicId: 'jobs', pageId: 'p', worksheetIndex: 2 } },
      isMember: true,
      send: (workbook) => Promise.resolve(workbook),
      keepLocally: () => {},
      publish: () => {},
      describeError: String,
    });
    expect(store.getState().selection).toEqual({ topicId: 'jobs', index: 2 });
    store.enterTopic('jobs');
    expect(store.getState().selection.index).toBe(2);
    store.enterTopic('credit');
    expect(store.getState().selection).toEqual({ topicId: 'credit', index: 0 });
  });
});

describe('monotonicClock', () => {
  it('never repeats a time, so two quick edits keep their order', () => {
    const clock = monotonicClock(() => 1_000);
    expect([clock(), clock(), clock()]).toEqual([
      new Date(1_000).toISOString(),
      new Date(1_001).toISOString(),
      new Date(1_002).toISOString(),
    ]);
  });
});
