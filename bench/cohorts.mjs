// Issue 23's figures: the members view of a group with 50 buyers' cohorts under it, and the
// unread count (GET …/message/unread) of 2,000+ learners at a fixed rate (open loop).
import { hash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { quantile } from './burst.mjs';
import { latencies } from './lib.mjs';

export const COHORTS_ORG = 'seats';
export const PARENT = 'course';
export const BUNDLE = 'course-bundle';
export const COHORT_COUNT = 50;
export const COHORT_MEMBERS = 40;
/** The parent group's own members (buyers of one seat). */
export const PARENT_MEMBERS = 300;
export const TOPIC_COUNT = 6;
const PAGES = 5;
/** Per cohort: seats addressed and not used yet, seats addressed to no one, one revoked. */
const PENDING = 3;
const OPEN = 1;
const SEATS = COHORT_MEMBERS + PENDING + OPEN;
/** Private threads: parent members with one (with the coach), and per cohort (with its buyer). */
const PARENT_THREADS = 100;
const COHORT_THREADS = 12;
/** Group messages of the parent group and of each cohort; messages per private thread. */
const PARENT_MESSAGES = 300;
const COHORT_MESSAGES = 80;
const THREAD_MESSAGES = 4;
const PASSWORD = 'bench-password-1';
const DAY_MS = 86_400_000;

/** The organisation: messaging on, a bundle granting the parent group, its coach. */
export function cohortsPack() {
  const topics = Array.from({ length: TOPIC_COUNT }, (_, t) => ({
    _id: `topic-${t}`,
    name: `Topic ${t}`,
    visibility: 'Private',
    pages: Array.from({ length: PAGES }, (_, p) => ({
      _id: `topic-${t}-p${p}`,
      name: `Page ${p}`,
      fragments: [
        {
          _id: `topic-${t}-p${p}-f`,
          type: 'field',
          field: {
            _id: `t${t}p${p}`,
            name: `Question ${p}`,
            type: 'number',
            scoreWeight: 1,
            correctValue: p,
          },
        },
      ],
    })),
  }));
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: COHORTS_ORG,
      name: 'Seats bench',
      locales: ['en-US'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'Seats bench' },
      enableMessaging: true,
      constraints: {
        groupAdminMessagingOnly: false,
        messagingAllowed: true,
        maxTopicWorksheets: 3,
      },
    },
    topics,
    userGroups: [{ _id: PARENT, name: 'Course', topics: topics.map((t) => t._id) }],
    bundles: [
      {
        _id: BUNDLE,
        name: 'Course',
        price: 49,
        userGroup: PARENT,
        discountTiers: [{ minSeats: 5, percentOff: 10 }],
      },
    ],
    users: [
      {
        username: 'coach',
        email: 'coach@seats.example',
        password: PASSWORD,
        name: { first: 'Casey', last: 'Coach' },
        groups: [{ group: PARENT, role: 'admin' }],
      },
    ],
  };
}

/** A small deterministic generator (mulberry32): the same history on both databases. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows in statements of 500 (well under either database's limit on parameters). */
function inserter(run, placeholder) {
  return async (table, columns, rows) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      let n = 0;
      const values = chunk
        .map(() => `(${columns.map(() => placeholder(++n)).join(', ')})`)
        .join(', ');
      await run(`insert into ${table} (${columns.join(', ')}) values ${values}`, chunk.flat());
    }
  };
}

export const cohortId = (b) => `cohort-${b}`;

/**
 * What the organisation holds after a few weeks of sales, written straight into the tables the
 * server keeps it in (as the store, the invitations and the message routes would have), in one
 * transaction of the caller's:
 *
 * - PARENT_MEMBERS buyers of one seat, members of the parent group (a fulfilled order each);
 * - COHORT_COUNT buyers of SEATS seats, each the administrator of their cohort under the parent
 *   (user_groups row with parent_id, owner_id, origin 'purchase'; the order's cohort_id), with
 *   COHORT_MEMBERS members each joined by a used invitation, PENDING invitations addressed and
 *   not used, OPEN seats addressed to no one, one revoked invitation;
 * - a workbook and progress rows on every topic for every member (one worksheet each; every
 *   third member two), as the ProgressService writes them after saves;
 * - messages over the last 30 days: the parent's group messages (the coach and its members) and
 *   PARENT_THREADS private threads answered by the coach; each cohort's group messages (its buyer
 *   and members) and COHORT_THREADS threads answered by its buyer; read markers for most readers
 *   of most channels (most up to date, some behind, some never opened);
 * - a session for every learner (the token's sha256, as the server stores it).
 *
 * Answers the learners' tokens (`learners`: every member and buyer) and the buyers'.
 */
export async function seedCohorts(run, placeholder) {
  const insert = inserter(run, placeholder);
  const rnd = random(23);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const [{ id: orgId }] = await run(
    `select id from organisations where alias = ${placeholder(1)}`,
    [COHORTS_ORG],
  );
  const [{ id: coachId }] = await run(
    `select id from users where org_id = ${placeholder(1)} and username_key = ${placeholder(2)}`,
    [orgId, 'coach'],
  );
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const users = [];
  const memberships = [];
  const groups = [];
  const orders = [];
  const invites = [];
  const workbooks = [];
  const progress = [];
  const sessions = [];
  const learners = [];
  const buyers = [];
  const newId = () => randomBytes(16).toString('base64url');

  const person = (id, username, first, last, createdMs, company = '') => {
    users.push([
      id,
      orgId,
      username,
      username,
      `${username}@seats.example`,
      `${username}@seats.example`,
      null,
      first,
      last,
      company,
      0,
      iso(createdMs),
      iso(createdMs),
    ]);
    const token = randomBytes(32).toString('base64url');
    sessions.push([hash('sha256', token, 'hex'), id, orgId, iso(now), iso(now + 30 * DAY_MS)]);
    return token;
  };
  const order = (id, buyerId, quantity, atMs, cohort) => {
    const unit = 4900;
    const percentOff = quantity >= 5 ? 10 : 0;
    orders.push([
      id,
      orgId,
      buyerId,
      BUNDLE,
      JSON.stringify({ 'en-US': 'Course' }),
      PARENT,
      quantity,
      unit,
      percentOff,
      Math.round(quantity * unit * (1 - percentOff / 100)),
      'usd',
      'fulfilled',
      'local',
      null,
      'en-US',
      iso(atMs),
      iso(atMs),
      iso(atMs),
      cohort,
    ]);
  };
  const studies = (id, n, lastActiveMs) => {
    workbooks.push([
      orgId,
      id,
      '{"general":{"data":{},"fieldTimes":{},"completedPages":[]},"topics":{},"removedWorksheets":{}}',
      1,
      iso(lastActiveMs),
    ]);
    for (let t = 0; t < TOPIC_COUNT; t++)
      for (let w = 0; w < (n % 3 === 0 ? 2 : 1); w++) {
        const done = (n + t + w) % (PAGES + 1);
        progress.push([
          orgId,
          id,
          `topic-${t}`,
          w,
          done,
          PAGES,
          Math.max(0, done - 1),
          PAGES,
          iso(lastActiveMs),
        ]);
      }
  };

  // The parent group's own members: each bought one seat.
  const parentMembers = [];
  for (let k = 0; k < PARENT_MEMBERS; k++) {
    const id = `pm-${k}`;
    const joined = now - (20 + rnd() * 40) * DAY_MS;
    learners.push(person(id, `parent${k}`, 'Parent', String(k).padStart(4, '0'), joined));
    memberships.push([orgId, PARENT, id, 'member']);
    order(`order-p${k}`, id, 1, joined, null);
    studies(id, k, now - rnd() * 10 * DAY_MS);
    parentMembers.push(id);
  }

  // The buyers' cohorts.
  const cohorts = [];
  for (let b = 0; b < COHORT_COUNT; b++) {
    const buyerId = `buyer-${b}`;
    const bought = now - (35 + rnd() * 20) * DAY_MS;
    const token = person(buyerId, `buyer${b}`, 'Buyer', String(b), bought - DAY_MS, `Company ${b}`);
    learners.push(token);
    buyers.push(token);
    const cohort = cohortId(b);
    groups.push([
      orgId,
      cohort,
      1_000_000 + b,
      JSON.stringify({ _id: cohort, name: { 'en-US': `Company ${b} · Course` } }),
      PARENT,
      buyerId,
      'purchase',
    ]);
    memberships.push([orgId, cohort, buyerId, 'admin']);
    const orderId = `order-c${b}`;
    order(orderId, buyerId, SEATS, bought, cohort);
    const members = [];
    for (let k = 0; k < COHORT_MEMBERS; k++) {
      const id = `cm-${b}-${k}`;
      const username = `c${b}m${k}`;
      const joined = bought + (1 + rnd() * 10) * DAY_MS;
      learners.push(person(id, username, `Member${b}`, String(k).padStart(3, '0'), joined));
      memberships.push([orgId, cohort, id, 'member']);
      invites.push([
        newId(),
        orgId,
        cohort,
        `${username}@seats.example`,
        iso(bought),
        id,
        iso(joined),
        orderId,
        null,
      ]);
      studies(id, b * COHORT_MEMBERS + k, now - rnd() * 10 * DAY_MS);
      members.push(id);
    }
    for (let j = 0; j < PENDING; j++)
      invites.push([
        newId(),
        orgId,
        cohort,
        `invited${b}-${j}@elsewhere.example`,
        iso(bought),
        null,
        null,
        orderId,
        null,
      ]);
    for (let j = 0; j < OPEN; j++)
      invites.push([newId(), orgId, cohort, null, iso(bought), null, null, orderId, null]);
    invites.push([
      newId(),
      orgId,
      cohort,
      `changed${b}@elsewhere.example`,
      iso(bought),
      null,
      null,
      orderId,
      iso(bought + DAY_MS),
    ]);
    cohorts.push({ id: cohort, buyerId, members });
  }

  // Messages, newest last in each channel, and the readers' markers.
  const messages = [];
  const threads = [];
  const reads = [];
  const history = now - 30 * DAY_MS;
  /** A channel's messages: `authors()` picks each author; times spread over the history. */
  const channel = (groupId, threadId, count, authors, readers, { adminReaders = [] } = {}) => {
    const times = Array.from({ length: count }, () => history + rnd() * (now - 60_000 - history));
    times.sort((a, b) => a - b);
    times.forEach((at, i) =>
      messages.push([
        newId(),
        orgId,
        groupId,
        authors(i),
        threadId,
        `Message ${i} of ${groupId}/${threadId || 'group'}`,
        threadId ? 1 : 0,
        iso(at),
      ]),
    );
    const last = times[times.length - 1];
    threads.push([orgId, groupId, threadId, iso(last)]);
    // Most readers are up to date; some are behind (a few messages unread); a few never opened it.
    for (const reader of readers) {
      const r = rnd();
      const upToDate = adminReaders.includes(reader) ? 0.85 : 0.7;
      if (r < upToDate) reads.push([orgId, reader, groupId, threadId, iso(last + 1_000)]);
      else if (r < 0.92) {
        const behind = times[Math.max(0, count - 1 - Math.ceil(rnd() * Math.min(8, count)))];
        reads.push([orgId, reader, groupId, threadId, iso(behind)]);
      }
    }
  };
  const everyOther = (a, b) => (i) => (i % 2 ? b : a);
  channel(
    PARENT,
    '',
    PARENT_MESSAGES,
    (i) => (i % 3 === 0 ? coachId : pick(parentMembers)),
    [coachId, ...parentMembers],
    { adminReaders: [coachId] },
  );
  for (const m of parentMembers.slice(0, PARENT_THREADS))
    channel(PARENT, m, THREAD_MESSAGES, everyOther(m, coachId), [m, coachId], {
      adminReaders: [coachId],
    });
  for (const c of cohorts) {
    channel(
      c.id,
      '',
      COHORT_MESSAGES,
      (i) => (i % 4 === 0 ? c.buyerId : pick(c.members)),
      [c.buyerId, coachId, ...c.members],
      { adminReaders: [c.buyerId, coachId] },
    );
    for (const m of c.members.slice(0, COHORT_THREADS))
      channel(c.id, m, THREAD_MESSAGES, everyOther(m, c.buyerId), [m, c.buyerId, coachId], {
        adminReaders: [c.buyerId, coachId],
      });
  }

  await insert(
    'users',
    [
      'id',
      'org_id',
      'username',
      'username_key',
      'email',
      'email_key',
      'password_hash',
      'first_name',
      'last_name',
      'company',
      'from_pack',
      'created_at',
      'updated_at',
    ],
    users,
  );
  await insert(
    'user_groups',
    ['org_id', 'id', 'position', 'data', 'parent_id', 'owner_id', 'origin'],
    groups,
  );
  await insert('user_group_members', ['org_id', 'group_id', 'user_id', 'role'], memberships);
  await insert(
    'orders',
    [
      'id',
      'org_id',
      'user_id',
      'bundle_id',
      'bundle_name',
      'user_group_id',
      'quantity',
      'unit_cents',
      'percent_off',
      'total_cents',
      'currency',
      'status',
      'provider',
      'provider_session_id',
      'locale',
      'created_at',
      'updated_at',
      'fulfilled_at',
      'cohort_id',
    ],
    orders,
  );
  await insert(
    'invites',
    [
      'id',
      'org_id',
      'group_id',
      'email_key',
      'created_at',
      'used_by',
      'used_at',
      'order_id',
      'revoked_at',
    ],
    invites,
  );
  await insert('workbooks', ['org_id', 'user_id', 'data', 'version', 'updated_at'], workbooks);
  await insert(
    'worksheet_progress',
    [
      'org_id',
      'user_id',
      'topic_id',
      'worksheet_index',
      'completed_pages',
      'pages',
      'score',
      'total',
      'updated_at',
    ],
    progress,
  );
  await insert(
    'messages',
    ['id', 'org_id', 'group_id', 'author_id', 'thread_id', 'body', 'is_private', 'created_at'],
    messages,
  );
  await insert('message_threads', ['org_id', 'group_id', 'thread_id', 'last_at'], threads);
  await insert(
    'message_reads',
    ['org_id', 'account_id', 'group_id', 'thread_id', 'read_at'],
    reads,
  );
  await insert(
    'sessions',
    ['token_hash', 'user_id', 'org_id', 'created_at', 'expires_at'],
    sessions,
  );
  return {
    learners,
    buyers,
    counts: {
      accounts: users.length + 1,
      invitations: invites.length,
      progressRows: progress.length,
      messages: messages.length,
      channels: threads.length,
      readMarkers: reads.length,
    },
  };
}

async function login(api, username) {
  const res = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login of ${username} answered ${res.status}`);
  return token;
}

const range = (runs, key) => {
  const xs = runs.map((r) => r[key]);
  return [Math.min(...xs), Math.max(...xs)];
};

/**
 * The members view, one request at a time: the coach (the parent group's administrator) asks
 * the parent group's (its PARENT_MEMBERS members, its 50 cohorts, its invitations: default
 * paging), and one buyer asks their cohort's; `runs` runs of `count` requests each, after a
 * warm-up.
 */
export async function timeCohortMembers(baseUrl, seeded, cpuMs, { runs = 3, count = 300 } = {}) {
  const api = `${baseUrl}/api/org/${COHORTS_ORG}`;
  const coach = await login(api, 'coach');
  const buyerIndex = 7;
  const views = {
    parent: {
      url: `${api}/userGroup/${PARENT}/members`,
      headers: { authorization: `Bearer ${coach}` },
      check: (a) =>
        a.count === PARENT_MEMBERS &&
        a.members.length === 100 &&
        a.topics.length === TOPIC_COUNT &&
        a.cohorts.length === COHORT_COUNT &&
        a.cohorts.every(
          (c) =>
            c.members === COHORT_MEMBERS &&
            c.seats.bought === SEATS &&
            c.seats.used === COHORT_MEMBERS,
        ),
    },
    cohort: {
      url: `${api}/userGroup/${cohortId(buyerIndex)}/members`,
      headers: { authorization: `Bearer ${seeded.buyers[buyerIndex]}` },
      check: (a) =>
        a.count === COHORT_MEMBERS &&
        a.topics.length === TOPIC_COUNT &&
        a.cohorts.length === 0 &&
        a.seats.bought === SEATS &&
        a.seats.used === COHORT_MEMBERS &&
        a.inviteCounts.pending === PENDING &&
        a.inviteCounts.open === OPEN,
    },
  };
  const result = {
    parentMembers: PARENT_MEMBERS,
    cohorts: COHORT_COUNT,
    cohortMembers: COHORT_MEMBERS,
    topics: TOPIC_COUNT,
  };
  for (const [name, view] of Object.entries(views)) {
    const first = await fetch(view.url, { headers: view.headers });
    const answer = await first.json();
    if (!first.ok)
      throw new Error(`${name} members answered ${first.status}: ${JSON.stringify(answer)}`);
    if (!view.check(answer))
      throw new Error(
        `unexpected ${name} members answer: ${answer.count} members, ${answer.cohorts?.length} cohorts, seats ${JSON.stringify(answer.seats)}, invites ${JSON.stringify(answer.inviteCounts)}`,
      );
    result[name] = { answerBytes: JSON.stringify(answer).length, runs: [] };
    await latencies(() => fetch(view.url, { headers: view.headers }), {
      count: 100,
      concurrency: 1,
    });
  }
  // The two views alternate run by run, so that drift on a shared machine hits both alike.
  for (let r = 0; r < runs; r++)
    for (const [name, view] of Object.entries(views)) {
      const cpuBefore = cpuMs();
      const timed = await latencies(() => fetch(view.url, { headers: view.headers }), {
        count,
        concurrency: 1,
      });
      result[name].runs.push({
        p50Ms: timed.p50Ms,
        p95Ms: timed.p95Ms,
        p99Ms: timed.p99Ms,
        serverCpuMsPerRequest: Number(((cpuMs() - cpuBefore) / count).toFixed(1)),
        loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
      });
    }
  for (const name of Object.keys(views)) {
    const r = result[name];
    r.requestsPerRun = count;
    r.p50MsRange = range(r.runs, 'p50Ms');
    r.p95MsRange = range(r.runs, 'p95Ms');
    r.p99MsRange = range(r.runs, 'p99Ms');
  }
  const floor = await latencies(() => fetch(`${baseUrl}/healthz`), { count: 300, concurrency: 1 });
  result.healthzFloor = { p50Ms: floor.p50Ms, p95Ms: floor.p95Ms };
  result.target = 'p95 < 50 ms (each view, every run)';
  result.met = result.parent.p95MsRange[1] < 50 && result.cohort.p95MsRange[1] < 50;
  return result;
}

/**
 * Open loop: one request every 1/rate s for `seconds`, whatever the answers (autocannon's
 * `overallRate` sends each connection's share of a second back to back, then waits for the next
 * second: bursts, not a rate). Latency runs from the moment a request is written; `lateMs` is how
 * far behind its slot the sender wrote it (this process's own delays), `fromSlotP99Ms` the p99
 * counted from the slot (what a learner would see if the sender were never late).
 */
async function openLoop(url, { rate, seconds, headersOf }) {
  const { hostname, port, pathname } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const times = [];
  const fromSlot = [];
  let late = 0;
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  let lastDone = 0;
  const fire = (i, slot) =>
    new Promise((resolve) => {
      const sentAt = performance.now();
      late = Math.max(late, sentAt - slot);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = (ok) => {
        inFlight -= 1;
        const at = performance.now();
        lastDone = at;
        if (ok) {
          times.push(at - sentAt);
          fromSlot.push(at - slot);
        }
        resolve();
      };
      const req = http.get(
        { hostname, port, path: pathname, agent, headers: headersOf(i), timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) non2xx += 1;
            done(res.statusCode === 200);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        done(false);
      });
    });
  const pending = [];
  const start = performance.now();
  await new Promise((resolve) => {
    let sent = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) {
        pending.push(fire(sent, start + sent * interval));
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  times.sort((a, b) => a - b);
  fromSlot.sort((a, b) => a - b);
  const elapsed = (lastDone - start) / 1000;
  return {
    requests: total,
    achievedRps: Math.round(times.length / elapsed),
    errors,
    non2xx,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    p99Ms: quantile(times, 0.99),
    maxMs: quantile(times, 1),
    fromSlotP99Ms: quantile(fromSlot, 0.99),
    lateMs: Number(late.toFixed(1)),
    maxInFlight,
  };
}

/**
 * GET …/message/unread at a fixed `rate` for `seconds`, `runs` times, each request with the
 * token of the next learner in a shuffled list of every member and buyer (and the coach), while
 * learners keep posting (a group message in their cohort, or in their private thread) and opening
 * what they had not read, a few times a second.
 */
export async function unreadAtFixedRate(
  baseUrl,
  seeded,
  { rate = 500, seconds = 20, runs = 3, cpuMs } = {},
) {
  const api = `${baseUrl}/api/org/${COHORTS_ORG}`;
  const coach = await login(api, 'coach');
  const rnd = random(7);
  const tokens = [...seeded.learners, coach];
  for (let i = tokens.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
  }
  const url = `${api}/message/unread`;
  const get = async (token) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (!res.ok) throw new Error(`unread answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const coachAnswer = await get(coach);
  if (coachAnswer.groups.length !== COHORT_COUNT + 1)
    throw new Error(`the coach's unread lists ${coachAnswer.groups.length} groups`);
  const memberAnswer = await get(seeded.learners[PARENT_MEMBERS + 1 + 5]);
  if (memberAnswer.groups.length !== 1)
    throw new Error(`a cohort member's unread lists ${memberAnswer.groups.length} groups`);
  const unreadTotals = await Promise.all(
    seeded.learners
      .slice(0, 400)
      .map(async (t) => (await get(t)).groups.reduce((s, g) => s + g.unread, 0)),
  );

  // Learners' activity alongside, every 250 ms: a member posts (to their cohort, or every third
  // time in their own thread), and another member of that cohort opens its messages.
  const members = seeded.learners.filter(
    (_, i) => i >= PARENT_MEMBERS && (i - PARENT_MEMBERS) % (COHORT_MEMBERS + 1) !== 0,
  );
  let activityErrors = 0;
  let posts = 0;
  const act = async (i) => {
    const n = Math.floor(rnd() * COHORT_COUNT * COHORT_MEMBERS);
    const b = Math.floor(n / COHORT_MEMBERS);
    const token = members[n];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    try {
      const res = await fetch(`${api}/userGroup/${cohortId(b)}/message`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body: `During the load ${i}`, isPrivate: i % 3 === 0 }),
      });
      await res.arrayBuffer();
      if (!res.ok) activityErrors += 1;
      else posts += 1;
      const other = members[b * COHORT_MEMBERS + ((n + 1) % COHORT_MEMBERS)];
      const read = await fetch(`${api}/userGroup/${cohortId(b)}/message/read`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
        body: '{}',
      });
      await read.arrayBuffer();
      if (!read.ok) activityErrors += 1;
    } catch {
      activityErrors += 1;
    }
  };

  let next = 0;
  const headersOf = () => ({ authorization: `Bearer ${tokens[next++ % tokens.length]}` });
  await openLoop(url, { rate, seconds: 3, headersOf });
  const results = [];
  for (let r = 0; r < runs; r++) {
    let i = 0;
    const activity = [];
    const timer = setInterval(() => activity.push(act(r * 1_000 + i++)), 250);
    try {
      const cpuBefore = cpuMs?.();
      const run = await openLoop(url, { rate, seconds, headersOf });
      results.push({
        ...run,
        // The server's own CPU per request (its process; with the activity alongside), and how
        // busy the machine was: what other processes leave it decides the tail.
        ...(cpuMs && {
          serverCpuMsPerRequest: Number(((cpuMs() - cpuBefore) / run.requests).toFixed(2)),
        }),
        loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
      });
    } finally {
      clearInterval(timer);
      await Promise.all(activity);
    }
  }
  // A post is counted at once for the others of its cohort (and not for its author).
  const [author, reader] = [members[3 * COHORT_MEMBERS], members[3 * COHORT_MEMBERS + 1]];
  const countOf = async (token) =>
    (await get(token)).groups.find((g) => g.groupId === cohortId(3))?.group ?? 0;
  await fetch(`${api}/userGroup/${cohortId(3)}/message/read`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
    body: '{}',
  });
  const [readerBefore, authorBefore] = [await countOf(reader), await countOf(author)];
  const posted = await fetch(`${api}/userGroup/${cohortId(3)}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${author}` },
    body: JSON.stringify({ body: 'After the load' }),
  });
  await posted.arrayBuffer();
  const postCounted =
    posted.ok &&
    readerBefore === 0 &&
    (await countOf(reader)) === 1 &&
    (await countOf(author)) === authorBefore;
  const bad = results.some((r) => r.errors || r.non2xx);
  return {
    route: 'GET /api/org/{org}/message/unread',
    learners: tokens.length,
    rate,
    seconds,
    runs: results,
    p50MsRange: range(results, 'p50Ms'),
    p95MsRange: range(results, 'p95Ms'),
    p99MsRange: range(results, 'p99Ms'),
    achievedRpsRange: range(results, 'achievedRps'),
    postsDuringLoad: posts,
    activityErrors,
    postCounted,
    unreadBefore: {
      coachGroups: coachAnswer.groups.length,
      coachTotal: coachAnswer.groups.reduce((s, g) => s + g.unread, 0),
      learnersWithUnread: `${unreadTotals.filter((n) => n > 0).length} of ${unreadTotals.length}`,
    },
    target: 'p99 < 20 ms at 500 requests/s (every run), no errors',
    met: !bad && !activityErrors && postCounted && results.every((r) => r.p99Ms < 20),
  };
}
