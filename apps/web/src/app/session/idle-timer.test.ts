import { IDLE_TIMEOUT_MS } from '@portal/domain';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, createIdleTimer, useIdleTimeout } from './idle-timer';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createIdleTimer', () => {
  it('calls onIdle once after 30 minutes without activity', () => {
    const onIdle = vi.fn();
    createIdleTimer(onIdle).start();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('starts the 30 minutes again on %s', (type) => {
    const onIdle = vi.fn();
    createIdleTimer(onIdle).start();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1_000);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts activity on any element (captured), such as a key in an input', () => {
    const onIdle = vi.fn();
    const input = document.body.appendChild(document.createElement('input'));
    createIdleTimer(onIdle).start();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 10);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(20);
    expect(onIdle).not.toHaveBeenCalled();
    input.remove();
  });

  it('does nothing once stopped, and stops listening', () => {
    const onIdle = vi.fn();
    const target = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const timer = createIdleTimer(onIdle, 1_000, target);
    timer.start();
    expect(target.addEventListener).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length);
    timer.stop();
    expect(target.removeEventListener).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length * 2);
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('logs out at once when the machine slept past the limit', () => {
    const onIdle = vi.fn();
    createIdleTimer(onIdle, 1_000).start();
    vi.setSystemTime(Date.now() + 5_000);
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});

describe('useIdleTimeout', () => {
  it('runs only while active (a signed-in learner)', () => {
    const onIdle = vi.fn();
    const { rerender, unmount } = renderHook(({ active }) => useIdleTimeout(active, onIdle), {
      initialProps: { active: false },
    });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
    rerender({ active: true });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('stops when the learner signs out', () => {
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ active }) => useIdleTimeout(active, onIdle), {
      initialProps: { active: true },
    });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS / 2);
    rerender({ active: false });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
