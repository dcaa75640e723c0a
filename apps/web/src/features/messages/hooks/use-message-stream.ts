import type { MessageView } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { messageStreamPath } from '../api/messages';
import { readMessageStream } from '../api/stream';

/** Waits before reconnecting, by attempt: 1, 2, 5, 10, then 30 s. */
export const STREAM_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export function streamBackoff(attempt: number): number {
  return STREAM_BACKOFF_MS[Math.min(attempt, STREAM_BACKOFF_MS.length - 1)] ?? 30_000;
}

/**
 * While `enabled`, reads the group's live stream, handing each message to `onMessage`, and
 * reconnects (with backoff and `Last-Event-ID`) when it drops. Says whether it is connected:
 * the panel polls whenever it is not.
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
