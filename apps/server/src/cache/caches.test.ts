import { describe, expect, it, vi } from 'vitest';
import { InProcessPubSub } from '../adapters/pubsub/in-process';
import { Caches } from './caches';

interface Topic {
  org: string;
  topic: string;
}

/** A cache of topics whose reads are counted and whose source can be changed or broken. */
function topicCache(caches: Caches, options: { ttlMs?: number; serveStale?: boolean } = {}) {
  const source = new Map<string, string>();
  let reads = 0;
  let failing = false;
  const cache = caches.define<Topic, { text: string }>('topics', {
    key: ({ org, topic }) => `${org}/${topic}`,
    load: async ({ org, topic }) => {
      reads += 1;
      await Promise.resolve();
      if (failing) throw new Error('database away');
      const text = source.get(`${org}/${topic}`);
      return text === undefined ? undefined : { text };
    },
    dependsOn: ({ org, topic }) => [{ content: { org, topic } }],
    ...options,
  });
  return {
    cache,
    source,
    reads: () => reads,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe('named caches', () => {
  it('reads once, and a change drops exactly the entries depending on it', async () => {
    const caches = new Caches();
    const t = topicCache(caches);
    const orgView = caches.define<string, { text: string }>('org-views', {
      key: (org) => org,
      load: async (org) => ({ text: `view of ${org}` }),
      dependsOn: (org) => [{ content: { org } }],
    });
    t.source.set('a/x', 'x1');
    t.source.set('a/y', 'y1');
    t.source.set('b/x', 'bx1');
    await Promise.all([
      t.cache.get({ org: 'a', topic: 'x' }),
      t.cache.get({ org: 'a', topic: 'x' }),
    ]);
    await t.cache.get({ org: 'a', topic: 'y' });
    await t.cache.get({ org: 'b', topic: 'x' });
    await orgView.get('a');
    await orgView.get('b');
    expect(t.reads()).toBe(3);

    t.source.set('a/x', 'x2');
    await caches.changed({ content: { org: 'a', topic: 'x' } });
    // The topic and its organisation's view go; its sibling and the other organisation stay.
    expect(t.cache.peek({ org: 'a', topic: 'x' })).toBeUndefined();
    expect(orgView.peek('a')).toBeUndefined();
    expect(t.cache.peek({ org: 'a', topic: 'y' })).toEqual({ text: 'y1' });
    expect(orgView.peek('b')).toBeDefined();
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' });

    // An organisation's change reaches every topic of it.
    await caches.changed({ content: { org: 'a' } });
    expect(t.cache.peek({ org: 'a', topic: 'x' })).toBeUndefined();
    expect(t.cache.peek({ org: 'a', topic: 'y' })).toBeUndefined();
    expect(t.cache.peek({ org: 'b', topic: 'x' })).toEqual({ text: 'bx1' });
  });

  it('does not keep what is not found', async () => {
    const caches = new Caches();
    const t = topicCache(caches);
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toBeUndefined();
    t.source.set('a/x', 'x1');
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x1' });
  });

  it('a value read while it changed is read again, not kept old', async () => {
    const caches = new Caches();
    let version = 1;
    let release: () => void = () => {};
    const cache = caches.define<string, { v: number }>('slow', {
      key: (k) => k,
      load: async () => {
        const seen = version;
        if (seen === 1) await new Promise<void>((resolve) => (release = resolve));
        return { v: seen };
      },
      dependsOn: (org) => [{ content: { org } }],
    });
    const reading = cache.get('a');
    await Promise.resolve();
    version = 2;
    await caches.changed({ content: { org: 'a', topic: 't' } });
    release();
    expect(await reading).toEqual({ v: 2 });
    expect(cache.peek('a')).toEqual({ v: 2 });
  });

  it('a failed read is not kept: the next read tries again', async () => {
    const caches = new Caches();
    const t = topicCache(caches);
    t.source.set('a/x', 'x1');
    t.fail(true);
    await expect(t.cache.get({ org: 'a', topic: 'x' })).rejects.toThrow('database away');
    expect(t.cache.peek({ org: 'a', topic: 'x' })).toBeUndefined();
    t.fail(false);
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x1' });
  });

  it('serves the stale value while it is read again, and keeps it when that read fails', async () => {
    const errors: unknown[] = [];
    let now = 1_000;
    const caches = new Caches({ onError: (err) => errors.push(err), clock: { now: () => now } });
    const t = topicCache(caches, { ttlMs: 20, serveStale: true });
    t.source.set('a/x', 'x1');
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x1' });

    t.source.set('a/x', 'x2');
    now += 30;
    // Old at once, new once the background read is done.
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x1' });
    await vi.waitFor(() => expect(t.cache.peek({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' }));
    expect(t.reads()).toBe(2);

    // A refresh that fails leaves the stale value answered, and is reported.
    t.fail(true);
    now += 30;
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(await t.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' });
    t.fail(false);
    t.source.set('a/x', 'x3');
    now += 30;
    await t.cache.get({ org: 'a', topic: 'x' });
    await vi.waitFor(() => expect(t.cache.peek({ org: 'a', topic: 'x' })).toEqual({ text: 'x3' }));
  });

  it('a change made through one process’s caches reaches another’s through the bus', async () => {
    const bus = new InProcessPubSub();
    const channel = 'cache-changed';
    const one = new Caches({ bus: { pubsub: bus, channel } });
    const two = new Caches({ bus: { pubsub: bus, channel } });
    const a = topicCache(one);
    const b = topicCache(two);
    for (const t of [a, b]) t.source.set('a/x', 'x1');
    await a.cache.get({ org: 'a', topic: 'x' });
    await b.cache.get({ org: 'a', topic: 'x' });
    for (const t of [a, b]) t.source.set('a/x', 'x2');
    await one.changed({ content: { org: 'a', topic: 'x' } });
    expect(await b.cache.get({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' });
    // Other kinds of change, and other organisations, leave it alone.
    await one.changed({ viewer: { org: 'a', user: 'x' } }, { content: { org: 'b' } });
    expect(b.cache.peek({ org: 'a', topic: 'x' })).toEqual({ text: 'x2' });
  });

  it('refuses a name defined twice', () => {
    const caches = new Caches();
    topicCache(caches);
    expect(() => topicCache(caches)).toThrow(/defined twice/);
  });
});
