// Issue 27's audit log figure: reading and filtering 1,000,000 events (p95 < 50 ms), on the
// console's own route, each database seeded in one statement (generate_series, or a recursive
// CTE on SQLite) once the pack is imported.
import { latencies } from './lib.mjs';
import { PEOPLE_ORG } from './people.mjs';

export const AUDIT_EVENTS = 1_000_000;
const PASSWORD = 'bench-password-1';
const ACTORS = 50;
const ACTIONS = [
  'topic.save',
  'topic.publish',
  'topic.create',
  'catalogue.save',
  'settings.save',
  'settings.publish',
  'group.save',
  'bundle.save',
  'person.roles',
  'person.groups',
  'person.invite',
  'order.refund',
];
const DAY_MS = 86_400_000;
/** The events span 400 days up to the seed (about 2,500 a day, a busy organisation). */
const SPAN_DAYS = 400;

/** 50 staff accounts and 1,000,000 events by them (a fiftieth by the system) over 400 days. */
export async function seedAudit(run, placeholder) {
  const [{ id: orgId }] = await run(
    `select id from organisations where alias = ${placeholder(1)}`,
    [PEOPLE_ORG],
  );
  const at = new Date().toISOString();
  let p = 0;
  const row = (width) => `(${Array.from({ length: width }, () => placeholder(++p)).join(', ')})`;
  const actors = Array.from({ length: ACTORS }, (_, n) => [
    `bench-staff-${n}`,
    orgId,
    `staff${n}`,
    `staff${n}`,
    `staff${n}@people.example`,
    `staff${n}@people.example`,
    `Staff${n}`,
    'Member',
    0,
    at,
    at,
    '["author"]',
  ]);
  await run(
    `insert into users (id, org_id, username, username_key, email, email_key, first_name, last_name, from_pack, created_at, updated_at, roles) values ${actors.map(() => row(12)).join(', ')}`,
    actors.flat(),
  );
  const end = Date.now();
  const actions = ACTIONS.map((a) => `'${a}'`).join(', ');
  const postgres = placeholder(1) === '$1';
  // Event n: at a time going back from now, by actor n % 50 (none when n % 50 = 49), an action
  // in turn and one of 5,000 targets.
  const cols = postgres
    ? {
        id: `'bench-audit-' || lpad(n::text, 8, '0')`,
        at: `to_char((to_timestamp(${end / 1000}) at time zone 'UTC') - (n::bigint * ${(SPAN_DAYS * DAY_MS) / AUDIT_EVENTS} || ' milliseconds')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        actor: `case when n % ${ACTORS} = ${ACTORS - 1} then null else 'bench-staff-' || (n % ${ACTORS}) end`,
        action: `(array[${actions}])[(n % ${ACTIONS.length}) + 1]`,
        target: `case when n % 2 = 0 then 'topic:topic-' || (n % 2500) else 'person:bench-person-' || (n % 2500) end`,
      }
    : {
        id: `'bench-audit-' || substr('00000000' || n, -8)`,
        at: `strftime('%Y-%m-%dT%H:%M:%fZ', (${end} - n * ${(SPAN_DAYS * DAY_MS) / AUDIT_EVENTS}) / 1000.0, 'unixepoch')`,
        actor: `case when n % ${ACTORS} = ${ACTORS - 1} then null else 'bench-staff-' || (n % ${ACTORS}) end`,
        action: `json_extract('[${ACTIONS.map((a) => `"${a}"`).join(',')}]', '$[' || (n % ${ACTIONS.length}) || ']')`,
        target: `case when n % 2 = 0 then 'topic:topic-' || (n % 2500) else 'person:bench-person-' || (n % 2500) end`,
      };
  const select = `select ${cols.id}, '${orgId}', ${cols.at}, ${cols.actor}, ${cols.action}, ${cols.target},
      '{}', '{"name":{"en-US":"Before"},"price":1200}', '{"name":{"en-US":"After"},"price":1500}'`;
  const insert = `insert into audit_events (id, org_id, at, actor_id, action, target, detail, before, after)`;
  await run(
    postgres
      ? `${insert} ${select} from generate_series(0, ${AUDIT_EVENTS - 1}) as n`
      : `with recursive s(n) as (select 0 union all select n + 1 from s where n < ${AUDIT_EVENTS - 1}) ${insert} ${select} from s`,
    [],
  );
  return { events: AUDIT_EVENTS, actors: ACTORS };
}

/** Signs the administrator in and times the log's first pages, filtered as the console does. */
export async function timeAudit(baseUrl, cpuMs) {
  const api = `${baseUrl}/api/org/${PEOPLE_ORG}`;
  const res = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chief', password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login answered ${res.status}`);
  const headers = { authorization: `Bearer ${token}` };
  const month = new Date(Date.now() - 90 * DAY_MS).toISOString().slice(0, 10);
  const nextMonth = new Date(Date.now() - 60 * DAY_MS).toISOString().slice(0, 10);
  const queries = [
    '',
    '?actor=bench-staff-7',
    '?actor=system',
    '?action=topic.publish',
    '?action=person.',
    '?target=topic:topic-1234',
    `?from=${month}&to=${nextMonth}`,
    `?actor=bench-staff-8&action=topic.save&from=${month}`,
    '?action=certificate.revoke',
    '?target=person:bench-person-77&action=person.groups',
    '?limit=200',
  ];
  // The second page of each: the cursor from the first.
  const second = [];
  for (const q of queries) {
    const first = await (await fetch(`${api}/admin/audit${q}`, { headers })).json();
    if (!Array.isArray(first.events)) throw new Error(`audit answered ${JSON.stringify(first)}`);
    if (first.next) second.push(`${q ? `${q}&` : '?'}cursor=${encodeURIComponent(first.next)}`);
  }
  const all = [...queries, ...second];
  const once = (i) => fetch(`${api}/admin/audit${all[i % all.length]}`, { headers });
  await latencies(once, { count: 100, concurrency: 1 });
  const before = cpuMs();
  const read = await latencies(once, { count: 600, concurrency: 1 });
  return {
    events: AUDIT_EVENTS,
    queries: all.length,
    ...read,
    serverCpuMsPerRequest: Number(((cpuMs() - before) / read.requests).toFixed(1)),
    target: 'p95 < 50 ms',
    met: read.p95Ms < 50,
  };
}
