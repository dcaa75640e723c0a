import type { MessageView } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { messageStreamPath } from '../api/messages';
import { readMessageStream } from '../api/stream';

/** Waits before reconnecting, by attempt: 1, 2, 5, 10, then 30 s. */
export const STREAM_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The attempt a stream the server paused (it lost its bus) starts again from: 5 s, then more. */
const PAUSED_ATTEMPT = 2;

export function streamBackoff(attempt: number): number {
  return STREAM_BACKOFF_MS[Math.min(attempt, STREAM_BACKOFF_MS.length - 1)] ?? 30_000;
}

/**
 * While `enabled`, reads the group's live stream, handing each message to `onMessage`, and
 * reconnects (with backoff and `Last-Event-ID`) when it drops; not after the server replaced it
 * (the account holds newer streams), and later after it paused it (the server lost its bus).
 * Says whether it is connected: the panel polls whenever it is not.
 */
export function useMessageStream(
  alias: string,
  groupId: string,
  enabled: boolean,
  onMessage: (message: MessageView) => void,
): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = '';
    let attempt = 0;
    let replaced = false;

    function connect() {
      void readMessageStream(messageStreamPath(alias, groupId), lastEventId, signal, {
        onOpen: () => {
          attempt = 0;
          setConnected(true);
        },
        onMessage: (message, id) => {
          if (id) lastEventId = id;
          handler.current(message);
        },
        onClosed: (reason) => {
          if (reason === 'replaced') replaced = true;
          else if (reason === 'paused') attempt = Math.max(attempt, PAUSED_ATTEMPT);
        },
      })
        .then(
          (id) => {
            lastEventId = id;
          },
          () => undefined,
        )
        .finally(() => {
          if (signal.aborted) return;
          setConnected(false);
          // Polling goes on; the stream stays closed until the panel opens it again.
          if (replaced) return;
          timer = setTimeout(connect, streamBackoff(attempt));
          attempt += 1;
        });
    }

    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setConnected(false);
    };
  }, [alias, groupId, enabled]);

  return enabled && connected;
}
