import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real, built server on loopback with its own data folder; resolves when ready.
 * `entry`: another server build to run (apps/server/dist/main.js by default).
 */
export async function startPortal({ port, env = {}, entry }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  // BENCH_PROFILE=<folder>: the server listens for the inspector, so that `profiled` can record
  // a CPU profile of the measured part of a scenario.
  const inspectPort = process.env.BENCH_PROFILE ? port + 1000 : undefined;
  const child = spawn(
    'node',
    [
      ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
      entry ?? path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    dataDir,
    inspectPort,
    /** The server's CPU time so far (user + system, ms; Linux, 10 ms steps). */
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
    },
    /** The server's resident memory now, in bytes (Linux). */
    rssBytes: () => {
      const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
      return Number(line[1]) * 1024;
    },
    stop: () => stopChild(child),
  };
}

export async function startBare({ port, jsonFile }) {
  const child = fork(path.join(root, 'bench/bare-server.mjs'), [String(port), jsonFile], {
    stdio: 'inherit',
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/bare`, pid: child.pid, stop: () => stopChild(child) };
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Requests per second and latency of one URL under load (autocannon, 50 connections; at most
 * `overallRate` requests per second in all when given). With
 * `perRequest(connection)`, each request gets what it answers (`body`, `path`, `headers`), made
 * in this process alike for every server; `connection` is the connection's number (0 to 49).
 */
export async function load(
  url,
  {
    duration = 8,
    connections = 50,
    headers = {},
    method = 'GET',
    body,
    perRequest,
    overallRate,
  } = {},
) {
  let nextConnection = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    method,
    ...(body && { body }),
    ...(overallRate && { overallRate }),
    ...(perRequest && {
      requests: [
        {
          method,
          setupRequest: (request, context) => {
            context.connection ??= nextConnection++ % connections;
            const own = perRequest(context.connection);
            return { ...request, ...own, headers: { ...request.headers, ...own.headers } };
          },
        },
      ],
    }),
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/** Latency percentiles of `count` requests made `concurrency` at a time (autocannon has no p95). */
export async function latencies(makeRequest, { count = 2_000, concurrency = 8 } = {}) {
  const times = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      const res = await makeRequest(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`request ${i} answered ${res.status}`);
      times.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const pick = (q) => Number(times[Math.floor(q * (times.length - 1))].toFixed(2));
  return { requests: count, concurrency, p50Ms: pick(0.5), p95Ms: pick(0.95), p99Ms: pick(0.99) };
}

/** A new PostgreSQL database on the machine's server, and a function that drops it. */
export async function createPostgresDatabase() {
  const { default: pg } = await import('pg');
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `portal_bench_${Date.now().toString(36)}`;
  const run = async (text) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function startBareUpsert({ port, databaseUrl }) {
  const child = fork(path.join(root, 'bench/bare-upsert-server.mjs'), [String(port), databaseUrl], {
    stdio: 'inherit',
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    url: `http://127.0.0.1:${port}/bare/learner-1`,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/**
 * Runs `seed(run, placeholder)` in one transaction on the database of `pgUrl` (PostgreSQL) or
 * `sqliteFile` (SQLite), straight into the tables (the server running on it reads them after),
 * then gathers the planner's statistics, as autovacuum or `analyze` would after such a bulk
 * insert. `run(sql, params)` runs one statement and answers its rows; `placeholder(n)` writes the
 * n-th parameter ($n or ?).
 */
export async function seedStraight({ pgUrl, sqliteFile }, seed) {
  if (pgUrl) {
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query('begin');
      const out = await seed(
        async (text, params) => (await client.query(text, params)).rows,
        (i) => `$${i}`,
      );
      await client.query('commit');
      await client.query('analyze');
      return out;
    } finally {
      await client.end();
    }
  }
  const { default: Sqlite } = await import('better-sqlite3');
  const db = new Sqlite(sqliteFile);
  try {
    db.pragma('busy_timeout = 5000');
    db.exec('begin');
    const out = await seed(
      async (text, params) =>
        /^\s*select/i.test(text)
          ? db.prepare(text).all(...params)
          : (db.prepare(text).run(...params), []),
      () => '?',
    );
    db.exec('commit');
    db.exec('analyze');
    return out;
  } finally {
    db.close();
  }
}

/**
 * Runs `measure` and, with BENCH_PROFILE=<folder> set, records the server's CPU profile while it
 * runs, written as `<folder>/<name>.cpuprofile` (open it in Chromium's DevTools).
 */
export async function profiled(portal, name, measure) {
  const folder = process.env.BENCH_PROFILE;
  if (!folder || !portal.inspectPort) return measure();
  const { default: WebSocket } = await import('ws');
  const [target] = await (await fetch(`http://127.0.0.1:${portal.inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 100 });
  await send('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await send('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    socket.close();
  }
}

/** The machine's cores, read before this process pins itself (which narrows what Node sees). */
const CORES = os.availableParallelism();

/**
 * Pins a process (all its threads) to `cpus` ("1", "0-1") with util-linux's taskset, where there
 * is one and at least two cores; answers whether it did. Used by the request-floor and /metrics
 * scenarios: the server on one core and autocannon on the other, instead of the scheduler
 * putting both on the same core at times (which moved one run against the next by up to 2× on
 * this machine). A server then has exactly one core, whatever else runs.
 */
export function pin(pid, cpus) {
  if (process.platform !== 'linux' || CORES < 2) return false;
  const run = spawnSync('taskset', ['-a', '-p', '-c', String(cpus), String(pid)], {
    stdio: 'ignore',
  });
  return run.status === 0;
}

/** Every core again, for the scenarios after a pinned one. */
export const unpin = (pid) => pin(pid, `0-${CORES - 1}`);

export const quartiles = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (f) => s[Math.round((s.length - 1) * f)];
  return { q1: at(0.25), median: at(0.5), q3: at(0.75) };
};

/**
 * Throughput of each URL against a baseline, by adjacent runs: `rounds` rounds of `duration`
 * seconds for each URL in turn (the order reversed every other round), each round's ratio taken
 * against the baseline run of the same round. The median ratio and its quartiles: the speed of
 * a shared machine drifts over seconds, and a ratio of runs made close together drifts less
 * than a ratio of means over the whole scenario.
 *
 * A name may stand for several URLs: as many processes of the same server. Two processes of one
 * build differ here by up to 15 %, for as long as they live (twinRatio, the /metrics scenario),
 * so one process per server measures its luck as much as its code. A name's figure in a round
 * is then the mean over its processes; `processRatios` gives each process's median ratio
 * against that of the baseline, its spread.
 */
export async function pairedRuns(urls, { baseline, rounds = 8, duration = 1 } = {}) {
  const groups = Object.fromEntries(
    Object.entries(urls).map(([name, list]) => [name, [list].flat()]),
  );
  const runs = Object.entries(groups).flatMap(([name, list]) =>
    list.map((url, index) => ({ name, index, url })),
  );
  // rps[name][process][round]
  const rps = Object.fromEntries(
    Object.entries(groups).map(([name, list]) => [name, list.map(() => [])]),
  );
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? runs : [...runs].reverse();
    for (const run of order) rps[run.name][run.index].push((await load(run.url, { duration })).rps);
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const perRound = (name) =>
    Array.from({ length: rounds }, (_, round) => mean(rps[name].map((p) => p[round])));
  const base = perRound(baseline);
  const round3 = (x) => Number(x.toFixed(3));
  const report = {};
  for (const name of Object.keys(groups)) {
    if (name === baseline) continue;
    const ratios = perRound(name).map((x, i) => x / base[i]);
    const { q1, median, q3 } = quartiles(ratios);
    report[name] = {
      ratios,
      ratio: round3(median),
      ratioQuartiles: [round3(q1), round3(q3)],
      rpsMedian: Math.round(quartiles(perRound(name)).median),
      ...(groups[name].length > 1 && {
        processRatios: rps[name].map((p) => round3(quartiles(p.map((x, i) => x / base[i])).median)),
      }),
    };
  }
  report[baseline] = {
    rpsMedian: Math.round(quartiles(base).median),
    ...(groups[baseline].length > 1 && {
      processRatios: rps[baseline].map((p) =>
        round3(quartiles(p.map((x, i) => x / base[i])).median),
      ),
    }),
  };
  return report;
}
