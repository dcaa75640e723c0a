import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer } from '../../test/redis-server';
import { RedisPubSub } from './redis';
import { waitUntil } from '../../test/wait';

/** The machine's Redis (TEST_REDIS_URL to use another). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Channels of this run only, so that runs side by side do not hear each other. */
const PREFIX = `test:${randomBytes(6).toString('hex')}:`;
const log = pino({ level: 'silent' });

const until = (probe: () => boolean, timeoutMs = 5_000) => waitUntil(probe, timeoutMs, 10);

describe('RedisPubSub against a real Redis', () => {
  const admin = new Redis(REDIS_URL);
  const buses: RedisPubSub[] = [];
  const bus = (name = PREFIX) => {
    const b = new RedisPubSub(REDIS_URL, log, { connectionName: name });
    buses.push(b);
    return b;
  };
  const subscribers = async (channel: string) =>
    Number(((await admin.pubsub('NUMSUB', channel)) as [string, number])[1]);
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    admin.disconnect();
  });

  it('carries a publication of one process to the listeners of another', async () => {
    const a = bus();
    const b = bus();
    const channel = `${PREFIX}one`;
    const got: string[] = [];
    b.subscribe(channel, (p) => got.push(p));
    await b.subscribed(channel);
    await a.publish(channel, 'hello');
    await until(() => got.length === 1);
    expect(got).toEqual(['hello']);
  });

  it('subscribes a channel once for all its listeners and leaves it with the last', async () => {
    const a = bus();
    const channel = `${PREFIX}shared`;
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = a.subscribe(channel, (p) => first.push(p));
    const stopSecond = a.subscribe(channel, (p) => second.push(p));
    await a.subscribed(channel);
    expect(await subscribers(channel)).toBe(1);
    await a.publish(channel, 'both');
    await until(() => first.length === 1 && second.length === 1);
    stopFirst();
    stopFirst();
    await a.publish(channel, 'second only');
    await until(() => second.length === 2);
    expect(first).toEqual(['both']);
    expect(await subscribers(channel)).toBe(1);
    stopSecond();
    expect(a.channelCount).toBe(0);
    await waitUntil(async () => (await subscribers(channel)) === 0, 1_000, 10);
  });

  it('subscribes again after its connection is dropped', async () => {
    const name = `${PREFIX}drop`;
    const a = bus(name);
    const b = bus();
    const channel = `${PREFIX}reconnect`;
    const got: string[] = [];
    a.subscribe(channel, (p) => got.push(p));
    await a.subscribed(channel);
    // Kill the subscriber's connection, as a Redis restart or a network cut would.
    const clients = String(await admin.client('LIST'));
    const id = /id=(\d+) [^\n]*name=([^ ]+)/g;
    let killed = 0;
    for (const match of clients.matchAll(id))
      if (match[2] === `${name}:sub`) {
        await admin.client('KILL', 'ID', match[1]!);
        killed++;
      }
    expect(killed).toBe(1);
    // Publications reach it once it is back.
    await waitUntil(
      async () => {
        await b.publish(channel, 'after');
        return got.length > 0;
      },
      5_000,
      25,
    );
    expect(got[0]).toBe('after');
  });

  it('rejects a publication when Redis cannot be reached, and closes all the same', async () => {
    const away = new RedisPubSub('redis://127.0.0.1:1', log);
    const stop = away.subscribe(`${PREFIX}nowhere`, () => {});
    const started = Date.now();
    await expect(away.publish(`${PREFIX}nowhere`, 'lost')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    stop();
    await away.close();
  });

  it('reports the loss of Redis at once and its return once subscribed again (issue 24, point 5)', async () => {
    const server = await startRedisServer();
    const a = new RedisPubSub(server.url, log);
    const b = new RedisPubSub(server.url, log);
    try {
      const channel = `${PREFIX}outage`;
      const got: string[] = [];
      const told: boolean[] = [];
      a.onAvailability((available) => told.push(available));
      a.subscribe(channel, (p) => got.push(p));
      await a.subscribed(channel);
      expect(a.available()).toBe(true);
      await server.stop();
      await until(() => told.length === 1, 2_000);
      expect(told).toEqual([false]);
      expect(a.available()).toBe(false);
      await server.start();
      await until(() => told.length === 2, 5_000);
      expect(told).toEqual([false, true]);
      expect(a.available()).toBe(true);
      // The channel is subscribed again: publications reach it.
      await a.subscribed(channel);
      await b.publish(channel, 'back');
      await until(() => got.length === 1);
      expect(got).toEqual(['back']);
    } finally {
      await a.close();
      await b.close();
      await server.stop();
    }
  });
});
