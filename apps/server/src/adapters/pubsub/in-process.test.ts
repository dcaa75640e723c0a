import { describe, expect, it } from 'vitest';
import { InProcessPubSub } from './in-process';

describe('InProcessPubSub', () => {
  it('delivers to the listeners of a channel until they unsubscribe', async () => {
    const bus = new InProcessPubSub();
    const got: string[] = [];
    const other: string[] = [];
    const stop = bus.subscribe('group:a', (p) => got.push(p));
    bus.subscribe('group:b', (p) => other.push(p));
    await bus.publish('group:a', 'one');
    stop();
    await bus.publish('group:a', 'two');
    expect(got).toEqual(['one']);
    expect(other).toEqual([]);
    await bus.close();
  });
});
