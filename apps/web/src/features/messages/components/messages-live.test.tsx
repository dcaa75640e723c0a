import type { MessageView } from '@portal/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { useMessagesPanel } from '../../../lib/messages-panel';
import { fakeApi, ok, type FakeRequest, isRoute } from '../../../test/fake-api';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { MessagesPanel } from './messages-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function message(id: string, second: number, overrides: Partial<MessageView> = {}): MessageView {
  return {
    _id: id,
    body: `Message ${id}`,
    isPrivate: false,
    createDate: `2026-11-24T10:00:${String(second).padStart(2, '0')}.000Z`,
    account: {
      _id: 'account-sam',
      name: { first: 'Sam', last: 'Lee' },
      user: { id: { username: 'sam' } },
    },
    ...overrides,
  };
}

/** A live stream the test writes to. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/**
 * The fake API, with the stream answered by `streams` in turn (a refusal when none is left)
 * and the list by `results`.
 */
function liveApi(streams: ReturnType<typeof controlledStream>[], results: () => MessageView[]) {
  const requests = fakeApi((request) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path.endsWith('/message')) return ok({ results: results() });
    if (request.method === 'POST' && path.endsWith('/message/read')) return ok({ success: true });
    return undefined;
  });
  const fetchStub = globalThis.fetch as unknown as Mock<typeof fetch>;
  const original = fetchStub.getMockImplementation()!;
  const streamRequests: FakeRequest[] = [];
  fetchStub.mockImplementation((input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input).endsWith('/message/stream')) {
      streamRequests.push({
        method: 'GET',
        url: new URL(String(input), 'http://localhost'),
        headers: new Headers(init.headers),
        body: undefined,
      });
      const next = streams.shift();
      if (!next) return Promise.resolve(new Response('{}', { status: 503 }));
      init.signal?.addEventListener('abort', () => next.end());
      return Promise.resolve(next.response());
    }
    return original(input, init);
  });
  return { requests, streamRequests };
}

function Toggle() {
  const panel = useMessagesPanel();
  return (
    <button type="button" onClick={panel.toggle}>
      Toggle messages
    </button>
  );
}

function renderOpenPanel() {
  window.localStorage.setItem('token', 'learner-token');
  renderWithSession(
    <>
      <Toggle />
      <MessagesPanel />
    </>,
    {
      session: {
        account: sampleAccount({
          userGroups: [{ _id: 'cohort', name: 'Cohort', isAdmin: false }],
        }),
      },
    },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Toggle messages' }));
  return screen.getByRole('complementary', { name: 'Messages' });
}

const event = (m: MessageView) => `event: message\nid: ${m._id}\ndata: ${JSON.stringify(m)}\n\n`;

describe('MessagesPanel live updates', () => {
  it('adds what the stream sends to the list its mode shows, with the bearer header', async () => {
    const stream = controlledStream();
    const { streamRequests } = liveApi([stream], () => [message('m1', 1)]);
    const panel = renderOpenPanel();
    await within(panel).findByText('Message m1');
    await within(panel).findByText('Live');
    expect(streamRequests[0]?.headers.get('Authorization')).toBe('Bearer learner-token');
    expect(streamRequests[0]?.headers.get('Accept')).toBe('text/event-stream');

    await act(async () => {
      stream.send(': ping\n\n');
      stream.send(event(message('m2', 2)).slice(0, 20));
      stream.send(event(message('m2', 2)).slice(20));
      stream.send(event(message('p1', 3, { isPrivate: true, body: 'A private word' })));
      await Promise.resolve();
    });
    await within(panel).findByText('Message m2');
    expect(within(panel).queryByText('A private word')).toBeNull();
    const items = within(within(panel).getByRole('log')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes('Message m2'))).toEqual([false, true]);
  });

  it('reconnects with Last-Event-ID after the stream drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = controlledStream();
    const second = controlledStream();
    const { streamRequests } = liveApi([first, second], () => []);
    const panel = renderOpenPanel();
    await within(panel).findByText('Live');
    await act(async () => {
      first.send(event(message('m7', 7)));
      await Promise.resolve();
    });
    await within(panel).findByText('Message m7');
    await act(async () => {
      first.end();
      await Promise.resolve();
    });
    await within(panel).findByText('Checking every 10 seconds');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_100);
    });
    await waitFor(() => expect(streamRequests).toHaveLength(2));
    expect(streamRequests[1]?.headers.get('Last-Event-ID')).toBe('m7');
    await within(panel).findByText('Live');
  });

  it('does not reopen a stream the server replaced by a newer one of the account, and keeps polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = controlledStream();
    const second = controlledStream();
    let results = [message('m1', 1)];
    const { streamRequests, requests } = liveApi([first, second], () => results);
    const panel = renderOpenPanel();
    await within(panel).findByText('Live');
    await act(async () => {
      first.send('event: closed\ndata: {"reason":"replaced"}\n\n');
      first.end();
      await Promise.resolve();
    });
    await within(panel).findByText('Checking every 10 seconds');
    results = [message('m2', 40)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(streamRequests).toHaveLength(1);
    await within(panel).findByText('Message m2');
    expect(requests.filter((r) => isRoute(r, 'messages')).length).toBeGreaterThanOrEqual(3);
  });

  it('waits longer before reopening a stream the server paused (its bus of live events was lost)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = controlledStream();
    const second = controlledStream();
    const { streamRequests } = liveApi([first, second], () => []);
    const panel = renderOpenPanel();
    await within(panel).findByText('Live');
    await act(async () => {
      first.send(event(message('m3', 3)));
      first.send('event: closed\ndata: {"reason":"paused"}\n\n');
      first.end();
      await Promise.resolve();
    });
    await within(panel).findByText('Checking every 10 seconds');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    // Not at once: thousands of browsers would come back in the same second.
    expect(streamRequests).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8_000);
    });
    await waitFor(() => expect(streamRequests).toHaveLength(2));
    expect(streamRequests[1]?.headers.get('Last-Event-ID')).toBe('m3');
    await within(panel).findByText('Live');
  });

  it('polls every 10 s while the stream is not connected, asking only for what is new', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let results = [message('m1', 1)];
    const { requests } = liveApi([], () => results);
    const panel = renderOpenPanel();
    await within(panel).findByText('Message m1');
    expect(within(panel).getByText('Checking every 10 seconds')).toBeDefined();
    results = [message('m2', 20)];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_100);
    });
    await within(panel).findByText('Message m2');
    expect(within(panel).getByText('Message m1')).toBeDefined();
    const polls = requests.filter((r) => isRoute(r, 'messages'));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    // What came after the newest message held, less a margin the merge by _id absorbs.
    expect(polls[1]?.url.searchParams.get('createDate[gt]')).toBe('2026-11-24T09:59:56.000Z');
  });
});
