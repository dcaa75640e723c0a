import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PubSub } from '../adapters/pubsub/pubsub';
import {
  decodeChanges,
  encodeChanges,
  reachOf,
  TAG_SEPARATOR,
  tagOf,
  type Change,
  type Dependency,
} from './dependencies';

/** How one named cache keeps its entries and where they come from. */
export interface CacheOptions<A, V extends object> {
  /** The cache's key of an argument (the name of the cache is put before it). */
  key(args: A): string;
  /** Reads the value; `undefined` is answered but not kept (nothing found, say). */
  load(args: A, previous: V | undefined): Promise<V | undefined>;
  /** What the value depends on: a change that reaches one of these drops it. */
  dependsOn(args: A, value: V): readonly Dependency[];
  max?: number;
  /** Bounds the entries by size instead of number (with `sizeOf`). */
  maxSize?: number;
  sizeOf?(value: V): number;
  /**
   * After this, the entry is read again: with `serveStale`, the old value is answered meanwhile
   * (stale-while-revalidate); without it, the caller waits for the new one.
   */
  ttlMs?: number | ((value: V) => number);
  serveStale?: boolean;
}

/** One named cache: values read once and kept until what they depend on changes. */
export interface NamedCache<A, V extends object> {
  get(args: A): Promise<V | undefined>;
  /** The value kept, if any, without reading it (not even a stale one is refreshed). */
  peek(args: A): V | undefined;
  /** The value kept if it is fresh (what `get` would answer at once), else undefined. */
  fresh(args: A): V | undefined;
}

export interface CachesOptions {
  /** The bus that carries changes to the other processes, and its channel. */
  bus?: { pubsub: PubSub; channel: string };
  /** Told of a refresh that failed (the stale value is kept) and of a change the bus lost. */
  onError?(err: unknown, name: string): void;
  /** Milliseconds for the ages of entries (tests move it by hand). */
  clock?: { now(): number };
}

interface Entry<V> {
  key: string;
  value: V;
  tags: string[];
}

interface Registered {
  lru: LRUCache<string, Entry<object>, unknown>;
  /** Entries by the tag of a dependency. */
  byTag: Map<string, Set<Entry<object>>>;
  /** The tags by kind of dependency (`content`, `viewer`…): a change looks under its own. */
  kinds: Map<string, Set<string>>;
}

const kindOf = (tag: string) => tag.split(TAG_SEPARATOR, 1)[0]!;

function remember(
  entry: Entry<object>,
  byTag: Map<string, Set<Entry<object>>>,
  kinds: Map<string, Set<string>>,
): void {
  for (const tag of entry.tags) {
    let entries = byTag.get(tag);
    if (!entries) {
      byTag.set(tag, (entries = new Set()));
      const kind = kindOf(tag);
      let tags = kinds.get(kind);
      if (!tags) kinds.set(kind, (tags = new Set()));
      tags.add(tag);
    }
    entries.add(entry);
  }
}

function forget(
  entry: Entry<object>,
  byTag: Map<string, Set<Entry<object>>>,
  kinds: Map<string, Set<string>>,
): void {
  for (const tag of entry.tags) {
    const entries = byTag.get(tag);
    if (!entries?.delete(entry) || entries.size > 0) continue;
    byTag.delete(tag);
    kinds.get(kindOf(tag))?.delete(tag);
  }
}

/** How many changes are remembered to tell a read that raced one (see `changedSince`). */
const CHANGES_KEPT = 256;

/** lru-cache's options of a read that takes only a fresh entry and leaves a stale one (made once). */
const FRESH_ONLY = { allowStale: false, noDeleteOnStaleGet: true } as const;

/**
 * The caches of a server process, by name (issue 25, point 2). Each entry says what it depends
 * on; `changed(...)` drops every entry a change reaches, here at once and on every other process
 * through the bus (Redis with REDIS_URL; without it the bus is this process's). Reads of one key
 * at the same moment share one load (lru-cache's `fetch`); a load that fails is not kept.
 */
export class Caches {
  private readonly caches = new Map<string, Registered>();
  /** Names this process on the bus. */
  private readonly origin = randomUUID();
  /** Grows with each change heard; with the tags it reached, the last CHANGES_KEPT of them. */
  private generation = 0;
  /** The generation of the last `clear()`: it reached everything. */
  private clearedAt = 0;
  private readonly recent: Array<{ generation: number; change: Change }> = [];

  private readonly bus: CachesOptions['bus'];
  private readonly onError: NonNullable<CachesOptions['onError']>;
  private readonly clock: CachesOptions['clock'];

  constructor(options: CachesOptions = {}) {
    const { bus } = options;
    this.bus = bus;
    this.onError = options.onError ?? (() => {});
    this.clock = options.clock;
    bus?.pubsub.subscribe(bus.channel, (payload) => {
      const heard = decodeChanges(payload);
      // Its own changes were dropped here when they were made.
      if (heard && heard.from !== this.origin)
        for (const change of heard.changes) this.drop(change);
    });
  }

  /** Resolves once changes published by other processes reach this one. */
  async listening(): Promise<void> {
    if (this.bus) await this.bus.pubsub.subscribed?.(this.bus.channel);
  }

  define<A, V extends object>(name: string, options: CacheOptions<A, V>): NamedCache<A, V> {
    if (this.caches.has(name)) throw new Error(`cache "${name}" is defined twice`);
    const byTag = new Map<string, Set<Entry<object>>>();
    const kinds = new Map<string, Set<string>>();
    const ttlOf = options.ttlMs;
    const settings = {
      ...((options.max !== undefined || !options.maxSize) && { max: options.max ?? 1_000 }),
      ...(options.maxSize && {
        maxSize: options.maxSize,
        sizeCalculation: (entry: Entry<V>) => Math.max(1, options.sizeOf?.(entry.value) ?? 1),
      }),
      ...(typeof ttlOf === 'number' && { ttl: ttlOf }),
      allowStale: options.serveStale ?? false,
      ...(this.clock && { perf: this.clock, ttlResolution: 0 }),
      // A failed refresh keeps the stale value (answered until a refresh succeeds); a failed
      // first read keeps nothing and rejects.
      noDeleteOnFetchRejection: true,
      dispose: (entry: Entry<V>) => forget(entry, byTag, kinds),
      fetchMethod: async (
        key: string,
        stale: Entry<V> | undefined,
        { context: untyped, options: set }: LRUCache.FetcherOptions<string, Entry<V>, unknown>,
      ) => {
        const context = untyped as A;
        const previous = stale?.value;
        try {
          // A change that reached this value while it was read: read it again (a few times).
          for (let attempt = 0; ; attempt += 1) {
            const started = this.generation;
            const value = await options.load(context, previous);
            if (value === undefined) return undefined;
            const dependencies = options.dependsOn(context, value);
            if (attempt < 3 && this.changedSince(started, dependencies)) continue;
            const entry: Entry<V> = { key, value, tags: dependencies.map(tagOf) };
            remember(entry, byTag, kinds);
            if (typeof ttlOf === 'function') set.ttl = ttlOf(value);
            return entry;
          }
        } catch (err) {
          if (stale) this.onError(err, name);
          throw err;
        }
      },
    };
    // Bounded by `max` or `maxSize` always (the union of lru-cache's options cannot tell).
    const lru = new LRUCache<string, Entry<V>, unknown>(
      settings as LRUCache.Options<string, Entry<V>, unknown>,
    );
    this.caches.set(name, {
      lru: lru as unknown as LRUCache<string, Entry<object>, unknown>,
      byTag,
      kinds,
    });
    return {
      get: async (args) => {
        const key = options.key(args);
        // A fresh entry at once (the hot path: organisation and topic answers).
        const fresh = lru.get(key, FRESH_ONLY);
        if (fresh) return fresh.value;
        for (let attempt = 0; ; attempt += 1) {
          const started = this.generation;
          try {
            return (await lru.fetch(key, { context: args }))?.value;
          } catch (err) {
            // Dropped while it was read (lru-cache aborts that read): read it again.
            if (this.generation !== started && attempt < 3) continue;
            throw err;
          }
        }
      },
      peek: (args) => lru.peek(options.key(args), { allowStale: true })?.value,
      fresh: (args) => lru.get(options.key(args), FRESH_ONLY)?.value,
    };
  }

  /**
   * Says what changed: every entry depending on it is dropped in this process before this returns,
   * and on the other processes as soon as the bus carries it; the promise says when it was
   * published (a request need not wait for it). A bus that fails is reported, never thrown: the
   * change is stored already, and the entries of other processes expire by their own means.
   */
  changed(...changes: Change[]): Promise<void> {
    for (const change of changes) this.drop(change);
    if (!this.bus || changes.length === 0) return Promise.resolve();
    return this.bus.pubsub
      .publish(this.bus.channel, encodeChanges(this.origin, changes))
      .catch((err: unknown) => this.onError(err, 'bus'));
  }

  /** Drops what a change reaches in this process only (a change this process found itself). */
  drop(change: Change): void {
    this.generation += 1;
    this.recent.push({ generation: this.generation, change });
    if (this.recent.length > CHANGES_KEPT) this.recent.shift();
    const { exact, under } = reachOf(change);
    const kind = exact[0]!;
    for (const { lru, byTag, kinds } of this.caches.values()) {
      const reached = new Set<Entry<object>>();
      for (const tag of exact) for (const entry of byTag.get(tag) ?? []) reached.add(entry);
      for (const tag of kinds.get(kind) ?? [])
        if (tag.startsWith(under)) for (const entry of byTag.get(tag) ?? []) reached.add(entry);
      for (const entry of reached) {
        lru.delete(entry.key);
        // Not the entry kept any more (a newer one is, or none): its tags go all the same.
        forget(entry, byTag, kinds);
      }
    }
  }

  /** Drops every entry of every cache (tests; an organisation renamed wholesale). */
  clear(): void {
    this.generation += 1;
    this.clearedAt = this.generation;
    for (const { lru, byTag, kinds } of this.caches.values()) {
      lru.clear();
      byTag.clear();
      kinds.clear();
    }
  }

  private changedSince(generation: number, dependencies: readonly Dependency[]): boolean {
    if (generation === this.generation) return false;
    if (this.clearedAt > generation) return true;
    const oldest = this.recent[0]?.generation ?? Infinity;
    // Forgotten changes since then: assume one reached it.
    if (oldest > generation + 1) return true;
    return this.recent.some(
      (r) =>
        r.generation > generation &&
        dependencies.some((d) => overlaps(reachOf(r.change), tagOf(d))),
    );
  }
}

function overlaps(reach: { exact: string[]; under: string }, tag: string): boolean {
  return reach.exact.includes(tag) || tag.startsWith(reach.under);
}
