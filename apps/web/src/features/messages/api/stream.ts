import { messageViewSchema, type MessageView } from '@portal/domain';
import { ApiError, authHeaders } from '../../../lib/api/client';
import { createSseParser } from '../lib/sse';

export interface StreamHandlers {
  /** The server answered 2xx: events follow. */
  onOpen: () => void;
  onMessage: (message: MessageView, id: string) => void;
  /**
   * The server ends the stream and says why (`event: closed`): `replaced` (the account opened
   * more streams than it may hold, this one is not to be reopened), `paused` (the server lost
   * its bus of live events: reopen later).
   */
  onClosed?: (reason: string) => void;
}

/** No byte (not even a heartbeat comment) for this long: the connection is taken for dead. */
export const STREAM_SILENCE_MS = 60_000;

/**
 * Reads the live stream of a group's messages with fetch (EventSource cannot send the bearer
 * header) until it ends, fails or `signal` aborts. `lastEventId` goes as `Last-Event-ID`, so a
 * reconnection gets what was sent meanwhile. Resolves with the last event id seen.
 */
export async function readMessageStream(
  path: string,
  lastEventId: string,
  signal: AbortSignal,
  handlers: StreamHandlers,
): Promise<string> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...authHeaders() };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  // The watchdog aborts this request alone; the caller's signal aborts it too.
  const request = new AbortController();
  const abort = () => request.abort();
  signal.addEventListener('abort', abort);
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(abort, STREAM_SILENCE_MS);
  };
  try {
    heard();
    const response = await fetch(path, { headers, signal: request.signal, cache: 'no-store' });
    if (!response.ok || !response.body) throw new ApiError(response.status, null);
    handlers.onOpen();
    const parser = createSseParser((event) => {
      if (event.event === 'closed') {
        let reason: unknown;
        try {
          reason = (JSON.parse(event.data) as { reason?: unknown }).reason;
        } catch {
          reason = undefined;
        }
        if (typeof reason === 'string') handlers.onClosed?.(reason);
        return;
      }
      if (event.event !== 'message') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = messageViewSchema.safeParse(data);
      if (parsed.success) handlers.onMessage(parsed.data, event.id);
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      heard();
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    return parser.lastEventId || lastEventId;
  } finally {
    clearTimeout(watchdog);
    signal.removeEventListener('abort', abort);
  }
}
