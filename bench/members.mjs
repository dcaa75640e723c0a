// Issue 17's figure: GET …/userGroup/{groupId}/members for a group of 2,000 members and 10 topics.
import { randomBytes } from 'node:crypto';
import { latencies } from './lib.mjs';

export const MEMBERS_ORG = 'cohortorg';
export const MEMBERS_GROUP = 'cohort';
export const MEMBER_COUNT = 2_000;
export const TOPIC_COUNT = 10;
const PAGES = 5;
const PASSWORD = 'bench-password-1';

/** An organisation with one group over TOPIC_COUNT topics and its administrator (members: seedMembers). */
export function membersPack() {
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
      alias: MEMBERS_ORG,
      name: 'Cohort bench',
      locales: ['en-US'],
      theme: {
        primaryColor: '#1a4d8f',
        secondaryColor: '#f2a900',
        tertiaryColor: '#2e7d32',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      homePage: { title: 'Cohort bench' },
    },
    topics,
    userGroups: [{ _id: MEMBERS_GROUP, name: 'Cohort', topics: topics.map((t) => t._id) }],
    users: [
      {
        username: 'manager',
        email: 'manager@cohort.example',
        password: PASSWORD,
        name: { first: 'Morgan', last: 'Manager' },
        groups: [{ group: MEMBERS_GROUP, role: 'admin' }],
      },
    ],
  };
}

/**
 * What the group holds after a while: each member joined by a used seat invitation, saved a
 * workbook and has progress on every topic (one worksheet each; every third member two), written
 * straight into the tables the server keeps them in (progress rows as the ProgressService writes
 * them after saves), in one transaction. `run(sql, params)` runs one statement.
 */
export async function seedMembers(run, placeholder) {
  const [{ id: orgId }] = await run(
    `select id from organisations where alias = ${placeholder(1)}`,
    [MEMBERS_ORG],
  );
  const at = new Date().toISOString();
  const values = (count) => Array.from({ length: count }, (_, i) => placeholder(i + 1)).join(', ');
  for (let n = 1; n <= MEMBER_COUNT; n++) {
    const id = `bench-learner-${n}`;
    const name = `learner${n}`;
    await run(
      `insert into users (id, org_id, username, username_key, email, email_key, password_hash, first_name, last_name, from_pack, created_at, updated_at) values (${values(12)})`,
      [
        id,
        orgId,
        name,
        name,
        `${name}@cohort.example`,
        `${name}@cohort.example`,
        null,
        'Learner',
        String(n).padStart(4, '0'),
        0,
        at,
        at,
      ],
    );
    await run(
      `insert into user_group_members (org_id, group_id, user_id, role) values (${values(4)})`,
      [orgId, MEMBERS_GROUP, id, 'member'],
    );
    await run(
      `insert into invites (id, org_id, group_id, email_key, created_at, used_by, used_at) values (${[1, 2, 3, 4, 5, 6, 7].map(placeholder).join(', ')})`,
      [randomBytes(16).toString('base64url'), orgId, MEMBERS_GROUP, null, at, id, at],
    );
    await run(
      `insert into workbooks (org_id, user_id, data, version, updated_at) values (${[1, 2, 3, 4, 5].map(placeholder).join(', ')})`,
      [
        orgId,
        id,
        '{"general":{"data":{},"fieldTimes":{},"completedPages":[]},"topics":{},"removedWorksheets":{}}',
        1,
        at,
      ],
    );
    for (let t = 0; t < TOPIC_COUNT; t++)
      for (let w = 0; w < (n % 3 === 0 ? 2 : 1); w++) {
        const done = (n + t + w) % (PAGES + 1);
        await run(
          `insert into worksheet_progress (org_id, user_id, topic_id, worksheet_index, completed_pages, pages, score, total, updated_at) values (${[1, 2, 3, 4, 5, 6, 7, 8, 9].map(placeholder).join(', ')})`,
          [orgId, id, `topic-${t}`, w, done, PAGES, Math.max(0, done - 1), PAGES, at],
        );
      }
  }
  return MEMBER_COUNT;
}

/** Signs the group's administrator in and times the members page (first page, 100 members). */
export async function timeMembers(baseUrl, cpuMs) {
  const api = `${baseUrl}/api/org/${MEMBERS_ORG}`;
  const res = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: PASSWORD }),
  });
  const { token } = await res.json();
  if (!token) throw new Error(`login answered ${res.status}`);
  const headers = { authorization: `Bearer ${token}` };
  const sorts = ['name', 'completion', 'score'];
  const once = (i) =>
    fetch(
      `${api}/userGroup/${MEMBERS_GROUP}/members?limit=100&offset=${(i % 20) * 100}&sort=${sorts[i % 3]}&order=${i % 2 ? 'desc' : 'asc'}`,
      { headers },
    );
  const first = await once(0);
  const check = await first.json();
  if (!first.ok) throw new Error(`members answered ${first.status}: ${JSON.stringify(check)}`);
  if (
    check.count !== MEMBER_COUNT ||
    check.members.length !== 100 ||
    check.topics.length !== TOPIC_COUNT
  )
    throw new Error(
      `unexpected members answer: ${check.count} members, ${check.topics?.length} topics`,
    );
  await latencies(once, { count: 100, concurrency: 1 });
  const cpuBefore = cpuMs();
  const timed = await latencies(once, { count: 500, concurrency: 1 });
  const result = {
    members: MEMBER_COUNT,
    topics: TOPIC_COUNT,
    answerBytes: JSON.stringify(check).length,
    ...timed,
    // The server's own CPU per request (10 ms steps over 500): what the answer costs it, whatever
    // else the machine runs.
    serverCpuMsPerRequest: Number(((cpuMs() - cpuBefore) / timed.requests).toFixed(1)),
    target: 'p95 < 50 ms',
  };
  result.met = result.p95Ms < 50;
  // The floor on this machine at this moment: GET /healthz, one at a time, in the same way.
  const floor = await latencies(() => fetch(`${baseUrl}/healthz`), { count: 500, concurrency: 1 });
  result.healthzFloor = { p50Ms: floor.p50Ms, p95Ms: floor.p95Ms };
  return result;
}
