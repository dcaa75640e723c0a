import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMemberRole } from '../../db/repositories/admin-people';
import { makeGroupAdmin } from '../../db/repositories/memberships';
import { ensureCohort } from '../../db/repositories/user-groups';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp';
import { accountWithRoles } from '../../test/studio';
import { waitFor } from '../../test/wait';

/**
 * The console's People screen (docs/design.md §15) on a real app, database and SMTP server:
 * search and filters, invitations (mailed, resent, accepted), roles, groups, deactivation (no
 * sign-in, sessions ended), the CSV dry run naming bad rows and the import job (idempotent);
 * administrators only, and only their own organisation's people.
 */

const ORG = 'peopled';
const RIVAL = 'rivalppl';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;
interface Person {
  _id: string;
  email: string;
  username: string;
  roles: string[];
  status: string;
  groups?: { _id: string; role: string }[];
}

describe.each(DATABASE_KINDS)('the People screen on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let admin: Account;
  let author: Account;
  let learner: Account;
  let groupAdmin: Account;
  let rivalAdmin: Account;

  const call = (
    method: InjectOptions['method'],
    path: string,
    payload?: object,
    who: Account | null = admin,
    org = ORG,
  ) =>
    t.app.inject({
      method,
      url: `/api/org/${org}/admin${path}`,
      ...(who && { headers: who.headers }),
      ...(payload && { payload }),
    });
  const ok = async (method: InjectOptions['method'], path: string, payload?: object) => {
    const answer = await call(method, path, payload);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json() as Record<string, unknown>;
  };
  const people = async (query: string) =>
    (await ok('GET', `/people${query}`)) as { people: Person[]; next: string | null };
  const linkIn = async (email: string, after = 0) => {
    const mail = await waitFor(() => smtp.inbox.slice(after).find((m) => m.to.includes(email)));
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const [, address, token] = raw.match(/\/resetPassword\/([^/\s"<]+)\/([A-Za-z0-9_-]+)/)!;
    return { address: address!, token: token! };
  };
  const auditOf = async (action: string) =>
    (
      (await ok('GET', `/audit?action=${action}`)) as {
        events: { action: string; target: string; before: unknown; after: unknown }[];
      }
    ).events;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
    const pack = makePack(ORG);
    pack.userGroups = [
      ...(pack.userGroups ?? []),
      { _id: 'sales', name: { 'en-US': 'Sales', 'fr-CA': 'Ventes' }, topics: [] },
    ];
    await mustImport(t.database.db, pack);
    await mustImport(t.database.db, makePack(RIVAL));
    admin = await accountWithRoles(t, ORG, ['admin'], 'boss');
    author = await accountWithRoles(t, ORG, ['author'], 'writer');
    learner = await accountWithRoles(t, ORG, [], 'pupil');
    groupAdmin = await accountWithRoles(t, ORG, [], 'leader');
    await makeGroupAdmin(t.database.db, {
      orgId: groupAdmin.orgId,
      groupId: 'insiders',
      userId: groupAdmin.userId,
    });
    await t.services.caches.changed({ viewer: { org: groupAdmin.orgId, user: groupAdmin.userId } });
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'rival');
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses anyone but the organisation’s administrators (401, 403)', async () => {
    for (const [method, path, body] of [
      ['GET', '/people'],
      ['POST', '/people', { email: 'x@example.com' }],
      ['GET', `/people/${learner.userId}`],
      ['PUT', `/people/${learner.userId}/roles`, { roles: ['learner'] }],
      ['POST', `/people/${learner.userId}/deactivate`],
      ['POST', '/people-import/dry-run', { csv: 'email\n' }],
    ] as const) {
      expect((await call(method, path, body, null)).statusCode).toBe(401);
      for (const who of [learner, author, groupAdmin])
        expect((await call(method, path, body, who)).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('searches, filters and pages the organisation’s accounts', async () => {
    const all = await people('?limit=2');
    expect(all.people).toHaveLength(2);
    expect(all.next).not.toBeNull();
    const rest = await people(`?limit=100&cursor=${all.next}`);
    const emails = [...all.people, ...rest.people].map((p) => p.email);
    expect(emails).toEqual(
      [...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(new Set(emails).size).toBe(emails.length);
    expect((await people('?q=firstwriter')).people.map((p) => p._id)).toEqual([author.userId]);
    expect((await people('?role=admin')).people.map((p) => p._id)).toContain(admin.userId);
    expect((await people('?role=admin')).people.map((p) => p._id)).not.toContain(author.userId);
    expect((await people('?group=insiders')).people.map((p) => p._id)).toContain(groupAdmin.userId);
    expect((await people('?q=%25')).people).toEqual([]);
    // A part of the email, of a name in other case, two words, and two letters (below the
    // trigram index's three): the same accounts however the database finds them.
    const ids = async (q: string) => (await people(`?q=${q}`)).people.map((p) => p._id);
    expect(await ids('FIRSTWRI')).toEqual([author.userId]);
    expect(await ids(encodeURIComponent('firstwriter lastwriter'))).toEqual([author.userId]);
    expect(await ids('lastwriter%20nobody')).toEqual([]);
    expect(await ids('st')).toContain(author.userId);
    // A renamed account is found by its new name, no longer by its old (SQLite: by triggers).
    await t.database.db.kysely
      .updateTable('users')
      .set({ first_name: 'Quillon' })
      .where('id', '=', author.userId)
      .execute();
    expect(await ids('quillon')).toEqual([author.userId]);
    expect(await ids('firstwriter')).toEqual([]);
    await t.database.db.kysely
      .updateTable('users')
      .set({ first_name: 'Firstwriter' })
      .where('id', '=', author.userId)
      .execute();
    expect(await ids('firstwriter')).toEqual([author.userId]);
    // Bad input is a 400 with the error body, never a 500.
    for (const query of ['?role=king', '?status=gone', '?limit=0', '?cursor=!!', '?cursor=AAAA'])
      expect((await call('GET', `/people${query}`)).statusCode, query).toBe(400);
  });

  it('shows a person, and never another organisation’s (404)', async () => {
    const { person } = (await ok('GET', `/people/${groupAdmin.userId}`)) as { person: Person };
    expect(person.groups).toEqual([expect.objectContaining({ _id: 'insiders', role: 'admin' })]);
    expect(person.status).toBe('active');
    expect((await call('GET', `/people/${rivalAdmin.userId}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/people/${admin.userId}`, undefined, rivalAdmin, RIVAL)).statusCode,
    ).toBe(404);
    for (const [method, path, body] of [
      ['POST', `/people/${rivalAdmin.userId}/invitation`],
      ['PUT', `/people/${rivalAdmin.userId}/roles`, { roles: ['learner'] }],
      ['PUT', `/people/${rivalAdmin.userId}/groups`, { group: 'insiders', role: 'member' }],
      ['POST', `/people/${rivalAdmin.userId}/deactivate`],
      ['POST', `/people/${rivalAdmin.userId}/reactivate`],
    ] as const)
      expect((await call(method, path, body)).statusCode, path).toBe(404);
  });

  it('invites a person who chooses a password and is then active; resends the invitation', async () => {
    expect((await call('POST', '/people', { email: 'not-an-email' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/people', { email: 'a@b.example', groups: ['nope'] })).statusCode,
    ).toBe(400);
    const invited = await call('POST', '/people', {
      email: 'New.Person@example.com',
      first: 'New',
      last: 'Person',
      roles: ['author'],
      groups: ['sales'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const person = (invited.json() as { person: Person }).person;
    expect(person).toMatchObject({ status: 'invited', roles: ['learner', 'author'] });
    expect((await call('POST', '/people', { email: 'new.person@example.com' })).statusCode).toBe(
      409,
    );
    const first = await linkIn('New.Person@example.com');
    const before = smtp.inbox.length;
    await ok('POST', `/people/${person._id}/invitation`);
    const second = await linkIn('New.Person@example.com', before);
    expect(second.token).not.toBe(first.token);
    const password = 'chosen-password-1';
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/org/${ORG}/login/reset/${second.address}/${second.token}`,
      payload: { password, confirm: password },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const { person: now } = (await ok('GET', `/people/${person._id}`)) as { person: Person };
    expect(now.status).toBe('active');
    expect((await call('POST', `/people/${person._id}/invitation`)).statusCode).toBe(409);
    expect((await auditOf('person.invite')).map((e) => e.target)).toContain(`person:${person._id}`);
  });

  it('never puts anyone in a buyer’s cohort (its invitations fill it), but takes them out', async () => {
    const target = await accountWithRoles(t, ORG, [], 'cohortguest');
    // A buyer's cohort is filled by its invitations: never from the console, as a member or an
    // administrator; taking someone out of it stays possible.
    const orgId = (await t.organisations.find(ORG))!.id;
    const buyer = await accountWithRoles(t, ORG, [], 'cohortbuyer');
    await ensureCohort(t.database.db, {
      orgId,
      id: 'bought-cohort',
      parentId: 'sales',
      ownerId: buyer.userId,
      name: 'Bought seats',
    });
    for (const role of ['member', 'admin'] as const) {
      const refused = await call('PUT', `/people/${target.userId}/groups`, {
        group: 'bought-cohort',
        role,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errfor).toEqual({ group: expect.any(String) });
    }
    await setMemberRole(t.database.db, {
      orgId,
      groupId: 'bought-cohort',
      userId: target.userId,
      role: 'member',
    });
    const out = (await ok('PUT', `/people/${target.userId}/groups`, {
      group: 'bought-cohort',
      role: null,
    })) as { person: Person };
    expect(out.person.groups).toEqual([]);
    // Nor by an invitation or an import naming the cohort: it is no group of the console's.
    expect(
      (await call('POST', '/people', { email: 'seatless@example.com', groups: ['bought-cohort'] }))
        .statusCode,
    ).toBe(400);
    const dry = (await ok('POST', '/people-import/dry-run', {
      csv: 'email,first name,last name,groups,roles\nseatless2@example.com,S,L,bought-cohort,\n',
    })) as { problems: { line: number; reason: string }[] };
    expect(dry.problems).toEqual([{ line: 2, reason: 'unknownGroup', value: 'bought-cohort' }]);
  });

  it('changes roles and groups, never removing the last administrator', async () => {
    const target = await accountWithRoles(t, ORG, [], 'promoted');
    await ok('PUT', `/people/${target.userId}/roles`, { roles: ['learner', 'author', 'admin'] });
    expect(
      (await call('PUT', `/people/${target.userId}/roles`, { roles: ['king'] })).statusCode,
    ).toBe(400);
    const { person } = (await ok('PUT', `/people/${target.userId}/groups`, {
      group: 'sales',
      role: 'admin',
    })) as { person: Person };
    expect(person.groups).toEqual([expect.objectContaining({ _id: 'sales', role: 'admin' })]);
    const removed = (await ok('PUT', `/people/${target.userId}/groups`, {
      group: 'sales',
      role: null,
    })) as {
      person: Person;
    };
    expect(removed.person.groups).toEqual([]);
    expect(
      (await call('PUT', `/people/${target.userId}/groups`, { group: 'nope', role: 'member' }))
        .statusCode,
    ).toBe(400);
    // The new administrator reaches the console at once (the viewer's cache was dropped).
    expect((await call('GET', '/people', undefined, target)).statusCode).toBe(200);
    await ok('PUT', `/people/${target.userId}/roles`, { roles: ['learner'] });
    expect((await call('GET', '/people', undefined, target)).statusCode).toBe(403);
    // The only administrator left cannot lose the role.
    const last = await call('PUT', `/people/${admin.userId}/roles`, { roles: ['learner'] });
    expect(last.statusCode).toBe(409);
    const [event] = await auditOf('person.roles');
    expect(event).toMatchObject({
      target: `person:${target.userId}`,
      before: { roles: ['learner', 'author', 'admin'] },
      after: { roles: ['learner'] },
    });
    expect((await auditOf('person.groups'))[0]).toMatchObject({
      before: { group: 'sales', role: 'admin' },
      after: { group: 'sales', role: null },
    });
  });

  it('deactivates an account: its sessions end, it cannot sign in, reactivated it can', async () => {
    const who = await accountWithRoles(t, ORG, [], 'leaving');
    const username = ((await ok('GET', `/people/${who.userId}`)) as { person: Person }).person
      .username;
    expect((await call('POST', `/people/${admin.userId}/deactivate`)).statusCode).toBe(409);
    const { person } = (await ok('POST', `/people/${who.userId}/deactivate`)) as { person: Person };
    expect(person.status).toBe('deactivated');
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/account/settings`,
      headers: who.headers,
    });
    expect(settings.statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/org/${ORG}/login`,
        payload: { username, password: 'correct-horse-1' },
      });
    expect((await login()).statusCode).toBe(403);
    expect((await people('?status=deactivated')).people.map((p) => p._id)).toEqual([who.userId]);
    await ok('POST', `/people/${who.userId}/reactivate`);
    expect((await login()).statusCode).toBe(200);
    expect((await auditOf('person.deactivate'))[0]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'deactivated' },
    });
    expect((await auditOf('person.reactivate'))[0]).toMatchObject({ after: { status: 'active' } });
  });

  it('names every bad row of a CSV in the dry run, writing nothing', async () => {
    const csv = [
      'Email,First name,Last name,Groups,Roles',
      'good.one@example.com,Good,One,sales,learner',
      'not an email,Bad,Email,,',
      'good.one@EXAMPLE.com,Dup,Licate,,',
      'g2@example.com,Unknown,Group,sales;nowhere,',
      'g3@example.com,Unknown,Role,,learner;wizard',
      'g4@example.com',
      `${learner.userId.slice(0, 4)}-x@example.com,Fine,Row,"insiders;sales",author`,
    ].join('\n');
    const answer = (await ok('POST', '/people-import/dry-run', { csv })) as {
      rows: number;
      creates: number;
      problems: { line: number; reason: string }[];
    };
    expect(answer.problems).toEqual([
      { line: 3, reason: 'badEmail', value: 'not an email' },
      { line: 4, reason: 'duplicateInFile', value: 'good.one@EXAMPLE.com' },
      { line: 5, reason: 'unknownGroup', value: 'nowhere' },
      { line: 6, reason: 'unknownRole', value: 'wizard' },
      { line: 7, reason: 'missingColumns' },
    ]);
    expect(answer.creates).toBe(2);
    expect((await people('?q=good.one')).people).toEqual([]);
    const missing = (await ok('POST', '/people-import/dry-run', {
      csv: 'email,groups\na@b.example,',
    })) as {
      problems: { line: number; reason: string }[];
    };
    expect(missing.problems).toEqual([{ line: 1, reason: 'missingColumns', value: 'first, last' }]);
    const many = [
      'email,first name,last name',
      ...Array.from({ length: 50_001 }, (_, i) => `p${i}@example.com,P,${i}`),
    ].join('\n');
    const tooMany = (await ok('POST', '/people-import/dry-run', { csv: many })) as {
      problems: { line: number; reason: string }[];
    };
    expect(tooMany.problems).toEqual([{ line: 50_002, reason: 'tooManyRows', value: '50001' }]);
    // The import itself refuses a file with bad rows.
    expect((await call('POST', '/people-import', { csv })).statusCode).toBe(400);
    expect((await call('POST', '/people-import', {})).statusCode).toBe(400);
  });

  it('imports a CSV as a job with progress; run twice it makes no duplicates', async () => {
    const rows = Array.from(
      { length: 1_200 },
      (_, i) => `imp${i}@example.com,Imp,Number${i},sales,`,
    );
    rows.push(`${'x'}@example.com,X,Y,,`);
    const csv = ['email,first name,last name,groups,roles', ...rows].join('\n');
    const runImport = async () => {
      const started = await call('POST', '/people-import', { csv });
      expect(started.statusCode, started.body).toBe(202);
      const id = (started.json() as { import: { _id: string } }).import._id;
      return waitFor(async () => {
        const { import: state } = (await ok('GET', `/people-import/${id}`)) as {
          import: { status: string; done: number; total: number; created: number; updated: number };
        };
        return state.status === 'done' ? state : undefined;
      }, 60_000);
    };
    const first = await runImport();
    expect(first).toMatchObject({ total: 1_201, done: 1_201, created: 1_201, updated: 0 });
    const second = await runImport();
    expect(second).toMatchObject({ total: 1_201, done: 1_201, created: 0, updated: 1_201 });
    expect((await people('?q=imp1199@')).people).toHaveLength(1);
    const sales = await people('?group=sales&status=invited&limit=100');
    expect(sales.people.length).toBe(100);
    const events = await auditOf('people.import');
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ after: { rows: 1_201, created: 1_201, updated: 0 } });
    // Another organisation's import is not found by id.
    const started = await call(
      'POST',
      '/people-import',
      { csv: 'email,first name,last name\nr@example.com,R,R' },
      rivalAdmin,
      RIVAL,
    );
    const id = (started.json() as { import: { _id: string } }).import._id;
    expect((await call('GET', `/people-import/${id}`)).statusCode).toBe(404);
    // Invitations are mailed to the new accounts.
    await linkIn('imp0@example.com');
  }, 120_000);
});
