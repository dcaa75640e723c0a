import fs from 'node:fs';
import path from 'node:path';
import { groupMembersAnswerSchema, type GroupMembersAnswer } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { quietFor } from '../../test/wait';

const field = (id: string, correctValue: number, scoreWeight = 1) => ({
  _id: `${id}-fragment`,
  type: 'field' as const,
  field: { _id: id, name: id, type: 'number' as const, scoreWeight, correctValue },
});

function pack(alias: string, adminsSeeAnswers: boolean) {
  return makePack(alias, {
    organisation: {
      constraints: {
        groupAdminMessagingOnly: false,
        messagingAllowed: true,
        maxTopicWorksheets: 3,
        adminsSeeAnswers,
      },
    },
    topics: [
      {
        _id: 'budgeting',
        name: { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
        allowMultiWorksheets: true,
        pages: [{ _id: 'budgeting-p1', name: 'Income', fragments: [field('income', 100)] }],
      },
      {
        _id: 'savings',
        name: 'Savings',
        visibility: 'Private',
        pages: [
          { _id: 'savings-p1', name: 'Goal', fragments: [field('goal', 10, 2)] },
          { _id: 'savings-p2', name: 'Months', fragments: [field('months', 6, 3)] },
        ],
      },
    ],
    topicGroups: [],
    userGroups: [
      { _id: 'insiders', name: 'Insiders', topics: ['budgeting', 'savings'] },
      { _id: 'outsiders', name: 'Outsiders', topics: ['budgeting'] },
    ],
    bundles: [
      { _id: 'bundle-in', name: 'In', price: 10, userGroup: 'insiders', discountTiers: [] },
      { _id: 'bundle-out', name: 'Out', price: 10, userGroup: 'outsiders', discountTiers: [] },
    ],
    users: [
      {
        username: `${alias}-staff`,
        email: `staff@${alias}.example`,
        password: 'staff-pass-1',
        name: { first: 'Sam', last: 'Staff' },
        groups: [{ group: 'insiders', role: 'admin' }],
      },
    ],
  } as never);
}

/** Every .eml of the outbox that went to `email`. */
function mailsTo(t: TestApp, email: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

function client(t: TestApp) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
  /** The group the calls name unless told otherwise: the buyer's cohort, once bought. */
  const defaults = { group: 'insiders' };
  const api = {
    call,
    defaults,
    /**
     * Buys `quantity` seats of a bundle and pays (local checkout); answers the buyer's cohort
     * (two or more seats), or null (one seat: the buyer joins the bundle's group).
     */
    async buy(token: string, bundleId: string, quantity: number, org = 'doughmain') {
      const res = await call('POST', `/api/org/${org}/bundle/${bundleId}/purchase`, token, {
        quantity,
      });
      expect(res.statusCode, res.body).toBe(200);
      const orderId = (res.json().checkoutSession.url as string).split('/').pop()!;
      const paid = await call('POST', `/api/org/${org}/order/${orderId}/pay`, token);
      expect(paid.statusCode, paid.body).toBe(200);
      return paid.json().order.cohortId as string | null;
    },
    members: (token: string | undefined, query = '', group = defaults.group, org = 'doughmain') =>
      call('GET', `/api/org/${org}/userGroup/${group}/members${query}`, token),
    invite: (token: string, emails: string, group = defaults.group, org = 'doughmain') =>
      call('POST', `/api/org/${org}/userGroup/${group}/invites`, token, { emails }),
    /** Signs up with the invitation sent to `email` (its link's inviteId). */
    async join(invites: GroupMembersAnswer['invites'], email: string, org = 'doughmain') {
      const invite = invites.find((i) => i.email === email.toLowerCase() && i.state === 'pending');
      expect(invite, email).toBeDefined();
      const learner = { ...newLearner('m'), email, inviteId: invite!._id };
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/org/${org}/signup`,
        payload: learner,
        remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().token as string;
    },
    save: (token: string, workbook: unknown, org = 'doughmain') =>
      call('PUT', `/api/org/${org}/workbook`, token, { workbook }),
  };
  return api;
}

const sheet = (data: Record<string, unknown>, completedPages: string[] = [], name = 'Sheet') => ({
  name,
  data,
  completedPages,
});

describe.each(DATABASE_KINDS)('group administrators on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let admin: string;
  /** The buyer's cohort under "insiders", which the buyer administers. */
  let cohort: string;
  /** Member tokens by email. */
  const members = new Map<string, string>();
  const emails = ['ann@example.com', 'bob@example.com', 'cid@example.com'];

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, pack('doughmain', false));
    await mustImport(t.database.db, pack('acme', true));
    api = client(t);
    admin = (await signup(t.app, 'doughmain', newLearner('buyer'))).token;
    cohort = (await api.buy(admin, 'bundle-in', 4))!;
    api.defaults.group = cohort;
    const invited = await api.invite(admin, emails.join('\n'));
    expect(invited.statusCode, invited.body).toBe(200);
    const list = (await api.members(admin)).json() as GroupMembersAnswer;
    for (const email of emails) members.set(email, await api.join(list.invites, email));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the group’s administrators: members, topics, seats and invitations', async () => {
    const res = await api.members(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = groupMembersAnswerSchema.parse(res.json());
    expect(body.group).toEqual({
      _id: cohort,
      name: 'Ada Lovelace · Insiders',
      parent: { _id: 'insiders', name: 'Insiders' },
    });
    // A cohort's topics are its parent group's.
    expect(body.topics).toEqual([
      { _id: 'budgeting', name: 'Budgeting', pages: 1, total: 1 },
      { _id: 'savings', name: 'Savings', pages: 2, total: 5 },
    ]);
    expect(body.members.map((m) => m.account.email).sort()).toEqual(emails);
    expect(body.count).toBe(3);
    expect(body.seats).toEqual({ bought: 4, used: 3, free: 1 });
    expect(body.inviteCounts).toEqual({ open: 1, pending: 0, used: 3, revoked: 0 });
    // A used invitation is its member's row: only the others are listed.
    expect(body.invites.map((i) => i.state)).toEqual(['open']);
    // A cohort has no cohorts under it.
    expect(body.cohorts).toEqual([]);
    expect(body.answersVisible).toBe(false);
    for (const m of body.members) {
      expect(m.joinedAt).toEqual(expect.any(String));
      expect(m.lastActiveAt).toBeNull();
      expect(m.progress).toEqual([]);
    }
    // In fr-CA, names are localised.
    const fr = (await api.members(admin, '?locale=fr-CA')).json() as GroupMembersAnswer;
    expect(fr.topics[0]!.name).toBe('Budget');
    // The buyer's groups.
    const mine = await api.call('GET', '/api/org/doughmain/userGroup', admin);
    expect(mine.json()).toEqual({
      groups: [{ _id: cohort, name: 'Ada Lovelace · Insiders', parentId: 'insiders' }],
    });
  });

  it('refuses everyone else: member 403; another buyer’s cohort, outsider 404; visitor 401; another organisation', async () => {
    const member = members.get('ann@example.com')!;
    // Another buyer of the same bundle: the administrator of another cohort under "insiders".
    const otherAdmin = (await signup(t.app, 'doughmain', newLearner('other'))).token;
    const otherCohort = (await api.buy(otherAdmin, 'bundle-in', 2))!;
    expect(otherCohort).not.toBe(cohort);
    // One seat of the bundle: a member of the parent group, who administers nothing.
    const parentMember = (await signup(t.app, 'doughmain', newLearner('single'))).token;
    expect(await api.buy(parentMember, 'bundle-in', 1)).toBeNull();
    const outsider = (await signup(t.app, 'doughmain', newLearner('outsider'))).token;
    const acmeAdmin = (await signup(t.app, 'acme', newLearner('acme'))).token;
    const acmeCohort = (await api.buy(acmeAdmin, 'bundle-in', 2, 'acme'))!;
    const list = (await api.members(admin)).json() as GroupMembersAnswer;
    const someone = list.members[0]!.account._id;
    const open = list.invites.find((i) => i.state === 'open')!._id;
    const routes = (group = cohort, org = 'doughmain') => {
      const base = `/api/org/${org}/userGroup/${group}`;
      return [
        ['GET', `${base}/members`],
        ['GET', `${base}/members.csv`],
        ['DELETE', `${base}/members/${someone}`],
        ['GET', `${base}/members/${someone}/topic/budgeting/worksheet/0`],
        ['POST', `${base}/invites`, { emails: 'x@example.com' }],
        ['GET', `${base}/invites`],
        ['POST', `${base}/invites/${open}/resend`],
        ['POST', `${base}/invites/${open}/revoke`],
      ] as const;
    };
    for (const [method, url, payload] of routes()) {
      expect((await api.call(method, url, member, payload)).statusCode, url).toBe(403);
      expect((await api.call(method, url, otherAdmin, payload)).statusCode, url).toBe(404);
      expect((await api.call(method, url, parentMember, payload)).statusCode, url).toBe(404);
      expect((await api.call(method, url, outsider, payload)).statusCode, url).toBe(404);
      expect((await api.call(method, url, undefined, payload)).statusCode, url).toBe(401);
      // Another organisation's administrator: their token means nothing here.
      expect((await api.call(method, url, acmeAdmin, payload)).statusCode, url).toBe(401);
    }
    // Nor does the cohort's administrator reach the other buyer's cohort, or the parent group.
    for (const group of [otherCohort, 'insiders'])
      for (const [method, url, payload] of routes(group))
        expect((await api.call(method, url, admin, payload)).statusCode, url).toBe(404);
    // The same ids under another organisation: the doughmain admin's token is unknown there,
    // and acme's administrator of its own cohort finds no group by that id there.
    for (const [method, url, payload] of routes(cohort, 'acme')) {
      expect((await api.call(method, url, admin, payload)).statusCode, url).toBe(401);
      expect((await api.call(method, url, acmeAdmin, payload)).statusCode, url).toBe(404);
    }
    const acmeList = (await api.members(acmeAdmin, '', acmeCohort, 'acme')).json();
    expect(acmeList.members).toEqual([]);
    // An unknown group.
    expect((await api.members(admin, '', 'nope')).statusCode).toBe(404);
    // Nothing changed.
    expect(((await api.members(admin)).json() as GroupMembersAnswer).count).toBe(3);
  });

  it('lets the group’s named administrators open every cohort under it', async () => {
    const login = await api.call('POST', '/api/org/doughmain/login', undefined, {
      username: 'doughmain-staff',
      password: 'staff-pass-1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const staff = login.json().token as string;
    // Their groups: the group the pack names them for, then the cohorts under it.
    const groups = (await api.call('GET', '/api/org/doughmain/userGroup', staff)).json().groups;
    expect(groups[0]).toEqual({ _id: 'insiders', name: 'Insiders', parentId: null });
    expect(groups).toContainEqual({
      _id: cohort,
      name: 'Ada Lovelace · Insiders',
      parentId: 'insiders',
    });
    // The group's page lists its cohorts, with their owners and seats.
    const parent = (await api.members(staff, '', 'insiders')).json() as GroupMembersAnswer;
    expect(parent.group).toEqual({ _id: 'insiders', name: 'Insiders', parent: null });
    expect(parent.cohorts.find((c) => c._id === cohort)).toEqual({
      _id: cohort,
      name: 'Ada Lovelace · Insiders',
      owner: { _id: expect.any(String), name: 'Ada Lovelace' },
      members: 3,
      seats: { bought: 4, used: 3, free: 1 },
    });
    // Each cohort opens as its own administrator sees it.
    const opened = await api.members(staff, '', cohort);
    expect(opened.statusCode, opened.body).toBe(200);
    const mine = (await api.members(admin)).json() as GroupMembersAnswer;
    expect((opened.json() as GroupMembersAnswer).members).toEqual(mine.members);
    const seats = await api.call('GET', `/api/org/doughmain/userGroup/${cohort}/invites`, staff);
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json().seats).toEqual({ bought: 4, used: 3, free: 1 });
  });

  it('checks its input: 400 with the error body, never 500', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?sort=age', '?order=up']) {
      const res = await api.members(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toEqual(expect.any(Array));
    }
    const badId = await api.call(
      'DELETE',
      `/api/org/doughmain/userGroup/${cohort}/members/a%20b`,
      admin,
    );
    expect(badId.statusCode).toBe(400);
    expect(
      (await api.call('POST', `/api/org/doughmain/userGroup/${cohort}/invites`, admin, {}))
        .statusCode,
    ).toBe(400);
    expect((await api.invite(admin, '  \n ')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => `p${i}@example.com`).join(',');
    expect((await api.invite(admin, tooMany)).statusCode).toBe(400);
    // A member who is not one, a worksheet that is not there.
    const list = (await api.members(admin)).json() as GroupMembersAnswer;
    const id = list.members[0]!.account._id;
    const report = (topic: string, index: number, who = id) =>
      api.call(
        'GET',
        `/api/org/doughmain/userGroup/${cohort}/members/${who}/topic/${topic}/worksheet/${index}`,
        admin,
      );
    expect((await report('budgeting', 5)).statusCode).toBe(404);
    expect((await report('not-in-group', 0)).statusCode).toBe(404);
    expect((await report('budgeting', 0, 'nobody')).statusCode).toBe(404);
  });

  it('invites by pasted emails: each checked, invalid ones listed, nothing sent twice', async () => {
    const before = (await api.members(admin)).json() as GroupMembersAnswer;
    const pendingBefore = before.invites.filter((i) => i.state === 'pending' && i.email);
    const res = await api.invite(
      admin,
      'dee@example.com, not-an-email; DEE@example.com\nann@example.com <eve@example.com>',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invited.map((i: { email: string }) => i.email)).toEqual(['dee@example.com']);
    expect(body.skipped).toEqual([
      { email: 'not-an-email', reason: 'invalid' },
      { email: 'DEE@example.com', reason: 'duplicate' },
      { email: 'ann@example.com', reason: 'member' },
      // 4 seats: 3 used, 1 now for dee.
      { email: 'eve@example.com', reason: 'noSeat' },
    ]);
    const mail = await waitFor(() => mailsTo(t, 'dee@example.com')[0]);
    expect(mail.replace(/=\r?\n/g, '')).toContain(`inviteId=3D${body.invited[0]._id}`);
    // Again: already invited, no second mail.
    const again = (await api.invite(admin, 'dee@example.com')).json();
    expect(again).toEqual({
      invited: [],
      skipped: [{ email: 'dee@example.com', reason: 'invited' }],
    });
    await quietFor(100); // what must not happen: a second invitation mail
    expect(mailsTo(t, 'dee@example.com')).toHaveLength(1);
    // Resend mails it again, on purpose; revoke frees its seat, for eve.
    const dee = body.invited[0]._id as string;
    const base = `/api/org/doughmain/userGroup/${cohort}/invites`;
    expect((await api.call('POST', `${base}/${dee}/resend`, admin)).statusCode).toBe(200);
    await waitFor(() => mailsTo(t, 'dee@example.com')[1]);
    const revoked = await api.call('POST', `${base}/${dee}/revoke`, admin);
    expect(revoked.json().invitation).toMatchObject({ _id: dee, state: 'revoked' });
    expect((await api.call('POST', `${base}/${dee}/resend`, admin)).statusCode).toBe(409);
    const eve = (await api.invite(admin, 'eve@example.com')).json();
    expect(eve.invited).toHaveLength(1);
    expect(pendingBefore).toHaveLength(0);
    await api.call('POST', `${base}/${eve.invited[0]._id}/revoke`, admin);
  });

  it('keeps progress from saves and worksheet changes, graded as the report card', async () => {
    const ann = members.get('ann@example.com')!;
    const progressOf = async (email: string) => {
      const body = (await api.members(admin)).json() as GroupMembersAnswer;
      return body.members.find((m) => m.account.email === email)!;
    };
    expect(
      (await api.save(ann, { topics: { budgeting: [sheet({ income: 100 }, ['budgeting-p1'])] } }))
        .statusCode,
    ).toBe(200);
    let m = await progressOf('ann@example.com');
    expect(m.lastActiveAt).toEqual(expect.any(String));
    expect(m.progress).toEqual([
      { topicId: 'budgeting', worksheetIndex: 0, completedPages: 1, pages: 1, score: 1, total: 1 },
    ]);
    // The same as the learner's own report card.
    const grade = (
      await api.call('GET', '/api/org/doughmain/topic/budgeting/worksheet/0/grade', ann)
    ).json();
    expect(grade.scores).toMatchObject({ score: 1, total: 1 });

    // A second topic, partly right; a second worksheet of the first.
    await api.save(ann, {
      topics: {
        savings: [sheet({ goal: 10, months: 2 }, ['savings-p1'])],
        budgeting: [sheet({ income: 100 }, ['budgeting-p1']), sheet({ income: 5 }, [], 'Two')],
      },
    });
    m = await progressOf('ann@example.com');
    expect(m.progress).toEqual([
      { topicId: 'budgeting', worksheetIndex: 0, completedPages: 1, pages: 1, score: 1, total: 1 },
      { topicId: 'budgeting', worksheetIndex: 1, completedPages: 0, pages: 1, score: 0, total: 1 },
      { topicId: 'savings', worksheetIndex: 0, completedPages: 1, pages: 2, score: 2, total: 5 },
    ]);
    // A changed answer.
    await api.save(ann, {
      topics: { savings: [sheet({ goal: 10, months: 6 }, ['savings-p1', 'savings-p2'])] },
    });
    m = await progressOf('ann@example.com');
    expect(m.progress.find((p) => p.topicId === 'savings')).toMatchObject({
      completedPages: 2,
      score: 5,
    });

    // The first worksheet removed: the second becomes the first.
    const wb = (await api.call('GET', '/api/org/doughmain/workbook', ann)).json().workbook.workbook;
    const first = wb.topics.budgeting[0]._id as string;
    const removed = await api.save(ann, {
      removedWorksheets: { [first]: new Date().toISOString() },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    m = await progressOf('ann@example.com');
    expect(m.progress.filter((p) => p.topicId === 'budgeting')).toEqual([
      { topicId: 'budgeting', worksheetIndex: 0, completedPages: 0, pages: 1, score: 0, total: 1 },
    ]);

    // The report card, read-only: scores and completion; no answers (adminsSeeAnswers off).
    const report = await api.call(
      'GET',
      `/api/org/doughmain/userGroup/${cohort}/members/${m.account._id}/topic/savings/worksheet/0`,
      admin,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      scores: { score: 5, total: 5 },
      completedPages: ['savings-p1', 'savings-p2'],
      answers: null,
    });
  });

  it('pages, sorts and filters the members', async () => {
    await api.save(members.get('bob@example.com')!, {
      topics: { savings: [sheet({ goal: 10 }, ['savings-p1'])] },
    });
    const page1 = (
      await api.members(admin, '?limit=2&sort=score&order=desc')
    ).json() as GroupMembersAnswer;
    expect(page1.count).toBe(3);
    expect(page1.members.map((m) => m.account.email)).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    const page2 = (
      await api.members(admin, '?limit=2&offset=2&sort=score&order=desc')
    ).json() as GroupMembersAnswer;
    expect(page2.members.map((m) => m.account.email)).toEqual(['cid@example.com']);
    const asc = (await api.members(admin, '?sort=completion')).json() as GroupMembersAnswer;
    expect(asc.members.map((m) => m.account.email)).toEqual([
      'cid@example.com',
      'bob@example.com',
      'ann@example.com',
    ]);
    const filtered = (await api.members(admin, '?q=BOB')).json() as GroupMembersAnswer;
    expect(filtered.count).toBe(1);
    expect(filtered.members[0]!.account.email).toBe('bob@example.com');
  });

  it('exports the table as CSV with the same data', async () => {
    const table = (await api.members(admin, '?sort=score&order=desc')).json() as GroupMembersAnswer;
    const res = await api.call(
      'GET',
      `/api/org/doughmain/userGroup/${cohort}/members.csv?sort=score&order=desc`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header, ...lines] = res.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(header).toEqual([
      'name',
      'email',
      'joinedAt',
      'lastActiveAt',
      'topicId',
      'topic',
      'worksheet',
      'completedPages',
      'pages',
      'score',
      'total',
    ]);
    const expected: string[][] = [];
    for (const m of table.members)
      for (const topic of table.topics) {
        const rows = m.progress.filter((p) => p.topicId === topic._id);
        const sheets = rows.length
          ? rows
          : [
              {
                worksheetIndex: 0,
                completedPages: 0,
                pages: topic.pages,
                score: 0,
                total: topic.total,
              },
            ];
        for (const p of sheets)
          expected.push([
            m.account.name.full,
            m.account.email,
            m.joinedAt,
            m.lastActiveAt ?? '',
            topic._id,
            topic.name,
            String(p.worksheetIndex + 1),
            String(p.completedPages),
            String(p.pages),
            String(p.score),
            String(p.total),
          ]);
      }
    expect(lines).toEqual(expected);
  });

  it('removes a member: their seat is free again, their workbook stays theirs', async () => {
    const cid = members.get('cid@example.com')!;
    await api.save(cid, { topics: { budgeting: [sheet({ income: 100 })] } });
    const before = (await api.members(admin)).json() as GroupMembersAnswer;
    const id = before.members.find((m) => m.account.email === 'cid@example.com')!.account._id;
    expect(before.seats).toEqual({ bought: 4, used: 3, free: 1 });
    const res = await api.call(
      'DELETE',
      `/api/org/doughmain/userGroup/${cohort}/members/${id}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await api.members(admin)).json() as GroupMembersAnswer;
    expect(after.seats).toEqual({ bought: 4, used: 2, free: 2 });
    expect(after.count).toBe(2);
    // Twice: not a member any more.
    expect(
      (await api.call('DELETE', `/api/org/doughmain/userGroup/${cohort}/members/${id}`, admin))
        .statusCode,
    ).toBe(404);
    // The administrator cannot be removed this way.
    // Their workbook is still theirs; the group's private topic is not.
    const wb = (await api.call('GET', '/api/org/doughmain/workbook', cid)).json().workbook.workbook;
    expect(wb.topics.budgeting[0].data).toEqual({ income: 100 });
    expect((await api.call('GET', '/api/org/doughmain/topic/savings', cid)).statusCode).toBe(403);
    // The freed seat takes a new invitation (4 bought: 2 used, the rest free).
    const invited = (await api.invite(admin, 'fay@example.com, gus@example.com')).json();
    expect(invited.invited).toHaveLength(2);
  });

  it('shows answers on the report card only when the organisation allows it', async () => {
    const acmeAdmin = (await signup(t.app, 'acme', newLearner('acme-buyer'))).token;
    const acmeCohort = (await api.buy(acmeAdmin, 'bundle-in', 2, 'acme'))!;
    await api.invite(acmeAdmin, 'hal@example.com', acmeCohort, 'acme');
    const list = (
      await api.members(acmeAdmin, '', acmeCohort, 'acme')
    ).json() as GroupMembersAnswer;
    expect(list.answersVisible).toBe(true);
    const hal = await api.join(list.invites, 'hal@example.com', 'acme');
    await api.save(hal, { topics: { budgeting: [sheet({ income: 99 })] } }, 'acme');
    const after = (
      await api.members(acmeAdmin, '', acmeCohort, 'acme')
    ).json() as GroupMembersAnswer;
    const id = after.members[0]!.account._id;
    const report = await api.call(
      'GET',
      `/api/org/acme/userGroup/${acmeCohort}/members/${id}/topic/budgeting/worksheet/0`,
      acmeAdmin,
    );
    expect(report.json()).toMatchObject({
      scores: { score: 0, total: 1 },
      answers: { income: 99 },
    });
  });

  it('grades again the workbooks saved before the progress table existed', async () => {
    const table = async () =>
      ((await api.members(admin, '?sort=name')).json() as GroupMembersAnswer).members.map(
        (m) => [m.account.email, m.progress] as const,
      );
    const before = await table();
    expect(before.some(([, progress]) => progress.length > 0)).toBe(true);
    // As a database upgraded to migration 0012 has it: workbooks, and no progress rows yet.
    await t.database.db.kysely.deleteFrom('worksheet_progress').execute();
    t.services.caches.clear();
    expect((await table()).every(([, progress]) => progress.length === 0)).toBe(true);
    // Two workbooks a page, so that paging through them is exercised too.
    expect(await t.services.progress.recompute(undefined, 2)).toBeGreaterThanOrEqual(2);
    expect(await table()).toEqual(before);
  });
});
