/** A server-sent event as a test reads it. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** The JSON body of a refusal (when the status is not 200). */
  body: unknown;
  events: SseEvent[];
  comments: string[];
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /** Waits until `probe` holds (5 s at most). */
  until(probe: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * Opens a server-sent event stream with fetch and a ReadableStream, as the browser does (with
 * the bearer token in the Authorization header), and records what arrives.
 */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let body: unknown;
  if (res.status !== 200) {
    body = await res.json();
    ended = true;
  } else {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const event: SseEvent = { event: 'message', id: undefined, data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) {
                event.event = line.slice(7);
                isEvent = true;
              } else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) {
                event.data += line.slice(6);
                isEvent = true;
              }
            }
            if (isEvent) events.push(event);
          }
        }
      } catch {
        // Aborted by close().
      }
      ended = true;
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    body,
    events,
    comments,
    get ended() {
      return ended;
    },
    async until(probe, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (!probe()) {
        if (Date.now() > until) throw new Error('timed out waiting on the stream');
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => abort.abort(),
  };
}
