import { randomUUID } from 'node:crypto';
import { accountExportSchema } from '@portal/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataTables } from './db/backup';
import { insertCertificate } from './db/repositories/certificates';
import { PERSONAL_DATA } from './db/repositories/personal-data';
import { setRoles } from './db/repositories/roles';
import { newCertificateId } from './services/certificates';
import { MemoryGuessCounter } from './services/login-guesses';
import { startTestApp, type TestApp } from './test/app';
import { bearer, newLearner, signup } from './test/auth-helpers';
import { DATABASE_KINDS } from './test/databases';
import { buildWorld, type Learner, type World } from './test/world';

/**
 * Issue 29, design §18: a person's export and erasure. Like Moodle's privacy API check, the first
 * tests fail when a table is added without saying what erasure does to it, or when a table that
 * can name a person is said to hold nothing personal. Then the owner of the tenant matrix's world
 * (a buyer with a cohort, messages, uploads, a workbook…) and every other kind of personal row
 * is exported, and erased: afterwards no row of any table holds their address, names or texts,
 * and only the tables that say why keep their account id.
 */

/** Columns that name a person by account id (or an address, for `subject`). */
const PERSON_COLUMNS =
  /^(user_id|author_id|account_id|actor_id|owner_id|used_by|subject|thread_id|\w+_by)$/;
/** Columns that hold what identifies a person as text. */
const IDENTITY_COLUMNS = /(^|_)(email|email_key|phone|first_name|last_name|learner_name|username)$/;
const PASSWORD = 'correct-horse-1';

async function columnsOf(t: TestApp): Promise<Map<string, string[]>> {
  const tables = await t.database.db.kysely.introspection.getTables();
  return new Map(tables.map((table) => [table.name, table.columns.map((c) => c.name)]));
}

/** Every row of every data table, as JSON text: where a trace of someone would be. */
async function everyRow(t: TestApp): Promise<Record<string, string[]>> {
  const { db } = t.database;
  const out: Record<string, string[]> = {};
  for (const table of await dataTables(db.kysely, db.dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    out[table] = rows.rows.map((row) => JSON.stringify(row));
  }
  return out;
}

/** The tables with a row naming `id` in a person column. */
async function tablesNaming(t: TestApp, id: string): Promise<string[]> {
  const { db } = t.database;
  const found: string[] = [];
  for (const [table, columns] of await columnsOf(t)) {
    if (!(table in PERSONAL_DATA)) continue;
    // The account itself is `users.id`.
    const named = columns.filter(
      (c) => PERSON_COLUMNS.test(c) || (table === 'users' && c === 'id'),
    );
    if (!named.length) continue;
    const rows = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where ${sql.join(
        named.map((c) => sql`${sql.ref(c)} = ${id}`),
        sql` or `,
      )}`.execute(db.kysely);
    if (Number(rows.rows[0]!.n) > 0) found.push(table);
  }
  return found.sort();
}

describe.each(DATABASE_KINDS)('a person’s data on %s (design §18)', (kind) => {
  let t: TestApp;
  let w: World;
  let owner: Learner;
  let orgId: string;

  const call = (method: 'GET' | 'DELETE' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = await buildWorld(t);
    owner = w.owner;
    orgId = (await t.organisations.find('alpha'))!.id;
    const { db } = t.database;
    const auth = bearer(owner.token);
    const at = new Date().toISOString();
    // Every other kind of personal row, for the owner: some through the routes that make them,
    // the rest as the features that make them store them.
    const inject = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({ method, url, headers: auth, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    };
    await inject('PUT', '/api/org/alpha/account/notifications', { digest: 'weekly' });
    await inject('POST', '/api/org/alpha/account/settings/email', {
      email: `new-${owner.email}`,
    });
    await inject('POST', `/api/org/alpha/userGroup/${owner.ids.groupId}/message/read`, {});
    await inject('POST', `/api/org/alpha/studio/topic/${owner.ids.topicId}/presence`, {});
    await inject('PUT', '/api/org/alpha/studio/preview/workbook', {
      workbook: { general: { data: { note: 'preview' }, completedPages: [] } },
    });
    await insertCertificate(db, {
      id: newCertificateId(),
      orgId,
      userId: owner.userId,
      topicId: 'budgeting',
      learnerName: 'Firstowner Lastowner',
      topicName: 'Budgeting',
      organisationName: 'alpha',
      locale: 'en-US',
      issuedAt: at,
    });
    const k = db.kysely;
    await k
      .insertInto('sso_identities')
      .values({
        org_id: orgId,
        issuer: 'https://idp.example',
        subject: 'sub-owner',
        user_id: owner.userId,
        created_at: at,
      })
      .execute();
    await k
      .insertInto('password_resets')
      .values({
        token_hash: randomUUID(),
        user_id: owner.userId,
        org_id: orgId,
        created_at: at,
        expires_at: at,
        used_at: null,
      })
      .execute();
    await k
      .insertInto('upload_reservations')
      .values({
        id: randomUUID(),
        org_id: orgId,
        user_id: owner.userId,
        address: '10.0.0.1',
        bytes: 1,
        created_at: at,
      })
      .execute();
    await k
      .insertInto('analytics_events')
      .values({
        id: randomUUID(),
        org_id: orgId,
        user_id: owner.userId,
        name: 'viewed',
        category: 'page',
        payload: '{}',
        created_at: at,
      })
      .execute();
    await k
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind: 'mail',
        org_id: orgId,
        payload: JSON.stringify({ mail: { to: owner.email, subject: 'Hello Firstowner' } }),
        status: 'done',
        attempts: 1,
        max_attempts: 5,
        run_at: at,
        lease_until: null,
        locked_by: null,
        idempotency_key: null,
        last_error: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // What an administrator's change about them wrote (the console quotes the address).
    await k
      .insertInto('audit_events')
      .values({
        id: randomUUID(),
        org_id: orgId,
        at,
        actor_id: null,
        action: 'person.invite',
        target: `person:${owner.userId}`,
        detail: JSON.stringify({ email: owner.email, name: 'Firstowner Lastowner' }),
        before: null,
        after: JSON.stringify({ username: owner.username }),
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says, for every table of the database, what erasure does to it', async () => {
    const { db } = t.database;
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(
      (await dataTables(db.kysely, db.dialect)).sort(),
    );
  });

  it('never says "no personal data" of a table that can name a person', async () => {
    const wrong: string[] = [];
    for (const [table, columns] of await columnsOf(t)) {
      const treatment = PERSONAL_DATA[table];
      if (!treatment || treatment.erase !== 'none') continue;
      const naming = columns.filter((c) => PERSON_COLUMNS.test(c) || IDENTITY_COLUMNS.test(c));
      if (naming.length) wrong.push(`${table}: ${naming.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the learner everything it holds about them, as JSON', async () => {
    const res = await call('GET', '/api/org/alpha/account/export', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alpha-account-/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = accountExportSchema.parse(res.json());
    expect(doc.account).toMatchObject({
      id: owner.userId,
      email: owner.email,
      username: owner.username,
    });
    expect(doc.account.name).toEqual({ first: 'Firstowner', last: 'Lastowner' });
    const text = res.body;
    for (const own of owner.secrets.filter((s) => /^(WB|MSG|ANS)-/.test(s)))
      expect(text, own).toContain(own);
    expect(doc.orders.map((o) => o.id)).toContain(owner.ids.orderId);
    expect(doc.uploads.map((u) => u.url)).toContain(owner.ids.file.secure_url);
    expect(doc.groups.map((g) => g.id)).toContain(owner.ids.groupId);
    expect(doc.certificates).toHaveLength(1);
    expect(doc.singleSignOn).toEqual([
      expect.objectContaining({ issuer: 'https://idp.example', subject: 'sub-owner' }),
    ]);
    expect(doc.pendingEmailChanges.map((e) => e.newEmail)).toEqual([`new-${owner.email}`]);
    expect(doc.notificationPreferences).toMatchObject({ digest: 'weekly' });
    expect(doc.progress.length + doc.sessions.length + doc.analyticsEvents.length).toBeGreaterThan(
      2,
    );
    // Nothing of anyone else: the cohort member's question is theirs, not the owner's.
    const question = owner.secrets.find((s) => s.startsWith('ASK-'))!;
    expect(text).not.toContain(question);
    expect(text).not.toContain(w.other.email);
    // No token or password hash.
    expect(text).not.toMatch(/token|password_hash|\$argon2/i);
  });

  it('gives an administrator a person’s export (audited), and nobody else of theirs', async () => {
    const res = await call(
      'GET',
      `/api/org/alpha/admin/people/${w.other.userId}/export`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().account.email).toBe(w.other.email);
    expect(res.body).not.toContain(owner.email);
    const audit = await call('GET', '/api/org/alpha/admin/audit?action=person.export', owner.token);
    expect(audit.json().events[0]).toMatchObject({
      action: 'person.export',
      target: `person:${w.other.userId}`,
    });
    // A learner has no console; bravo's administrator does not reach alpha's people.
    expect(
      (await call('GET', `/api/org/alpha/admin/people/${owner.userId}/export`, w.other.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/org/bravo/admin/people/${owner.userId}/export`, w.stranger.token))
        .statusCode,
    ).toBe(404);
  });

  it('asks for the password or a fresh sign-in, and keeps the last administrator', async () => {
    const url = '/api/org/alpha/account';
    const wrong = await call('DELETE', url, owner.token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errfor: { password: 'is not right' } });
    const empty = await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(empty.statusCode).toBe(400);
    // A sign-in of 11 minutes ago is not fresh.
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await t.database.db.kysely
      .updateTable('sessions')
      .set({ created_at: old })
      .where('user_id', '=', owner.userId)
      .execute();
    const stale = await call('DELETE', url, owner.token, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().errors).toEqual([
      'Enter your password to confirm, or sign in again and erase within 10 minutes.',
    ]);
    // The owner administers alpha alone.
    const last = await call('DELETE', url, owner.token, { password: PASSWORD });
    expect(last.statusCode).toBe(409);
    expect(await tablesNaming(t, owner.userId)).toContain('users');
  });

  it('counts a wrong password at erasure as a guess at the account, as a sign-in does', async () => {
    const guesses = new MemoryGuessCounter();
    t.services.accounts.shareGuesses(guesses);
    try {
      const url = '/api/org/alpha/account';
      for (let i = 0; i < 2; i++)
        expect((await call('DELETE', url, owner.token, { password: 'not-it' })).statusCode).toBe(
          400,
        );
      // Two wrong ones so far: this count is the third attempt.
      expect(await guesses.count(owner.userId)).toBe(3);
      // The right password clears them (the owner is the last administrator: nothing erased).
      expect((await call('DELETE', url, owner.token, { password: PASSWORD })).statusCode).toBe(409);
      expect(await guesses.count(owner.userId)).toBe(1);
    } finally {
      t.services.accounts.shareGuesses(new MemoryGuessCounter());
    }
  });

  it('erases the learner: no trace of them is left in any table, their files are gone, the rest stays', async () => {
    await setRoles(t.database.db, orgId, w.other.userId, ['admin']);
    await t.services.caches.changed({ viewer: { org: orgId, user: w.other.userId } });
    const { db } = t.database;
    const file = owner.ids.file.secure_url;
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(200);
    const before = await tablesNaming(t, owner.userId);
    // Every table erasure deletes from holds a row of theirs: the test reaches each one.
    const deleted = Object.entries(PERSONAL_DATA)
      .filter(([, treatment]) => treatment.erase === 'delete')
      .map(([table]) => table)
      .filter((table) => table !== 'notification_preferences');
    expect(deleted.filter((table) => !before.includes(table))).toEqual([]);
    const othersBefore = (await call('GET', '/api/org/alpha/account/export', w.other.token)).json();

    const res = await call('DELETE', '/api/org/alpha/account', owner.token, { password: PASSWORD });
    expect(res.statusCode).toBe(200);

    // Signed out everywhere, and no account to sign in to.
    expect((await call('GET', '/api/org/alpha/account/settings', owner.token)).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/alpha/login',
      payload: { username: owner.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    // Only the tables that say why keep their account id.
    const after = await tablesNaming(t, owner.userId);
    expect(after.filter((table) => PERSONAL_DATA[table]!.erase === 'delete')).toEqual([]);
    // Nothing anywhere holds their address, names, username or what they wrote.
    const traces = [
      owner.email,
      owner.username,
      'Firstowner',
      'Lastowner',
      'sub-owner',
      ...owner.secrets.filter((s) => /^(WB|MSG|ANS)-/.test(s)),
    ];
    const found: string[] = [];
    for (const [table, rows] of Object.entries(await everyRow(t)))
      for (const trace of traces)
        // The audit log is never changed (design §15): an administrator's change about them
        // stays as it was written, read by the organisation's administrators only.
        if (table !== 'audit_events')
          if (rows.some((row) => row.includes(trace))) found.push(`${table}: ${trace}`);
    expect(found).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    // Their orders stay for the accounts, without a name.
    const orders = await call(
      'GET',
      `/api/org/alpha/admin/orders/${owner.ids.orderId}`,
      w.other.token,
    );
    expect(orders.statusCode).toBe(200);
    expect(orders.json().order.buyer).toMatchObject({ name: '', email: '', username: '' });
    // Their messages read "deleted" to the cohort's member; the member's own stays.
    const member = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '=', owner.ids.accountId)
      .executeTakeFirst();
    expect(member).toBeDefined();
    const rows = await db.kysely
      .selectFrom('messages')
      .select(['author_id', 'body'])
      .where('group_id', '=', owner.ids.groupId)
      .execute();
    expect(rows.filter((r) => r.author_id === owner.userId).map((r) => r.body)).toEqual(['', '']);
    expect(rows.some((r) => r.author_id === owner.ids.accountId && r.body.startsWith('ASK-'))).toBe(
      true,
    );
    // The audit log says it happened, naming no one.
    const audit = await call(
      'GET',
      '/api/org/alpha/admin/audit?action=account.erase',
      w.other.token,
    );
    expect(audit.json().events[0]).toMatchObject({
      action: 'account.erase',
      target: `person:${owner.userId}`,
    });
    // Another learner's data is untouched.
    const othersAfter = (await call('GET', '/api/org/alpha/account/export', w.other.token)).json();
    expect({ ...othersAfter, exportedAt: '', sessions: [] }).toEqual({
      ...othersBefore,
      exportedAt: '',
      sessions: [],
      account: {
        ...othersBefore.account,
        roles: ['admin'],
        updatedAt: othersAfter.account.updatedAt,
      },
    });
  });

  it('shows the erased author’s messages to the cohort’s member as deleted, with no name', async () => {
    // The world's cohort member (their username is among the owner's secrets, after the workbook's).
    const username = owner.secrets[6]!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/alpha/login',
      payload: { username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    const url = `/api/org/alpha/userGroup/${owner.ids.groupId}/message`;
    expect((await call('POST', url, token, { body: 'Still here' })).statusCode).toBe(200);
    const res = await call('GET', url, token);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as Array<{
      body: string;
      deleted?: boolean;
      account: { _id: string; name: object };
    }>;
    const erased = results.filter((m) => m.account._id === owner.userId);
    expect(erased.length).toBeGreaterThan(0);
    for (const m of erased) {
      expect(m).toMatchObject({
        body: '',
        deleted: true,
        account: { name: { first: '', last: '' } },
      });
    }
    expect(results.find((m) => m.body === 'Still here')?.deleted).toBeUndefined();
  });

  it('lets an administrator erase a person of their organisation only, with their own password', async () => {
    const person = w.stranger.ids.accountId;
    const url = (org: string, id: string) => `/api/org/${org}/admin/people/${id}`;
    expect(
      (
        await call('DELETE', url('bravo', w.stranger.userId), w.stranger.token, {
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', url('bravo', w.other.userId), w.stranger.token, { password: PASSWORD }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', url('bravo', person), w.stranger.token, { password: 'not-it' }))
        .statusCode,
    ).toBe(400);
    const res = await call('DELETE', url('bravo', person), w.stranger.token, {
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', url('bravo', person), w.stranger.token)).statusCode).toBe(404);
    expect(
      (await call('DELETE', url('bravo', person), w.stranger.token, { password: PASSWORD }))
        .statusCode,
    ).toBe(404);
    // Gone from the console's people.
    const people = await call('GET', '/api/org/bravo/admin/people', w.stranger.token);
    expect(people.body).not.toContain(person);
    const audit = await call(
      'GET',
      '/api/org/bravo/admin/audit?action=person.erase',
      w.stranger.token,
    );
    expect(audit.json().events[0]).toMatchObject({
      actor: { _id: w.stranger.userId },
      action: 'person.erase',
    });
  });

  it('erases an account right after a sign-in without asking the password again', async () => {
    const { token, body } = await signup(t.app, 'alpha', newLearner('fresh'));
    const res = await call('DELETE', '/api/org/alpha/account', token, {});
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/org/alpha/signup',
      payload: body,
      remoteAddress: '10.201.0.1',
    });
    // The username and address are free again.
    expect(again.statusCode).toBe(200);
  });
});
