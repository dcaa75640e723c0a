import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerTime, serverNow } from './server-clock';

describe('the server clock as the browser estimates it (design §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stamps edits in the server’s time on a device whose clock is a day behind', () => {
    vi.useFakeTimers();
    const server = Date.parse('2026-06-02T12:00:00.000Z');
    const device = server - 86_400_000;
    vi.setSystemTime(device);
    // A request sent at the device's `device`, answered 200 ms later; the server read its
    // clock halfway.
    noteServerTime(new Date(server).toISOString(), device - 100, device + 100);
    expect(serverNow()).toBe(server);
    vi.setSystemTime(device + 5_000);
    expect(serverNow()).toBe(server + 5_000);
  });

  it('ignores an answer without a time it can read', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-06-01T00:00:00.000Z'));
    const before = serverNow();
    noteServerTime(undefined, 0, 0);
    noteServerTime('not a time', 0, 0);
    expect(serverNow()).toBe(before);
  });
});
