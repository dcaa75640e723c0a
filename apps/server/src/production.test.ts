import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyWorkbook, setFieldValue } from '@portal/domain';
import S3rver from 's3rver';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './test/auth-helpers';
import { startServerProcess, waitForReady, type ServerProcess } from './test/cluster';
import { createTestDatabase, type TestDatabase, TESTS_POSTGRES } from './test/databases';
import { makePack } from './test/factories';
import { startFakeStripe } from './test/fake-stripe';
import { startHttpProxy, UPSTREAM_HEADER, type HttpProxy } from './test/http-proxy';
import { multipart, PNG_1X1 } from './test/multipart';
import { freePort } from './test/ports';
import { openSse, type SseClient } from './test/sse';
import { waitUntil } from './test/wait';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'portal-uploads';
const WEBHOOK_SECRET = 'whsec_production_test';
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ORG = '/api/org/doughmain';
const GROUP = `${ORG}/userGroup/insiders/message`;
/** The learner of the pack (makePack), a member of the group `insiders`. */
const LEARNER = { username: 'doughmain-learner', password: 'learner-pass-1' };

/** Pacing of the requests that go on during the restart: not a wait for an event. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An answer through the proxy: its status, JSON body, and the process that gave it. */
interface Answer {
  status: number;
  body: unknown;
  upstream: number;
  headers: Headers;
}

/**
 * The proof of docs/production.md: two server processes behind a proxy, on PostgreSQL, Redis and
 * an S3 bucket, with the guide's settings; one learner's journey (sign in, a saved workbook, a
 * message seen live, an upload, a bundle bought through Stripe) goes through the proxy to both
 * processes, one of which is restarted in the middle while requests go on; nothing is lost, and
 * the session goes on working on the restarted one (issue 29). A second tab's stream, on the
 * process restarted, reconnects with Last-Event-ID and misses nothing.
 */
describe.skipIf(!TESTS_POSTGRES)('production: two processes behind a proxy', () => {
  let database: TestDatabase;
  let s3: S3rver;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let proxy: HttpProxy;
  let stream: SseClient | undefined;
  /** The same group in the learner's second tab, whose process is restarted: it reconnects. */
  const tabs: SseClient[] = [];
  const dirs: string[] = [];
  const ports: number[] = [];
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;
  let token = '';
  /** The learner's requests that go on during the restart, and whether they still do. */
  let load: Promise<void> | undefined;
  let running = false;

  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-production-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const start = async (i: number) => {
    // Each process has its own scratch folder (DATA_DIR), as on separate machines.
    servers[i] = startServerProcess(ports[i]!, { ...env, DATA_DIR: tempDir(`data${i}`) });
    await waitForReady(servers[i]!.base);
  };

  /** A request of the learner through the proxy (to `upstream` only if named). */
  const call = async (
    method: string,
    url: string,
    { body, upstream }: { body?: unknown; upstream?: number } = {},
  ): Promise<Answer> => {
    const res = await fetch(`${proxy.url}${url}`, {
      method,
      headers: {
        ...(token && bearer(token)),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(upstream !== undefined && { [UPSTREAM_HEADER]: String(upstream) }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text },
      upstream: Number(res.headers.get(UPSTREAM_HEADER)),
      headers: res.headers,
    };
  };
  const ok = async (...args: Parameters<typeof call>) => {
    const answer = await call(...args);
    expect(answer.status, `${args[0]} ${args[1]}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer;
  };
  const saveField = (field: string, value: number) =>
    call('PUT', `${ORG}/workbook`, {
      body: {
        workbook: {
          ...emptyWorkbook(),
          general: setFieldValue(emptyWorkbook().general, field, value, new Date().toISOString()),
        },
      },
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const s3Port = await freePort();
    s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: tempDir('s3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    stripe = await startFakeStripe();
    const contentDir = tempDir('content');
    fs.writeFileSync(
      path.join(contentDir, 'pack.json'),
      JSON.stringify(makePack('doughmain', { organisation: { enableMessaging: true } as never })),
    );
    ports.push(await freePort(), await freePort());
    // A proxy that ends TLS: the processes see `X-Forwarded-Proto: https` from 127.0.0.1.
    proxy = await startHttpProxy(
      ports.map((port) => `http://127.0.0.1:${port}`),
      { proto: 'https' },
    );
    // The settings of docs/production.md ("Settings that matter").
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL,
      // This run's keys and channels only: runs side by side do not count each other's requests.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      PUBLIC_ORIGIN: 'https://learn.doughmain.example',
      TRUST_PROXY: '127.0.0.1',
      BASE_DOMAIN: 'portal.example',
      DEFAULT_ORG: 'doughmain',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_production',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      METRICS_TOKEN,
      CONTENT_DIR: contentDir,
    };
    // The first imports the pack into the empty database; the second starts on it.
    await start(0);
    await start(1);
  }, 120_000);

  afterAll(async () => {
    running = false;
    await load;
    stream?.close();
    for (const tab of tabs) tab.close();
    await Promise.all(servers.map((s) => s?.stop(5_000)));
    await proxy?.close();
    await stripe?.close();
    await s3?.close();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one learner’s journey across both processes and a restart of one of them', async () => {
    // 1. Sign in with a password. The session is the database's: any process takes it.
    const login = await ok('POST', `${ORG}/login`, { body: LEARNER });
    token = (login.body as { token: string }).token;
    // X-Forwarded-Proto is believed from the proxy (TRUST_PROXY): the answer is an https one.
    expect(login.headers.get('strict-transport-security')).toMatch(/max-age=/);

    // 2. The group's live messages, streamed through the proxy (no buffering: `ready` comes
    // while the stream stays open).
    stream = await openSse(`${proxy.url}${GROUP}/stream`, bearer(token));
    expect(stream.status).toBe(200);
    await stream.until(() => stream!.comments.includes('ready'));
    const streamOn = Number(stream.headers.get(UPSTREAM_HEADER));
    // The process without the stream is the one restarted below: the stream stays open.
    const restarted = 1 - streamOn;
    // The same group in a second tab, on the process that is restarted.
    const openTab = async (lastEventId?: string) => {
      const tab = await openSse(`${proxy.url}${GROUP}/stream`, {
        ...bearer(token),
        [UPSTREAM_HEADER]: String(restarted),
        ...(lastEventId && { 'last-event-id': lastEventId }),
      });
      tabs.push(tab);
      expect(tab.status).toBe(200);
      expect(Number(tab.headers.get(UPSTREAM_HEADER))).toBe(restarted);
      await tab.until(() => tab.comments.includes('ready'));
      return tab;
    };
    const tab = await openTab();

    // 3. A message, posted on the other process (round robin), reaches the stream through Redis.
    const first = await ok('POST', GROUP, { body: { body: 'Before the restart' } });
    const firstId = (first.body as { message: { _id: string } }).message._id;
    expect(first.upstream).toBe(restarted);
    await stream.until(() => stream!.events.some((e) => e.id === firstId));
    await tab.until(() => tab.events.some((e) => e.id === firstId));

    // 4. A workbook answer.
    const saved = await saveField('journey', 42);
    expect(saved.status).toBe(200);
    // The steps so far went to the processes in turn.
    expect(proxy.log.map((r) => r.upstream)).toEqual([
      login.upstream,
      streamOn,
      restarted,
      restarted,
      streamOn,
    ]);
    expect(new Set([login.upstream, streamOn])).toEqual(new Set([0, 1]));

    // 5. The restart (SIGTERM, then the same port again), while the learner's saves and reads
    // go on through the proxy.
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    running = true;
    load = (async () => {
      for (let j = 0; running; j++) {
        const request = j % 2 ? call('GET', `${ORG}/workbook`) : saveField(`r${j}`, j);
        // A request that gets no answer at all counts as status 0.
        const answer = await request.catch(() => ({ status: 0 }));
        statuses.push(answer.status);
        if (answer.status === 200 && j % 2 === 0) acknowledged.push(`r${j}`);
        await sleep(10); // about 50 requests a second
      }
    })();
    const loggedBefore = proxy.log.length;
    expect(await servers[restarted]!.stop()).toBe(0);
    // The restart ended the second tab's stream, with the process.
    await tab.until(() => tab.ended);
    const duringTheRestart = await ok('POST', GROUP, { body: { body: 'During the restart' } });
    const duringId = (duringTheRestart.body as { message: { _id: string } }).message._id;
    expect(duringTheRestart.upstream).toBe(streamOn);

    // 6. While it is down: an upload, asked of the stopped process, is taken by the other.
    const form = multipart([
      { name: 'upload_preset', value: 'doughmain' },
      { name: 'file', filename: 'journey.png', type: 'image/png', data: PNG_1X1 },
    ]);
    const uploaded = await fetch(`${proxy.url}/api/upload`, {
      method: 'POST',
      headers: { ...form.headers, ...bearer(token), [UPSTREAM_HEADER]: String(restarted) },
      body: form.payload,
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get(UPSTREAM_HEADER)).toBe(String(streamOn));
    const file = (await uploaded.json()) as { secure_url: string };
    expect(proxy.log.find((r) => r.url === '/api/upload')?.failed).toEqual([restarted]);

    // 7. A bundle of three seats: the order, and Stripe's Checkout Session for it.
    const purchase = await ok('POST', `${ORG}/bundle/bundle-1/purchase`, {
      body: { quantity: 3 },
    });
    const checkout = (purchase.body as { checkoutSession: { url: string } }).checkoutSession.url;
    const sessionId = checkout.split('/').pop()!;
    const orderId = stripe.requests.at(-1)!.get('client_reference_id')!;
    // Back to the organisation's public address (PUBLIC_ORIGIN), not to the proxy's.
    expect(stripe.requests.at(-1)!.get('success_url')).toBe(
      'https://learn.doughmain.example/store?purchased=bundle-1',
    );

    // 8. The process starts again on its port; the requests go on until it has answered some.
    await start(restarted);
    // The second tab reconnects to it as a browser does, with Last-Event-ID: the message posted
    // while it was down comes first (the replay), then `ready`.
    const reopened = await openTab(tab.events.at(-1)!.id);
    expect(reopened.events.map((e) => e.id)).toContain(duringId);
    await waitUntil(
      () => proxy.log.slice(loggedBefore).filter((r) => r.upstream === restarted).length >= 10,
      10_000,
    );
    running = false;
    await load;
    const during = proxy.log.slice(loggedBefore);
    // Requests met the stopped process and were taken by the other.
    expect(during.some((r) => r.failed.includes(restarted) && r.upstream === streamOn)).toBe(true);
    // Nothing failed, but for a save that met the process as it closed: the proxy cannot send
    // it again (502, not counted as saved), the browser does (docs/production.md).
    expect(statuses.filter((s) => s !== 200 && s !== 502)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(10);

    // 9. Stripe's signed webhook, through the proxy, fulfils the order.
    stripe.pay(sessionId);
    const event = stripe.completedEvent(sessionId);
    const webhook = await fetch(`${proxy.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: event,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: event,
    });
    expect(webhook.status).toBe(200);
    await waitUntil(
      async () =>
        ((await call('GET', `${ORG}/order/${orderId}`)).body as { order?: { status: string } })
          .order?.status === 'fulfilled',
      10_000,
    );

    // 10. A message posted on the restarted process reaches the stream on the other one.
    const second = await ok('POST', GROUP, {
      body: { body: 'After the restart' },
      upstream: restarted,
    });
    const secondId = (second.body as { message: { _id: string } }).message._id;
    expect(second.upstream).toBe(restarted);
    await stream.until(() => stream!.events.some((e) => e.id === secondId));
    await reopened.until(() => reopened.events.some((e) => e.id === secondId));

    // 11. Everything is there, with the session from before the restart, on either process.
    for (const upstream of [streamOn, restarted]) {
      const via = { upstream };
      const workbook = await ok('GET', `${ORG}/workbook`, via);
      expect(workbook.upstream).toBe(upstream);
      // Each process believes the proxy's X-Forwarded-Proto (TRUST_PROXY): an https answer.
      expect(workbook.headers.get('strict-transport-security')).toMatch(/max-age=/);
      const data = (
        workbook.body as { workbook: { workbook: { general: { data: Record<string, number> } } } }
      ).workbook.workbook.general.data;
      expect(data.journey).toBe(42);
      expect(acknowledged.filter((field) => data[field] === undefined)).toEqual([]);

      const messages = await ok('GET', GROUP, via);
      const bodies = (messages.body as { results: { body: string }[] }).results.map((m) => m.body);
      expect(bodies).toEqual(['After the restart', 'During the restart', 'Before the restart']);

      const served = await fetch(`${proxy.url}${file.secure_url}`, {
        headers: { [UPSTREAM_HEADER]: String(upstream) },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get(UPSTREAM_HEADER)).toBe(String(upstream));
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);

      const order = (
        (await ok('GET', `${ORG}/order/${orderId}`, via)).body as {
          order: { status: string; quantity: number; cohortId: string };
        }
      ).order;
      expect(order).toMatchObject({ status: 'fulfilled', quantity: 3 });
      const seats = await ok('GET', `${ORG}/userGroup/${order.cohortId}/invites`, via);
      expect((seats.body as { seats: unknown }).seats).toEqual({ bought: 3, used: 0, free: 3 });
    }
    // The stream stayed open through the restart, with the three messages in order.
    expect(stream.ended).toBe(false);
    expect(stream.events.map((e) => e.id)).toEqual([firstId, duringId, secondId]);
    // The second tab missed nothing: what it had, merged with what it got on reconnecting (the
    // replay starts 2 s before its last message, so that one may come twice).
    const seen = [...tab.events, ...reopened.events].map((e) => e.id);
    expect([...new Set(seen)]).toEqual([firstId, duringId, secondId]);
    expect(reopened.ended).toBe(false);
    // What to watch (/metrics, behind its token): each open stream is on its process.
    for (const upstream of [streamOn, restarted]) {
      const pin = { [UPSTREAM_HEADER]: String(upstream) };
      expect((await fetch(`${proxy.url}/metrics`, { headers: pin })).status).toBe(401);
      const metrics = await fetch(`${proxy.url}/metrics`, {
        headers: { ...pin, ...bearer(METRICS_TOKEN) },
      });
      expect(await metrics.text()).toContain('portal_message_streams_open 1');
    }
    // No file on either process's own disk: the bucket holds it.
    const name = file.secure_url.split('/').pop()!;
    for (const dir of dirs.filter((d) => d.includes('-data')))
      expect(fs.existsSync(path.join(dir, 'uploads', name))).toBe(false);
  }, 60_000);
});
