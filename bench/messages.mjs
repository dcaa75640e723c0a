// Issue 12's figures: polling GET …/message at a fixed rate, and delivery to many open streams.
import net from 'node:net';
import autocannon from 'autocannon';
import { quantile } from './burst.mjs';

export const CHAT_ORG = 'chatorg';
export const CHAT_GROUP = 'cohort';
// 2,000 streams at most 10 per account (STREAMS_PER_ACCOUNT, issue 24): 200 members, so that no
// stream of the fan-out is closed as replaced (with 50, three in four were, and never counted).
export const CHAT_MEMBERS = 200;
const PASSWORD = 'bench-password-1';

/** An organisation with messaging on and one group of CHAT_MEMBERS members and an administrator. */
export function chatPack() {
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: CHAT_ORG,
      name: 'Chat bench',
      locales: ['en-US'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'Chat bench' },
      enableMessaging: true,
      constraints: {
        groupAdminMessagingOnly: false,
        messagingAllowed: true,
        maxTopicWorksheets: 3,
      },
    },
    topics: [],
    userGroups: [{ _id: CHAT_GROUP, name: 'Cohort', topics: [] }],
    users: [
      {
        username: 'coach',
        email: 'coach@chat.example',
        password: PASSWORD,
        name: { first: 'Casey', last: 'Coach' },
        groups: [{ group: CHAT_GROUP, role: 'admin' }],
      },
      ...Array.from({ length: CHAT_MEMBERS }, (_, i) => ({
        username: `member${i}`,
        email: `member${i}@chat.example`,
        password: PASSWORD,
        name: { first: 'Member', last: String(i) },
        groups: [{ group: CHAT_GROUP, role: 'member' }],
      })),
    ],
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

export async function signInAll(baseUrl) {
  const api = `${baseUrl}/api/org/${CHAT_ORG}`;
  const coach = await login(api, 'coach');
  const members = [];
  for (let i = 0; i < CHAT_MEMBERS; i++) members.push(await login(api, `member${i}`));
  return { api, coach, members };
}

async function post(api, token, body, isPrivate = false) {
  const res = await fetch(`${api}/userGroup/${CHAT_GROUP}/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ body, isPrivate }),
  });
  if (!res.ok) throw new Error(`post answered ${res.status}: ${await res.text()}`);
  return (await res.json()).message;
}

/**
 * 10,000 learners polling every 10 s: GET …/message at a fixed 1,000 requests/s for `seconds`,
 * each request with one of the members' tokens, on a group holding a few pages of messages.
 */
export async function pollAtFixedRate({ api, coach, members }, { seconds = 30, rate = 1_000 }) {
  for (let i = 0; i < 120; i++)
    await post(api, i % 2 ? coach : members[i % members.length], `m${i}`);
  const url = `${api}/userGroup/${CHAT_GROUP}/message?page=1&limit=50`;
  let next = 0;
  const run = (duration) =>
    autocannon({
      url,
      connections: 100,
      overallRate: rate,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${members[next++ % members.length]}`,
            },
          }),
        },
      ],
    });
  await run(3);
  const result = await run(seconds);
  return {
    route: 'GET /api/org/{org}/userGroup/{groupId}/message (page of 50)',
    rate,
    seconds,
    requests: result.requests.total,
    averageRps: Math.round(result.requests.average),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    target: 'p99 < 100 ms, no errors',
    met: result.latency.p99 < 100 && !result.errors && !result.non2xx && !result.timeouts,
  };
}

/** Opens one stream on a raw socket; calls `onMessage(id)` for each `event: message`. */
function openStream(baseUrl, token, onMessage) {
  const { hostname, port, host } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/org/${CHAT_ORG}/userGroup/${CHAT_GROUP}/message/stream HTTP/1.1\r\n` +
          `host: ${host}\r\naccept: text/event-stream\r\nauthorization: Bearer ${token}\r\n\r\n`,
      );
    });
    let buffer = '';
    let open = false;
    // An id line seen in an event whose blank line had not arrived is seen again with the next chunk.
    const seen = new Set();
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      const at = performance.now();
      buffer += chunk;
      if (!open) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!/^HTTP\/1\.1 200/.test(buffer)) return reject(new Error(buffer.split('\r\n')[0]));
        open = true;
        buffer = buffer.slice(end + 4);
        resolve(socket);
      }
      // Chunked transfer: the id lines are found whatever the chunk framing around them.
      let match;
      const idLine = /\nid: ([^\r\n]+)/g;
      while ((match = idLine.exec(`\n${buffer}`)))
        if (!seen.has(match[1])) {
          seen.add(match[1]);
          onMessage(match[1], at);
        }
      const last = buffer.lastIndexOf('\n\n');
      if (last >= 0) buffer = buffer.slice(last + 2);
    });
    socket.once('error', reject);
  });
}

/**
 * `count` streams on one process; then `posts` messages, one at a time: for each, the time from
 * the POST's answer to its arrival on every stream.
 */
export async function streamFanOut(
  { baseUrl, api, coach, members },
  { count = 2_000, posts = 10, rssOf },
) {
  const arrivals = new Map();
  const rssBefore = rssOf();
  const sockets = [];
  for (let i = 0; i < count; i += 100) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, count - i) }, (_, j) =>
          openStream(baseUrl, members[(i + j) % members.length], (id, at) => {
            const list = arrivals.get(id) ?? [];
            list.push(at);
            arrivals.set(id, list);
          }),
        ),
      )),
    );
  }
  await new Promise((r) => setTimeout(r, 1_000));
  const rssAfter = rssOf();
  const delays = [];
  let complete = 0;
  for (let i = 0; i < posts; i++) {
    const message = await post(api, coach, `fan-out ${i}`);
    const answeredAt = performance.now();
    const until = Date.now() + 5_000;
    while ((arrivals.get(message._id)?.length ?? 0) < count && Date.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    const got = arrivals.get(message._id) ?? [];
    if (got.length === count) complete += 1;
    for (const at of got) delays.push(Math.max(0, at - answeredAt));
    await new Promise((r) => setTimeout(r, 200));
  }
  for (const socket of sockets) socket.destroy();
  delays.sort((a, b) => a - b);
  if (!delays.length) throw new Error('no message reached any stream');
  const p99 = quantile(delays, 0.99);
  return {
    streams: count,
    posts,
    postsDeliveredToEveryStream: complete,
    deliveries: delays.length,
    p50Ms: quantile(delays, 0.5),
    p99Ms: p99,
    maxMs: quantile(delays, 1),
    rssPerStreamKiB: Math.round((rssAfter - rssBefore) / count / 1024),
    target: 'every post on every stream, p99 < 250 ms from the POST answered',
    met: complete === posts && p99 < 250,
  };
}
