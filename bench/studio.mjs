// The authoring studio's server figures (issue 26): a draft save of a 50-page topic, against a
// bare route that upserts the same body through the same driver; and the time from a publish
// answered by one process to the new text served by a second process (on the same database,
// changes told over Redis).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, latencies, startBareUpsert, startPortal } from './lib.mjs';

export const STUDIO_TOPIC = 'studio-50';
const PAGES = 50;
const AUTHOR = { username: 'author', password: 'bench-author-1' };

const text = (seed, n) =>
  Array.from(
    { length: n },
    (_, i) => ['budget', 'saving', 'income', 'credit', 'interest'][(seed + i) % 5],
  ).join(' ');

/** A topic of 50 pages, each with about 100 words and 5 fields, as a studio author edits it. */
export function studioTopic() {
  return {
    _id: STUDIO_TOPIC,
    name: { 'en-US': 'Fifty pages', 'fr-CA': 'Cinquante pages' },
    pages: Array.from({ length: PAGES }, (_, p) => ({
      _id: `s-p${p}`,
      name: { 'en-US': `Page ${p}`, 'fr-CA': `Page ${p}` },
      fragments: [
        {
          _id: `s-p${p}-c`,
          type: 'content',
          content: { 'en-US': `<p>${text(p, 100)}</p>`, 'fr-CA': `<p>${text(p + 1, 100)}</p>` },
        },
        ...Array.from({ length: 5 }, (_, f) => ({
          _id: `s-p${p}-f${f}`,
          type: 'field',
          field: {
            _id: `s-${p}-${f}`,
            name: { 'en-US': `Question ${p}.${f}`, 'fr-CA': `Question ${p}.${f}` },
            type: 'number',
            scoreWeight: 1,
            correctValue: f,
          },
        })),
      ],
    })),
  };
}

export function studioPack() {
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: 'studiobench',
      name: 'Studio bench',
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'Studio bench' },
    },
    topics: [studioTopic()],
    users: [
      {
        username: AUTHOR.username,
        email: 'author@bench.example',
        password: AUTHOR.password,
        roles: ['author'],
      },
    ],
  };
}

const json = (token, body, method = 'PUT') => ({
  method,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});

async function ok(res, what) {
  if (!res.ok)
    throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** Draft saves and publish-to-second-process on one database kind. */
export async function studioBench(kind, { basePort = 3930 } = {}) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-studio-'));
  writeFileSync(path.join(contentDir, 'studio.json'), JSON.stringify(studioPack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const shared = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-studio-db-'));
  const databaseUrl = pg?.url ?? `sqlite:${path.join(shared, 'portal.db')}`;
  const env = {
    CONTENT_DIR: contentDir,
    DEFAULT_ORG: 'studiobench',
    RATE_LIMIT_SCALE: '1000',
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench-studio-${randomUUID().slice(0, 8)}:`,
  };
  const a = await startPortal({ port: basePort, env });
  const b = await startPortal({ port: basePort + 1, env });
  const bare = await startBareUpsert({
    port: basePort + 2,
    databaseUrl: pg?.url ?? 'sqlite',
  });
  const apiA = `${a.url}/api/org/studiobench`;
  const apiB = `${b.url}/api/org/studiobench`;
  const out = { database: kind, pages: PAGES };
  try {
    const { token } = await ok(
      await fetch(`${apiA}/login`, json(null, AUTHOR, 'POST')),
      'the author’s login',
    );
    const draft = await ok(
      await fetch(`${apiA}/studio/topic/${STUDIO_TOPIC}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      'the draft',
    );
    const topic = draft.topic;
    let version = draft.version;
    out.topicBytes = Buffer.byteLength(JSON.stringify({ topic, version }));

    // An author types: each save changes one question and names the version the last answered.
    const field = (i) => topic.pages[i % PAGES].fragments[1 + (i % 5)].field;
    const save = async (i) => {
      field(i).name['en-US'] = `Question ${i} edited`;
      const res = await fetch(
        `${apiA}/studio/topic/${STUDIO_TOPIC}`,
        json(token, { topic, version }),
      );
      if (res.ok) {
        const clone = res.clone();
        version = (await clone.json()).version;
      }
      return res;
    };
    const bareSave = () => fetch(bare.url, json(null, { topic, version }));
    await latencies(save, { count: 30, concurrency: 1 });
    await latencies(bareSave, { count: 30, concurrency: 1 });
    const rounds = { save: [], bare: [] };
    for (let r = 0; r < 3; r++) {
      rounds.bare.push(await latencies(bareSave, { count: 100, concurrency: 1 }));
      rounds.save.push(await latencies(save, { count: 100, concurrency: 1 }));
    }
    const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    out.draftSave = {
      rounds: rounds.save.map((r) => ({ p50Ms: r.p50Ms, p95Ms: r.p95Ms, p99Ms: r.p99Ms })),
      bareRounds: rounds.bare.map((r) => ({ p50Ms: r.p50Ms, p95Ms: r.p95Ms })),
      p95Ms: median(rounds.save.map((r) => r.p95Ms)),
      ratioToBareP95: Number(
        (median(rounds.save.map((r) => r.p95Ms)) / median(rounds.bare.map((r) => r.p95Ms))).toFixed(
          2,
        ),
      ),
      target: 'p95 < 50 ms',
    };
    out.draftSave.met = out.draftSave.p95Ms < 50;

    // Publish through A; time until B serves the new question to a learner.
    const delays = [];
    for (let i = 0; i < 20; i++) {
      const marker = `Published ${i} ${randomUUID().slice(0, 6)}`;
      topic.pages[0].fragments[1].field.name['en-US'] = marker;
      const saved = await ok(
        await fetch(`${apiA}/studio/topic/${STUDIO_TOPIC}`, json(token, { topic, version })),
        'a save before publishing',
      );
      version = saved.version;
      // B has the old topic cached before the publish.
      await ok(await fetch(`${apiB}/topic/${STUDIO_TOPIC}?locale=en-US`), 'the topic on B');
      await ok(
        await fetch(
          `${apiA}/studio/topic/${STUDIO_TOPIC}/publish`,
          json(token, { note: `bench ${i}` }, 'POST'),
        ),
        'the publish',
      );
      const published = performance.now();
      for (;;) {
        const body = await (await fetch(`${apiB}/topic/${STUDIO_TOPIC}?locale=en-US`)).text();
        if (body.includes(marker)) break;
        if (performance.now() - published > 10_000) throw new Error('B never served the publish');
        await new Promise((r) => setTimeout(r, 5));
      }
      delays.push(performance.now() - published);
    }
    delays.sort((x, y) => x - y);
    out.publishToSecondProcess = {
      publishes: delays.length,
      p50Ms: Number(delays[Math.floor(delays.length / 2)].toFixed(1)),
      p95Ms: Number(delays[Math.floor(0.95 * (delays.length - 1))].toFixed(1)),
      maxMs: Number(delays.at(-1).toFixed(1)),
      target: 'every publish < 1000 ms',
    };
    out.publishToSecondProcess.met = delays.at(-1) < 1000;
  } finally {
    await Promise.all([a.stop(), b.stop(), bare.stop()]);
    await pg?.drop();
  }
  return out;
}
