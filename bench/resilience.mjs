// Issue 16: a database outage under load, and a rolling restart under 200 requests a second
// (`npm run bench -- outage`, `npm run bench -- restart`). Both on PostgreSQL, against the build.
import net from 'node:net';
import { createPostgresDatabase, startPortal } from './lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A TCP proxy in front of PostgreSQL: `forward`, `refuse` (connections closed at once) or `stall`
 * (accepted, never answered; open connections stop too, and stay stalled).
 */
async function startProxy(target) {
  let mode = 'forward';
  const links = new Set();
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    const link = { client, upstream: null, stalled: mode === 'stall' };
    links.add(link);
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    if (link.stalled) return client.on('data', () => {});
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (c) => !link.stalled && upstream.write(c));
    upstream.on('data', (c) => !link.stalled && client.write(c));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    setMode(next) {
      mode = next;
      for (const link of links)
        if (next === 'refuse') {
          link.client.destroy();
          link.upstream?.destroy();
        } else if (next === 'stall') link.stalled = true;
    },
    close: () =>
      new Promise((r) => {
        for (const link of links) link.client.destroy();
        server.close(r);
      }),
  };
}

/** A save of one field (emptyWorkbook() with setFieldValue(), as the web app sends). */
const workbookWith = (field, value) => {
  const at = new Date().toISOString();
  return {
    workbook: {
      general: {
        data: { [field]: value },
        fieldTimes: { [field]: at },
        completedPages: [],
        updatedAt: at,
      },
      topics: {},
      history: null,
      removedWorksheets: {},
    },
  };
};

async function signUp(base, count, prefix) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/org/doughmain/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@example.com`,
        password: 'resilience-pass-1',
      }),
    });
    if (!res.ok) throw new Error(`signup: ${res.status} ${await res.text()}`);
    tokens.push((await res.json()).token);
  }
  return tokens;
}

/** Which acknowledged saves a server does not have. */
async function missingSaves(base, tokens, acknowledged) {
  let missing = 0;
  for (let who = 0; who < tokens.length; who++) {
    const res = await fetch(`${base}/api/org/doughmain/workbook`, {
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    const data = (await res.json()).workbook.workbook.general.data;
    for (const save of acknowledged)
      if (save.who === who && data[save.field] !== save.value) missing++;
  }
  return missing;
}

/**
 * PostgreSQL goes away for 10 s (stalled, then in a second run refused) under the load of 16
 * learners saving in a loop: how long until requests answer 503 and /readyz says so, how long
 * until saves go through once it is back, what else was answered, and whether any acknowledged
 * save is missing afterwards (read by a fresh server on a direct connection).
 */
export async function databaseOutage() {
  const pg = await createPostgresDatabase();
  const admin = new URL(pg.url);
  const proxy = await startProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  const viaProxy = new URL(pg.url);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const portal = await startPortal({
    port: 3961,
    env: { DATABASE_URL: viaProxy.toString(), RATE_LIMIT_SCALE: '100', LOG_LEVEL: 'error' },
  });
  const results = {};
  try {
    const tokens = await signUp(portal.url, 16, `outage${Date.now().toString(36)}`);
    for (const mode of ['stall', 'refuse']) {
      const acknowledged = [];
      const statuses = {};
      let n = 0;
      let running = true;
      let outageAt = 0;
      let backAt = 0;
      let first503 = 0;
      let firstOkAfter = 0;
      let slowestMs = 0;
      const loops = tokens.map(async (token, who) => {
        while (running) {
          const j = n++;
          const field = `${mode}${j}`;
          const sentAt = performance.now();
          let status;
          try {
            const res = await fetch(`${portal.url}/api/org/doughmain/workbook`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(workbookWith(field, j)),
              signal: AbortSignal.timeout(60_000),
            });
            await res.arrayBuffer();
            status = res.status;
          } catch {
            status = -1;
          }
          const now = performance.now();
          slowestMs = Math.max(slowestMs, now - sentAt);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 200) {
            acknowledged.push({ who, field, value: j });
            if (backAt && !firstOkAfter && sentAt >= backAt) firstOkAfter = now;
          } else {
            if (status === 503 && outageAt && !first503) first503 = now;
            await sleep(100);
          }
        }
      });
      await sleep(2_000);
      outageAt = performance.now();
      proxy.setMode(mode);
      let readyzDownMs = null;
      for (let i = 0; i < 100 && readyzDownMs === null; i++) {
        const res = await fetch(`${portal.url}/readyz`);
        if (res.status === 503) readyzDownMs = Math.round(performance.now() - outageAt);
        else await sleep(50);
      }
      await sleep(Math.max(0, 10_000 - (performance.now() - outageAt)));
      backAt = performance.now();
      proxy.setMode('forward');
      let readyzBackMs = null;
      while (readyzBackMs === null && performance.now() - backAt < 60_000) {
        if ((await fetch(`${portal.url}/readyz`)).ok)
          readyzBackMs = Math.round(performance.now() - backAt);
        else await sleep(50);
      }
      while (!firstOkAfter && performance.now() - backAt < 60_000) await sleep(20);
      await sleep(2_000);
      running = false;
      await Promise.all(loops);
      results[mode] = {
        outageSeconds: 10,
        timeTo503Ms: first503 ? Math.round(first503 - outageAt) : null,
        readyzTo503Ms: readyzDownMs,
        timeToRecoverMs: firstOkAfter ? Math.round(firstOkAfter - backAt) : null,
        readyzRecoverMs: readyzBackMs,
        slowestAnswerMs: Math.round(slowestMs),
        statuses,
        acknowledged: acknowledged.length,
        _acknowledged: acknowledged,
      };
    }
    // Read back through a server on a direct connection (nothing cached).
    await portal.stop();
    const fresh = await startPortal({
      port: 3962,
      env: { DATABASE_URL: pg.url, RATE_LIMIT_SCALE: '100', LOG_LEVEL: 'error' },
    });
    try {
      for (const r of Object.values(results)) {
        r.savesLost = await missingSaves(fresh.url, tokens, r._acknowledged);
        delete r._acknowledged;
      }
    } finally {
      await fresh.stop();
    }
    return { ...results, target: '503 within a bounded time, recovers by itself, 0 saves lost' };
  } finally {
    await portal.stop();
    await proxy.close();
    await pg.drop();
  }
}

/**
 * Two servers on one PostgreSQL database under 200 requests a second (half saves, half reads),
 * balanced round robin; each in turn gets SIGTERM and is started again. A refused connection
 * or a 503 sends the request to the other server, as a load balancer does. Counted: answers by
 * status, requests that failed on both, and acknowledged saves missing afterwards.
 */
export async function rollingRestart() {
  const pg = await createPostgresDatabase();
  const env = { DATABASE_URL: pg.url, RATE_LIMIT_SCALE: '100', LOG_LEVEL: 'error' };
  const ports = [3963, 3964];
  const servers = [];
  servers[0] = await startPortal({ port: ports[0], env });
  servers[1] = await startPortal({ port: ports[1], env });
  const base = (i) => `http://127.0.0.1:${ports[i]}`;
  try {
    const tokens = await signUp(base(0), 20, `roll${Date.now().toString(36)}`);
    const acknowledged = [];
    const statuses = {};
    let retried = 0;
    let failed = 0;
    const down = new Set();
    let next = 0;
    const pick = () => {
      for (let k = 0; k < 2; k++) {
        const i = next++ % 2;
        if (!down.has(i)) return i;
      }
      return next++ % 2;
    };
    const send = async (j) => {
      const who = j % tokens.length;
      const isSave = j % 2 === 0;
      const field = `r${j}`;
      const init = isSave
        ? {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
            body: JSON.stringify(workbookWith(field, j)),
          }
        : { headers: { authorization: `Bearer ${tokens[who]}` } };
      for (let attempt = 0; attempt < 5; attempt++) {
        const i = pick();
        try {
          const res = await fetch(`${base(i)}/api/org/doughmain/workbook`, init);
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200 && isSave) acknowledged.push({ who, field, value: j });
          if (res.status !== 503) return;
        } catch {
          down.add(i);
          setTimeout(() => down.delete(i), 300).unref();
        }
        retried++;
        await sleep(20);
      }
      failed++;
    };
    let running = true;
    let sent = 0;
    const inFlight = new Set();
    const started = performance.now();
    const driver = (async () => {
      while (running) {
        const due = Math.floor(((performance.now() - started) / 1_000) * 200);
        while (sent < due && inFlight.size < 256) {
          const p = send(sent++).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        await sleep(2);
      }
      await Promise.all(inFlight);
    })();
    await sleep(3_000);
    for (const i of [0, 1]) {
      await servers[i].stop();
      servers[i] = await startPortal({ port: ports[i], env });
      await sleep(3_000);
    }
    running = false;
    await driver;
    const seconds = (performance.now() - started) / 1_000;
    const non503Errors =
      Object.entries(statuses)
        .filter(([s]) => Number(s) >= 500 && Number(s) !== 503)
        .reduce((sum, [, c]) => sum + c, 0) + failed;
    return {
      seconds: Number(seconds.toFixed(1)),
      requestsPerSecond: Math.round(sent / seconds),
      statuses,
      retriedOnTheOther: retried,
      non503Errors,
      acknowledgedSaves: acknowledged.length,
      savesLost: await missingSaves(base(0), tokens, acknowledged),
      target: 'non-503 errors 0, saves lost 0',
    };
  } finally {
    await Promise.all(servers.map((s) => s?.stop()));
    await pg.drop();
  }
}
