// `npm run bench`: speed figures, each against a baseline measured in the same run on this
// machine, over loopback (autocannon for throughput; a request loop for p95, which autocannon
// does not report). Results are printed and written to bench-results/latest.json.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import Stripe from 'stripe';
import { burst, openConnections, quantile, requestBytes } from '../bench/burst.mjs';
import { startFakeStripe } from '../bench/fake-stripe.mjs';
import { chatPack, pollAtFixedRate, signInAll, streamFanOut } from '../bench/messages.mjs';
import { membersPack, seedMembers, timeMembers } from '../bench/members.mjs';
import { seedAudit, timeAudit } from '../bench/audit.mjs';
import { peoplePack, seedPeople, timePeople } from '../bench/people.mjs';
import { seedCertificates, timeCertificatePdf } from '../bench/certificates.mjs';
import {
  cohortsPack,
  seedCohorts,
  timeCohortMembers,
  unreadAtFixedRate,
} from '../bench/cohorts.mjs';
import { databaseOutage, rollingRestart } from '../bench/resilience.mjs';
import { editorKeystrokes } from '../bench/editor.mjs';
import { studioBench } from '../bench/studio.mjs';
import { benchPack, GRADE_TOPIC, gradeAnswers, searchQueries } from '../bench/pack.mjs';
import {
  createPostgresDatabase,
  latencies,
  load,
  pairedRuns,
  pin,
  profiled,
  root,
  seedStraight,
  startBare,
  startBareUpsert,
  startPortal,
  unpin,
} from '../bench/lib.mjs';

const results = {};
const only = process.argv[2];
// The editor's scenario runs in a browser, on a page of its own: no server to build.
if (only !== 'editor') execSync('npm run build -w @portal/server', { cwd: root, stdio: 'ignore' });
const mean = (xs) => xs.reduce((a, b) => a + b.rps, 0) / xs.length;
// autocannon sends no Accept-Encoding unless told: the plain figures stay comparable with the
// bare route (which never compresses); the `brotli` figures ask as a browser does.
const BROTLI = { 'accept-encoding': 'br' };

/** Issue 2: GET /api/org/doughmain against a bare Fastify route returning the same JSON. */
async function organisationVersusBare() {
  const portal = await startPortal({ port: 3901 });
  const orgUrl = `${portal.url}/api/org/doughmain`;
  const body = await (await fetch(orgUrl)).text();
  const jsonFile = path.join(portal.dataDir, 'org.json');
  writeFileSync(jsonFile, body);
  const bare = await startBare({ port: 3902, jsonFile });
  try {
    await load(orgUrl, { duration: 2 });
    await load(bare.url, { duration: 2 });
    // Alternate the two so that drift on a shared machine hits both alike.
    const runs = { portal: [], bare: [] };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load(bare.url));
      runs.portal.push(await load(orgUrl));
    }
    const ratio = mean(runs.portal) / mean(runs.bare);
    // The same with `Accept-Encoding: br` (as a browser asks): the brotli bytes kept with the
    // cached answer, against the same bare route (which sends the JSON uncompressed).
    await load(orgUrl, { duration: 2, headers: BROTLI });
    const compressed = [
      await load(orgUrl, { headers: BROTLI }),
      await load(orgUrl, { headers: BROTLI }),
    ];
    results.organisation = {
      route: 'GET /api/org/doughmain',
      bytes: body.length,
      portalRps: Math.round(mean(runs.portal)),
      bareRps: Math.round(mean(runs.bare)),
      ratio: Number(ratio.toFixed(3)),
      target: '>= 0.6',
      met: ratio >= 0.6,
      brotli: {
        note: 'Accept-Encoding: br against the same bare route (uncompressed)',
        bytes: compressed[0].bytesPerRequest,
        portalRps: Math.round(mean(compressed)),
        ratio: Number((mean(compressed) / mean(runs.bare)).toFixed(3)),
      },
    };
  } finally {
    await bare.stop();
    await portal.stop();
  }
}

/**
 * Issue 29's request floor: what every request costs (hooks, headers, the access log, metrics),
 * against a bare Fastify route answering the same JSON: GET /healthz (no database, a tiny answer)
 * and a small cached topic (a visitor's answer of about 1 KB: the organisation, the viewer and
 * the cached text). The portal twice: as it ships (one routine access line in ten, a probe's
 * routine answer not written), and with every line written (ACCESS_LOG_SAMPLE=1). Paired rounds.
 */
async function requestFloor() {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-content-'));
  writeFileSync(path.join(contentDir, 'bench.json'), JSON.stringify(benchPack(20)));
  const env = { CONTENT_DIR: contentDir, DEFAULT_ORG: 'benchorg' };
  // Three processes of each server (pairedRuns: one process measures its luck too).
  const PROCESSES = 3;
  const portals = [];
  const everyLines = [];
  const bares = [];
  const report = {};
  const routes = { healthz: '/healthz', smallTopic: '/api/org/benchorg/topic/t0' };
  // autocannon (this process) on the first core, each server on the second.
  let pinned = pin(process.pid, 0);
  try {
    for (let i = 0; i < PROCESSES; i++) {
      portals.push(await startPortal({ port: 3920 + i, env }));
      everyLines.push(
        await startPortal({ port: 3930 + i, env: { ...env, ACCESS_LOG_SAMPLE: '1' } }),
      );
    }
    for (const server of [...portals, ...everyLines]) pinned = pinned && pin(server.pid, 1);
    for (const [name, route] of Object.entries(routes)) {
      const res = await fetch(`${portals[0].url}${route}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      if (!res.ok) throw new Error(`${route} answered ${res.status}`);
      const body = await res.text();
      const jsonFile = path.join(portals[0].dataDir, `${name}.json`);
      writeFileSync(jsonFile, body);
      for (let i = 0; i < PROCESSES; i++) {
        const bare = await startBare({ port: 3940 + i, jsonFile });
        bares.push(bare);
        if (pinned) pin(bare.pid, 1);
      }
      try {
        const urls = {
          bare: bares.map((bare) => bare.url),
          portal: portals.map((portal) => `${portal.url}${route}`),
          everyLine: everyLines.map((portal) => `${portal.url}${route}`),
        };
        for (const url of Object.values(urls).flat()) await load(url, { duration: 2 });
        const runs = await pairedRuns(urls, { baseline: 'bare', rounds: 8, duration: 1 });
        const target = name === 'healthz' ? 0.8 : 0.7;
        report[name] = {
          route: `GET ${route}`,
          bytes: body.length,
          bareRps: runs.bare.rpsMedian,
          portalRps: runs.portal.rpsMedian,
          everyLineRps: runs.everyLine.rpsMedian,
          ratio: runs.portal.ratio,
          ratioQuartiles: runs.portal.ratioQuartiles,
          processRatios: runs.portal.processRatios,
          everyLineRatio: runs.everyLine.ratio,
          everyLineRatioQuartiles: runs.everyLine.ratioQuartiles,
          everyLineProcessRatios: runs.everyLine.processRatios,
          bareProcessRatios: runs.bare.processRatios,
          target: `>= ${target}`,
          met: runs.portal.ratio >= target,
        };
      } finally {
        for (const bare of bares.splice(0)) await bare.stop();
      }
    }
    results.requestFloor = {
      note: `${PROCESSES} processes of each server (bare; the portal as it ships, "portal": one routine access line in ten, none for a probe's routine answer; the portal writing every line, "everyLine": ACCESS_LOG_SAMPLE=1), 8 rounds of 1 s on each process in turn; ratio: median over the rounds of the server's mean ÷ bare's mean in the round, with quartiles; processRatios: each process's median against bare${pinned ? '; servers pinned to one core, autocannon to the other' : ''}`,
      ...report,
    };
  } finally {
    if (pinned) unpin(process.pid);
    for (const server of [...bares, ...everyLines, ...portals]) await server.stop();
  }
}

/**
 * Issue 14 on one database: GET /api/org/doughmain/topic/budgeting-basics (a visitor) against a
 * bare Fastify route answering the same JSON: throughput (autocannon, 50 connections), and p99
 * at a fixed 500 requests per second (10 connections).
 */
async function topicVersusBare(kind) {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const portal = await startPortal({ port: 3911, env: { ...(pg && { DATABASE_URL: pg.url }) } });
  const topicUrl = `${portal.url}/api/org/doughmain/topic/budgeting-basics`;
  let bare;
  try {
    const res = await fetch(topicUrl, { headers: { 'accept-encoding': 'identity' } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${topicUrl} answered ${res.status}`);
    const jsonFile = path.join(portal.dataDir, 'topic.json');
    writeFileSync(jsonFile, body);
    bare = await startBare({ port: 3912, jsonFile });
    await load(topicUrl, { duration: 2 });
    await load(bare.url, { duration: 2 });
    const runs = { portal: [], bare: [] };
    for (let i = 0; i < 2; i++) {
      runs.bare.push(await load(bare.url));
      runs.portal.push(await load(topicUrl));
    }
    const fixed = { overallRate: 500, connections: 10, duration: 10 };
    const bareFixed = await load(bare.url, fixed);
    const portalFixed = await load(topicUrl, fixed);
    const compressed = await load(topicUrl, { headers: BROTLI });
    const ratio = mean(runs.portal) / mean(runs.bare);
    results[`${kind}Topic`] = {
      route: 'GET /api/org/doughmain/topic/budgeting-basics (visitor)',
      bytes: body.length,
      portalRps: Math.round(mean(runs.portal)),
      bareRps: Math.round(mean(runs.bare)),
      ratio: Number(ratio.toFixed(3)),
      at500rps: { portalP99Ms: portalFixed.p99, bareP99Ms: bareFixed.p99 },
      brotli: {
        note: 'Accept-Encoding: br against the same bare route (uncompressed)',
        bytes: compressed.bytesPerRequest,
        portalRps: Math.round(compressed.rps),
        ratio: Number((compressed.rps / mean(runs.bare)).toFixed(3)),
      },
      target: '>= 0.7, p99 < 30 ms at 500 req/s',
      met: ratio >= 0.7 && portalFixed.p99 < 30,
    };
  } finally {
    await bare?.stop();
    await portal.stop();
    await pg?.drop();
  }
}

/**
 * Issue 29, the cost of /metrics: the same build started as three processes with metrics on
 * (the default, each one's /metrics read every second as Prometheus would, more often than its
 * default) and three with METRICS=off, started in turn (on, off, on…), loaded on a cached topic
 * and on /healthz (the request floor): 10 rounds of 1 s on each process (pairedRuns: in each
 * round, the mean of the on processes ÷ the mean of the off ones). Several processes, because
 * two processes of one build differ by up to 15 % for as long as they live (processRatios shows
 * each one's median). Servers pinned to one core, autocannon to the other. Met when the median
 * is >= 0.95 on both routes.
 */
async function metricsCost() {
  const PROCESSES = 3;
  const routes = {
    topic: '/api/org/doughmain/topic/budgeting-basics',
    healthz: '/healthz',
  };
  const servers = { on: [], off: [] };
  const report = {};
  let pinned = pin(process.pid, 0);
  let scrapes = 0;
  let scraper;
  try {
    for (let i = 0; i < PROCESSES; i++)
      for (const mode of ['on', 'off']) {
        const server = await startPortal({
          port: (mode === 'on' ? 3950 : 3960) + i,
          env: mode === 'on' ? {} : { METRICS: 'off' },
        });
        servers[mode].push(server);
        pinned = pinned && pin(server.pid, 1);
      }
    for (const server of servers.off)
      if ((await fetch(`${server.url}/metrics`)).status !== 404)
        throw new Error('METRICS=off still answers /metrics');
    scraper = setInterval(() => {
      for (const server of servers.on)
        fetch(`${server.url}/metrics`)
          .then((r) => r.text())
          .then(
            () => scrapes++,
            () => {},
          );
    }, 1_000);
    for (const [name, route] of Object.entries(routes)) {
      const res = await fetch(`${servers.on[0].url}${route}`);
      if (!res.ok) throw new Error(`${route} answered ${res.status}`);
      const urls = {
        off: servers.off.map((server) => `${server.url}${route}`),
        on: servers.on.map((server) => `${server.url}${route}`),
      };
      for (const url of Object.values(urls).flat()) await load(url, { duration: 2 });
      const scrapedBefore = scrapes;
      const paired = await pairedRuns(urls, { baseline: 'off', rounds: 10, duration: 1 });
      report[name] = {
        route: `GET ${route}`,
        onRps: paired.on.rpsMedian,
        offRps: paired.off.rpsMedian,
        ratio: paired.on.ratio,
        ratioQuartiles: paired.on.ratioQuartiles,
        processRatios: paired.on.processRatios,
        offProcessRatios: paired.off.processRatios,
        scrapes: scrapes - scrapedBefore,
        met: paired.on.ratio >= 0.95,
      };
    }
  } finally {
    clearInterval(scraper);
    if (pinned) unpin(process.pid);
    for (const server of [...servers.on, ...servers.off]) await server.stop();
  }
  results.metricsCost = {
    note: `METRICS=on (default, /metrics read every second) ÷ METRICS=off, same build, same run: ${PROCESSES} processes of each, 10 rounds of 1 s on each process in turn; ratio: median over the rounds of the on processes' mean ÷ the off ones', with quartiles; processRatios: each process's median against the off mean${pinned ? '; servers pinned to one core, autocannon to the other' : ''}`,
    ...report,
    target: 'ratio >= 0.95 on each route',
    met: Object.values(report).every((r) => r.met),
  };
}

/** Issue 5: recompute of a page with 200 fields and 50 formulas (domain code). */
function formulaRecompute() {
  const out = execFileSync('npx', ['tsx', path.join(root, 'bench/formulas.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  results.formulaRecompute = JSON.parse(out.trim().split('\n').at(-1));
}

/** Issues 5 and 6 on one database: search with 10,000 topics, grading 200 fields, saves per second. */
async function perDatabase(kind) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-content-'));
  writeFileSync(path.join(contentDir, 'bench.json'), JSON.stringify(benchPack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const env = {
    CONTENT_DIR: contentDir,
    DEFAULT_ORG: 'benchorg',
    RATE_LIMIT_SCALE: '1000',
    ...(pg && { DATABASE_URL: pg.url }),
  };
  const portal = await startPortal({ port: 3903, env });
  const api = `${portal.url}/api/org/benchorg`;
  const out = {};
  try {
    const signup = async (name) => {
      const res = await fetch(`${api}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: name,
          email: `${name}@bench.example`,
          password: 'bench-password',
        }),
      });
      const { token } = await res.json();
      if (!token) throw new Error(`signup of ${name} answered ${res.status}`);
      return token;
    };

    const queries = searchQueries(500);
    const searchOnce = (i) =>
      fetch(
        `${api}/search?locale=en-US&keywords=${encodeURIComponent(queries[i % queries.length])}`,
      );
    await latencies(searchOnce, { count: 300 });
    // Latency is one request at a time; "underLoad" is 8 at a time on the server's one thread.
    out.search = {
      topics: 10_000,
      ...(await latencies(searchOnce, { count: 2_000, concurrency: 1 })),
      target: 'p95 < 20 ms',
    };
    out.search.met = out.search.p95Ms < 20;
    out.search.underLoad = await latencies(searchOnce, { count: 2_000, concurrency: 8 });

    const grader = await signup('grader');
    const at = '2026-01-01T00:00:00.000Z';
    const answers = gradeAnswers();
    const sheet = {
      _id: 'w1',
      name: 'Bench',
      createdAt: at,
      data: answers,
      fieldTimes: Object.fromEntries(Object.keys(answers).map((k) => [k, at])),
      completedPages: [],
    };
    await fetch(`${api}/workbook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grader}` },
      body: JSON.stringify({ workbook: { topics: { [GRADE_TOPIC]: [sheet] } } }),
    });
    const gradeOnce = () =>
      fetch(`${api}/topic/${GRADE_TOPIC}/worksheet/0/grade`, {
        headers: { authorization: `Bearer ${grader}` },
      });
    await latencies(gradeOnce, { count: 200 });
    out.grade = {
      scoredFields: 200,
      ...(await latencies(gradeOnce, { count: 2_000, concurrency: 1 })),
      target: 'p95 < 10 ms',
    };
    out.grade.met = out.grade.p95Ms < 10;
    out.grade.underLoad = await latencies(gradeOnce, { count: 2_000, concurrency: 8 });

    // 50 learners, one per connection, each saving as the web app does: the whole workbook (20
    // answers) with one answer changed and stamped with a new time. (A body sent again unchanged
    // would let the bare upsert rewrite identical bytes, which SQLite skips: no save at all.)
    const learners = await Promise.all(Array.from({ length: 50 }, (_, i) => signup(`saver${i}`)));
    const start = Date.parse(at);
    let edits = 0;
    const learnerAnswers = learners.map(() =>
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, i * 3])),
    );
    const times = learnerAnswers.map((data) =>
      Object.fromEntries(Object.keys(data).map((k) => [k, at])),
    );
    const editBody = (learner) => {
      const n = ++edits;
      const field = `field${n % 20}`;
      learnerAnswers[learner][field] = n;
      times[learner][field] = new Date(start + n).toISOString();
      return JSON.stringify({
        workbook: {
          general: {
            data: learnerAnswers[learner],
            fieldTimes: times[learner],
            completedPages: [],
          },
          history: { topicId: 't1', pageId: 't1-p0', worksheetIndex: 0 },
        },
      });
    };
    const bare = await startBareUpsert({ port: 3904, databaseUrl: pg ? pg.url : 'sqlite' });
    try {
      const put = (url, perRequest) =>
        load(url, {
          duration: 6,
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          perRequest,
        });
      const bareSave = (learner) => ({
        path: `/bare/learner-${learner}`,
        body: editBody(learner),
      });
      const portalSave = (learner) => ({
        body: editBody(learner),
        headers: { authorization: `Bearer ${learners[learner]}` },
      });
      await put(bare.url, bareSave);
      await put(`${api}/workbook`, portalSave);
      const runs = { portal: [], bare: [] };
      for (let i = 0; i < 2; i++) {
        runs.bare.push(await put(bare.url, bareSave));
        runs.portal.push(await put(`${api}/workbook`, portalSave));
      }
      const ratio = mean(runs.portal) / mean(runs.bare);
      out.workbookSaves = {
        route: 'PUT /api/org/{org}/workbook',
        body: '50 learners (one per connection), each save a 20-answer workbook with one answer edited',
        portalSavesPerSecond: Math.round(mean(runs.portal)),
        bareUpsertsPerSecond: Math.round(mean(runs.bare)),
        ratio: Number(ratio.toFixed(3)),
        target: '>= 0.5',
        met: ratio >= 0.5,
      };
    } finally {
      await bare.stop();
    }
  } finally {
    await portal.stop();
    await pg?.drop();
  }
  results[kind] = out;
}

/**
 * Issue 11: 100 paid Checkout Sessions, each webhook delivered 5 times, all 500 at once and
 * shuffled, to the real server with PAYMENTS=stripe (Checkout Sessions from a local stand-in of
 * Stripe's API, webhooks signed by the stripe package). Exactly 100 fulfilments: one seat
 * invitation per order and one receipt per order.
 *
 * Each of the 500 is timed from just before its bytes are written to the last byte of its
 * answer, on 500 connections opened beforehand, one request each (bench/burst.mjs: a lean
 * client, so that the bench's own CPU on these two cores is not most of what is measured). The
 * floor is the same 500 at once to GET /healthz on the same server, same client, just before.
 * The same is then measured with fetch (undici), as before, on 100 other events, for comparison.
 */
async function webhookDeliveries(kind) {
  const secret = 'whsec_bench';
  const fake = await startFakeStripe({ port: 3905 });
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const portal = await startPortal({
    port: 3906,
    env: {
      RATE_LIMIT_SCALE: '1000',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: fake.url,
      ...(pg && { DATABASE_URL: pg.url }),
    },
  });
  const api = `${portal.url}/api/org/doughmain`;
  const host = new URL(portal.url).host;
  let sockets = [];
  try {
    const auth = (token) => ({ authorization: `Bearer ${token}` });
    const tokens = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${api}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `buyer${i}`,
          email: `buyer${i}@bench.example`,
          password: 'bench-password',
        }),
      });
      tokens.push((await res.json()).token);
    }
    const buy = async (i) => {
      const token = tokens[i % tokens.length];
      const res = await fetch(`${api}/bundle/personal-finance-club/purchase`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(token) },
        body: JSON.stringify({ quantity: 1 }),
      });
      if (!res.ok) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
      const sessionId = (await res.json()).checkoutSession.url.split('/').pop();
      const list = await (await fetch(`${api}/order`, { headers: auth(token) })).json();
      return { token, sessionId, order: list.orders[0] };
    };
    const stripe = new Stripe('sk_test_bench');
    /** 100 orders, and their paid events, 5 deliveries each, shuffled. */
    const eventsFor = async (name) => {
      const orders = [];
      for (let i = 0; i < 100; i++) orders.push(await buy(i));
      const deliveries = orders.flatMap(({ order, sessionId }, i) => {
        const payload = JSON.stringify({
          id: `evt_${name}_${i}`,
          object: 'event',
          type: 'checkout.session.completed',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: sessionId,
              object: 'checkout.session',
              amount_total: order.totalCents,
              currency: 'usd',
              client_reference_id: order._id,
              payment_status: 'paid',
              status: 'complete',
            },
          },
        });
        const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
        return Array.from({ length: 5 }, () => ({ payload, signature }));
      });
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
      }
      return { orders, deliveries };
    };
    const ROUNDS = 3;
    const warmUp = await eventsFor('warm');
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await eventsFor(`lean${r}`));
    const viaFetch = await eventsFor('fetch');
    const count = warmUp.deliveries.length;
    const webhookBytes = ({ payload, signature }) =>
      requestBytes({
        method: 'POST',
        path: '/api/payments/stripe/webhook',
        host,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const outbox = path.join(portal.dataDir, 'outbox');
    const countReceipts = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')).length : 0;
    /** Waits until `orders` are fulfilled and `receipts` receipts written; answers how long it took. */
    const drain = async (orders, receipts, since) => {
      const until = Date.now() + 30_000;
      for (const { token, order } of orders)
        for (;;) {
          const one = await (
            await fetch(`${api}/order/${order._id}`, { headers: auth(token) })
          ).json();
          if (one.order.status === 'fulfilled' || Date.now() > until) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      while (countReceipts() < receipts && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      return Math.round(performance.now() - since);
    };

    // The lean client: the floor, then the webhooks, ROUNDS times, each on 100 new events.
    sockets = await openConnections(portal.url, count);
    const healthz = Array(count).fill(requestBytes({ path: '/healthz', host }));
    // Warm-up, as a running server is: the same burst on 100 other events (its code compiled by
    // V8, the statements prepared), and /healthz; then the background work it queued (100
    // fulfilments and receipts) is let finish, and how long that took is reported.
    let since = performance.now();
    const warm = await burst(sockets, warmUp.deliveries.map(webhookBytes));
    const warmDrainMs = await drain(warmUp.orders, warmUp.orders.length, since);
    await burst(sockets, healthz);
    const measured = [];
    let receiptsSoFar = warmUp.orders.length;
    await profiled(portal, `${kind}-webhooks`, async () => {
      for (const round of rounds) {
        let cpu = portal.cpuMs();
        const floor = await burst(sockets, healthz);
        const floorServerCpuMs = portal.cpuMs() - cpu;
        cpu = portal.cpuMs();
        since = performance.now();
        const run = await burst(sockets, round.deliveries.map(webhookBytes));
        const serverCpuMs = portal.cpuMs() - cpu;
        receiptsSoFar += round.orders.length;
        const drainMs = await drain(round.orders, receiptsSoFar, since);
        measured.push({ floor, floorServerCpuMs, run, serverCpuMs, drainMs });
      }
    });
    for (const socket of sockets) socket.destroy();
    sockets = [];

    // fetch, as the bench measured before: the floor, then the webhooks.
    const all = async (send) => {
      const took = [];
      const cpu = process.cpuUsage();
      const statuses = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          const start = performance.now();
          const res = await send(i);
          await res.arrayBuffer();
          took.push(performance.now() - start);
          return res.status;
        }),
      );
      const used = process.cpuUsage(cpu);
      took.sort((a, b) => a - b);
      return { statuses, took, clientCpuMs: (used.user + used.system) / 1000 };
    };
    await all(() => fetch(`${portal.url}/healthz`));
    const fetchFloor = await all(() => fetch(`${portal.url}/healthz`));
    const fetchRun = await all((i) =>
      fetch(`${portal.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': viaFetch.deliveries[i].signature,
        },
        body: viaFetch.deliveries[i].payload,
      }),
    );

    // Fulfilment follows the answers (a worker fulfils what the webhook recorded): wait for it.
    const orders = [...warmUp.orders, ...rounds.flatMap((r) => r.orders), ...viaFetch.orders];
    await drain(viaFetch.orders, orders.length, performance.now());
    let fulfilled = 0;
    // One seat is the buyer's own membership; two or more make a cohort whose invitations are
    // the seats for others.
    let seats = 0;
    for (const { token, order } of orders) {
      const { order: paid } = await (
        await fetch(`${api}/order/${order._id}`, { headers: auth(token) })
      ).json();
      if (paid.status !== 'fulfilled') continue;
      fulfilled += 1;
      if (!paid.cohortId) {
        seats += paid.quantity === 1 ? 1 : 0;
        continue;
      }
      const inv = await (
        await fetch(`${api}/userGroup/${paid.cohortId}/invites`, { headers: auth(token) })
      ).json();
      seats += inv.invites.length;
    }
    await new Promise((r) => setTimeout(r, 500));
    const receipts = countReceipts();
    const all2xx = [
      ...warm.statuses,
      ...measured.flatMap((m) => m.run.statuses),
      ...fetchRun.statuses,
    ].every((s) => s >= 200 && s < 300);
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    const perRound = measured.map((m) => ({
      p50Ms: quantile(m.run.took, 0.5),
      p99Ms: quantile(m.run.took, 0.99),
      baselineP99Ms: quantile(m.floor.took, 0.99),
      serverCpuMs: m.serverCpuMs,
      baselineServerCpuMs: m.floorServerCpuMs,
      drainMs: m.drainMs,
    }));
    const pick = (key) => median(perRound.map((r) => r[key]));
    const p99 = pick('p99Ms');
    const total = orders.length;
    results[`${kind}Webhooks`] = {
      route: 'POST /api/payments/stripe/webhook',
      deliveries: count,
      events: rounds[0].orders.length,
      rounds: ROUNDS,
      all2xx,
      fulfilledOrders: fulfilled,
      seats,
      receipts,
      note: 'medians of the rounds; perRound has each',
      p50Ms: pick('p50Ms'),
      p99Ms: p99,
      baselineP99Ms: pick('baselineP99Ms'),
      serverCpuMs: pick('serverCpuMs'),
      baselineServerCpuMs: pick('baselineServerCpuMs'),
      drainMs: pick('drainMs'),
      warmDrainMs,
      perRound,
      coldP99Ms: quantile(warm.took, 0.99),
      baseline:
        '500 GET /healthz at once on the same server and client, just before each round (the floor of 500 simultaneous requests here)',
      drain:
        'from the first delivery of a round until its 100 orders are fulfilled and their receipts written',
      fetchClient: {
        note: 'the same with fetch (undici) on 100 other events, timed from the call of fetch',
        p50Ms: quantile(fetchRun.took, 0.5),
        p99Ms: quantile(fetchRun.took, 0.99),
        baselineP99Ms: quantile(fetchFloor.took, 0.99),
        clientCpuMs: Math.round(fetchRun.clientCpuMs),
      },
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      target: `all 2xx, exactly one fulfilment per event (${total} events: warm-up, ${ROUNDS} rounds, fetch), p99 < 100 ms`,
      met: all2xx && fulfilled === total && seats === total && receipts === total && p99 < 100,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await portal.stop();
    await pg?.drop();
    await fake.stop();
  }
}

/**
 * Issue 12 on one database: 10,000 learners polling messages every 10 s (1,000 requests/s for
 * 30 s), then 2,000 open streams on one process and the delay from a POST to every stream.
 */
async function messaging(kind) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chat-'));
  writeFileSync(path.join(contentDir, 'chat.json'), JSON.stringify(chatPack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const portal = await startPortal({
    port: 3931,
    env: {
      CONTENT_DIR: contentDir,
      DEFAULT_ORG: 'chatorg',
      RATE_LIMIT_SCALE: '1000',
      ...(pg && { DATABASE_URL: pg.url }),
    },
  });
  try {
    const who = await signInAll(portal.url);
    results[`${kind}MessagePolling`] = await pollAtFixedRate(who, { seconds: 30, rate: 1_000 });
    results[`${kind}MessageStreams`] = await streamFanOut(
      { baseUrl: portal.url, ...who },
      { count: 2_000, posts: 10, rssOf: portal.rssBytes },
    );
  } finally {
    await portal.stop();
    await pg?.drop();
  }
}

/**
 * Issue 17 on one database: a group's members page (2,000 members, 10 topics, stored progress),
 * seeded straight into the database once the pack is imported.
 */
async function groupMembers(kind) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-members-'));
  writeFileSync(path.join(contentDir, 'members.json'), JSON.stringify(membersPack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const sqliteFile = path.join(contentDir, 'members.db');
  const portal = await startPortal({
    port: 3957,
    env: {
      CONTENT_DIR: contentDir,
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: pg ? pg.url : `sqlite:${sqliteFile}`,
    },
  });
  try {
    if (pg) {
      const { default: pgLib } = await import('pg');
      const client = new pgLib.Client({ connectionString: pg.url });
      await client.connect();
      await client.query('begin');
      await seedMembers(
        async (text, params) => (await client.query(text, params)).rows,
        (i) => `$${i}`,
      );
      await client.query('commit');
      // Statistics, as autovacuum would gather after such a bulk insert: without them the
      // planner guesses one row per table and nests loops over 2,000 × 2,000 rows.
      await client.query('analyze');
      await client.end();
    } else {
      const { default: Sqlite } = await import('better-sqlite3');
      const db = new Sqlite(sqliteFile);
      db.pragma('busy_timeout = 5000');
      db.exec('begin');
      await seedMembers(
        async (text, params) =>
          /^\s*select/i.test(text)
            ? db.prepare(text).all(...params)
            : (db.prepare(text).run(...params), []),
        () => '?',
      );
      db.exec('commit');
      db.exec('analyze');
      db.close();
    }
    results[`${kind}GroupMembers`] = await timeMembers(portal.url, portal.cpuMs);
  } finally {
    await portal.stop();
    await pg?.drop();
  }
}

/**
 * Issue 27 on one database: a portal on the people pack whose data `seed` writes straight into
 * the database, then `time` measures it; the figures under `results[{kind}{name}]`.
 */
async function seededConsole(kind, { name, port, seed, time }) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), `portal-bench-${name.toLowerCase()}-`));
  writeFileSync(path.join(contentDir, 'people.json'), JSON.stringify(peoplePack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const sqliteFile = path.join(contentDir, 'bench.db');
  const portal = await startPortal({
    port,
    env: {
      CONTENT_DIR: contentDir,
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: pg ? pg.url : `sqlite:${sqliteFile}`,
    },
  });
  try {
    const started = Date.now();
    const seeded = await seedStraight({ pgUrl: pg?.url, sqliteFile }, seed);
    results[`${kind}${name}`] = {
      seeded: { ...seeded, ms: Date.now() - started },
      ...(await time(portal.url, portal.cpuMs)),
    };
  } finally {
    await portal.stop();
    await pg?.drop();
  }
}

/** The People screen over 100,000 accounts (search p95), a 50,000-row CSV checked and imported. */
const people = (kind) =>
  seededConsole(kind, { name: 'People', port: 3969, seed: seedPeople, time: timePeople });

/** The audit log's pages over 1,000,000 events (each console filter, and its second page). */
const auditLog = (kind) =>
  seededConsole(kind, { name: 'AuditLog', port: 3972, seed: seedAudit, time: timeAudit });

/**
 * Issue 28: the certificate PDF made in process (renderCertificatePdf alone, 3 × 200 renders),
 * then made on each download (SQLite: the database is not what costs).
 */
async function certificatePdf() {
  const out = execFileSync('npx', ['tsx', path.join(root, 'bench/certificate-render.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  results.certificateRender = JSON.parse(out.trim().split('\n').at(-1));
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-certificates-'));
  writeFileSync(path.join(contentDir, 'people.json'), JSON.stringify(peoplePack()));
  const sqliteFile = path.join(contentDir, 'certificates.db');
  const portal = await startPortal({
    port: 3971,
    env: {
      CONTENT_DIR: contentDir,
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: `sqlite:${sqliteFile}`,
    },
  });
  try {
    const seeded = await seedStraight({ sqliteFile }, seedCertificates);
    results.certificatePdf = await timeCertificatePdf(portal.url, seeded.ids);
  } finally {
    await portal.stop();
  }
}

/**
 * Issue 23 on one database: a group with 50 buyers' cohorts of 40 under it (the members view of
 * its coach and of a buyer), and the unread count of 2,351 learners at 500 requests/s, seeded
 * straight into the database once the pack is imported. Each figure runs 3 times.
 */
async function cohorts(kind) {
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cohorts-'));
  writeFileSync(path.join(contentDir, 'seats.json'), JSON.stringify(cohortsPack()));
  const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
  const sqliteFile = path.join(contentDir, 'cohorts.db');
  const portal = await startPortal({
    port: 3963,
    env: {
      CONTENT_DIR: contentDir,
      RATE_LIMIT_SCALE: '1000',
      DATABASE_URL: pg ? pg.url : `sqlite:${sqliteFile}`,
    },
  });
  try {
    const started = Date.now();
    const seeded = await seedStraight({ pgUrl: pg?.url, sqliteFile }, seedCohorts);
    const seededIn = Date.now() - started;
    results[`${kind}CohortMembers`] = {
      ...(await timeCohortMembers(portal.url, seeded, portal.cpuMs)),
      seeded: { ...seeded.counts, ms: seededIn },
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    results[`${kind}UnreadAtRate`] = {
      ...(await unreadAtFixedRate(portal.url, seeded, {
        rate: 500,
        seconds: 20,
        runs: 3,
        cpuMs: portal.cpuMs,
      })),
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
  } finally {
    await portal.stop();
    await pg?.drop();
  }
}

if (!only || only === 'org') await organisationVersusBare();
if (!only || only === 'floor') await requestFloor();
if (!only || only === 'metrics') await metricsCost();
if (!only || only === 'topic') {
  await topicVersusBare('sqlite');
  await topicVersusBare('postgres');
}
if (!only || only === 'formulas') formulaRecompute();
if (!only || only === 'sqlite') await perDatabase('sqlite');
if (!only || only === 'postgres') await perDatabase('postgres');
if (!only || only === 'messages') {
  await messaging('sqlite');
  await messaging('postgres');
}
if (!only || only === 'members') {
  await groupMembers('sqlite');
  await groupMembers('postgres');
}
if (!only || only === 'people') {
  await people('sqlite');
  await people('postgres');
}
if (!only || only === 'audit') {
  await auditLog('sqlite');
  await auditLog('postgres');
}
if (!only || only === 'certificate') await certificatePdf();
if (!only || only === 'notices') {
  // Issue 28: one group message, the day's digest to 10,000 members through real SMTP (in process).
  const out = execFileSync('npx', ['tsx', path.join(root, 'bench/notices.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  results.notices = JSON.parse(out.trim().split('\n').at(-1));
}
if (!only || only === 'cohorts') {
  await cohorts('sqlite');
  await cohorts('postgres');
}
if (only === 'cohorts-sqlite') await cohorts('sqlite');
if (only === 'cohorts-postgres') await cohorts('postgres');
if (!only || only === 'webhooks') {
  await webhookDeliveries('sqlite');
  await webhookDeliveries('postgres');
}
if (!only || only === 'studio') {
  results.studioSqlite = await studioBench('sqlite', { basePort: 3930 });
  results.studioPostgres = await studioBench('postgres', { basePort: 3935 });
}
if (!only || only === 'outage') results.postgresOutage = await databaseOutage();
if (!only || only === 'restart') results.rollingRestart = await rollingRestart();
if (!only || only === 'editor') results.editorKeystrokes = await editorKeystrokes();

console.log(
  '\nBenchmarks (loopback; autocannon with 50 connections for throughput, 8 concurrent requests for latency):',
);
for (const [name, r] of Object.entries(results)) console.log(`  ${name}: ${JSON.stringify(r)}`);
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench-results/latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);
