import { IDLE_TIMEOUT_MS } from '@portal/domain';
import { useEffect, useRef } from 'react';

/** What counts as activity (docs/product-spec.md §4 idle timeout): pointer, keys, wheel and scroll, touch, focus. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
  'focus',
] as const;

export interface IdleTimer {
  start(): void;
  stop(): void;
}

/**
 * Calls `onIdle` once `timeoutMs` pass without activity on `target`. Activity only notes the
 * time; the one pending timeout checks it when it fires and waits on for the rest, so a stream of
 * pointer moves costs no timer churn, and a machine that slept past the limit logs out at once.
 */
export function createIdleTimer(
  onIdle: () => void,
  timeoutMs: number = IDLE_TIMEOUT_MS,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): IdleTimer {
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const noteActivity = () => {
    lastActivity = Date.now();
  };
  const schedule = (delay: number) => {
    timer = setTimeout(check, delay);
  };
  function check() {
    const idleFor = Date.now() - lastActivity;
    if (idleFor >= timeoutMs) {
      stop();
      onIdle();
    } else {
      schedule(timeoutMs - idleFor);
    }
  }
  function stop() {
    clearTimeout(timer);
    timer = undefined;
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, noteActivity, true);
  }
  function start() {
    stop();
    noteActivity();
    for (const type of ACTIVITY_EVENTS)
      target.addEventListener(type, noteActivity, { capture: true, passive: true });
    schedule(timeoutMs);
  }
  return { start, stop };
}

/** Runs the idle timer while `isActive` (a signed-in learner); visitors have none. */
export function useIdleTimeout(isActive: boolean, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });
  useEffect(() => {
    if (!isActive) return;
    const timer = createIdleTimer(() => latest.current());
    timer.start();
    return () => timer.stop();
  }, [isActive]);
}
