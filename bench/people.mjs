// Issue 27's figures (the console's People screen): searching 100,000 accounts (p95 < 50 ms),
// the dry run of a 50,000-row CSV (< 10 s) and its import as a job (< 60 s).
import { latencies } from './lib.mjs';

export const PEOPLE_ORG = 'peopleorg';
export const ACCOUNTS = 100_000;
export const IMPORT_ROWS = 50_000;
const PASSWORD = 'bench-password-1';
const GROUPS = ['team-a', 'team-b', 'team-c'];

/** An organisation with three groups and its administrator (the accounts: seedPeople). */
export function peoplePack() {
  return {
    format: 'portal-content-pack/1',
    organisation: {
      alias: PEOPLE_ORG,
      name: 'People bench',
      locales: ['en-US'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'People bench' },
    },
    topics: [],
    userGroups: GROUPS.map((id) => ({ _id: id, name: id, topics: [] })),
    users: [
      {
        username: 'chief',
        email: 'chief@people.example',
        password: PASSWORD,
        name: { first: 'Chief', last: 'Admin' },
        groups: [],
        roles: ['admin'],
      },
    ],
  };
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Radia',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
  'Lee',
];

/** 100,000 accounts (a tenth invited, a fiftieth deactivated, every fifth an author), a third in a group. */
export async function seedPeople(run, placeholder) {
  const [{ id: orgId }] = await run(
    `select id from organisations where alias = ${placeholder(1)}`,
    [PEOPLE_ORG],
  );
  const at = new Date().toISOString();
  const BATCH = 500;
  for (let start = 0; start < ACCOUNTS; start += BATCH) {
    const users = [];
    const members = [];
    for (let n = start; n < Math.min(ACCOUNTS, start + BATCH); n++) {
      const name = `person${n}`;
      const status = n % 50 === 0 ? 'deactivated' : n % 10 === 0 ? 'invited' : 'active';
      users.push([
        `bench-person-${n}`,
        orgId,
        name,
        name,
        `${name}@people.example`,
        `${name}@people.example`,
        null,
        // Names apart from the status (n % 10, n % 50) and the group (n % 9): a search that
        // combines them finds some, as it would among real people.
        `${FIRST[Math.floor(n / 7) % 10]}${n % 97}`,
        `${LAST[((n / 10) % 10) | 0]}`,
        0,
        at,
        at,
        status,
        n % 5 === 0 ? '["author"]' : '[]',
      ]);
      if (n % 3 === 0)
        members.push([orgId, GROUPS[(n / 3) % GROUPS.length], `bench-person-${n}`, 'member']);
    }
    let p = 0;
    const row = (width) => `(${Array.from({ length: width }, () => placeholder(++p)).join(', ')})`;
    await run(
      `insert into users (id, org_id, username, username_key, email, email_key, password_hash, first_name, last_name, from_pack, created_at, updated_at, status, roles) values ${users.map(() => row(14)).join(', ')}`,
      users.flat(),
    );
    if (members.length) {
      p = 0;
      await run(
        `insert into user_group_members (org_id, group_id, user_id, role) values ${members.map(() => row(4)).join(', ')}`,
        members.flat(),
      );
    }
  }
  return { accounts: ACCOUNTS };
}

/** The CSV of the import: half of it new people, half accounts that exist (groups and roles added). */
export function importCsv() {
  const lines = ['email,first name,last name,groups,roles'];
  for (let n = 0; n < IMPORT_ROWS; n++) {
    const email = n % 2 ? `newcomer${n}@people.example` : `person${n * 2 + 1}@people.example`;
    lines.push(
      `${email},New${n},Comer,${GROUPS[n % 3]};${GROUPS[(n + 1) % 3]},learner${n % 7 ? '' : ';author'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Signs the administrator in; times the search, the dry run and the import. */
export async function timePeople(baseUrl, cpuMs) {
  const api = `${baseUrl}/api/org/${PEOPLE_ORG}`;
  const res = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'chief', password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login answered ${res.status}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const queries = [
    '',
    '?q=grace',
    '?q=person4242',
    '?q=hopper%20grace1',
    '?status=invited',
    '?status=deactivated&q=lee',
    '?role=author',
    '?role=admin',
    '?group=team-b',
    '?group=team-a&status=active&q=ada',
    '?q=nobody-has-this',
  ];
  const once = (i) => fetch(`${api}/admin/people${queries[i % queries.length]}`, { headers });
  await latencies(once, { count: 100, concurrency: 1 });
  const cpuBefore = cpuMs();
  const search = await latencies(once, { count: 550, concurrency: 1 });
  const searchCpu = Number(((cpuMs() - cpuBefore) / search.requests).toFixed(1));

  const csv = importCsv();
  let started = Date.now();
  const dry = await fetch(`${api}/admin/people-import/dry-run`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv }),
  });
  const checked = await dry.json();
  const dryRunMs = Date.now() - started;
  if (!dry.ok || checked.problems.length)
    throw new Error(`dry run answered ${dry.status}: ${JSON.stringify(checked).slice(0, 300)}`);

  started = Date.now();
  const begun = await fetch(`${api}/admin/people-import`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv }),
  });
  const { import: job } = await begun.json();
  if (!begun.ok) throw new Error(`import answered ${begun.status}`);
  let state = job;
  while (state.status !== 'done' && state.status !== 'failed' && Date.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = (await (await fetch(`${api}/admin/people-import/${job._id}`, { headers })).json())
      .import;
  }
  const importMs = Date.now() - started;
  const result = {
    accounts: ACCOUNTS,
    search: { ...search, serverCpuMsPerRequest: searchCpu, target: 'p95 < 50 ms' },
    dryRun: { rows: checked.rows, ms: dryRunMs, target: '< 10 s' },
    import: { ...state, ms: importMs, target: '< 60 s' },
  };
  result.met =
    search.p95Ms < 50 && dryRunMs < 10_000 && importMs < 60_000 && state.status === 'done';
  return result;
}
