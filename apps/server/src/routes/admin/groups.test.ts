import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles } from '../../test/studio';

/**
 * The console's user groups (docs/design.md §15) on a real app and database: an administrator
 * makes a group, names it in both locales, grants it this organisation's topics (another's are
 * refused), names its administrators by email; the group's members then see its topics; every
 * change is in the audit log with before and after; nobody else reaches any of it.
 */

const ORG = 'grouped';
const RIVAL = 'rivalgrp';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;
interface GroupBody {
  _id: string;
  name: unknown;
  topics: string[];
  admins: { _id: string; name: string; email: string }[];
  members: number;
  cohorts: unknown[];
  sso: unknown;
}

describe.each(DATABASE_KINDS)('the console’s user groups on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let author: Account;
  let learner: Account;
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
      ...(who && { headers: { ...who.headers, 'accept-language': 'en-US' } }),
      ...(payload && { payload }),
    });
  const auditOf = async (targetId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/org/${ORG}/admin/audit?target=group:${targetId}`,
        headers: admin.headers,
      })
    ).json().events as { action: string; before: unknown; after: unknown }[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack(ORG));
    await mustImport(t.database.db, makePack(RIVAL));
    admin = await accountWithRoles(t, ORG, ['admin'], 'boss');
    author = await accountWithRoles(t, ORG, ['author'], 'writer');
    learner = await accountWithRoles(t, ORG, [], 'pupil');
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'rival');
  });
  afterAll(() => t?.close());

  it('lists the pack’s groups with their topics and members, and the topics a group may grant', async () => {
    const answer = await call('GET', '/groups');
    expect(answer.statusCode, answer.body).toBe(200);
    const { groups, topics } = answer.json() as { groups: GroupBody[]; topics: { _id: string }[] };
    expect(groups).toEqual([
      expect.objectContaining({
        _id: 'insiders',
        topics: ['secret-topic'],
        members: 1,
        admins: [],
      }),
    ]);
    expect(topics.map((x) => x._id)).toEqual(['budgeting', 'secret-topic']);
  });

  it('makes a group, grants it topics, names an administrator, and its member sees the topics', async () => {
    const made = await call('POST', '/groups', {
      _id: 'night-shift',
      name: { 'en-US': 'Night shift', 'fr-CA': 'Équipe de nuit' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().group).toMatchObject({ _id: 'night-shift', topics: [], admins: [] });
    const again = await call('POST', '/groups', { _id: 'night-shift', name: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toBe('A user group with the id night-shift already exists.');

    const saved = await call('PUT', '/group/night-shift', {
      name: { 'en-US': 'Night crew', 'fr-CA': 'Équipe de nuit' },
      topics: ['secret-topic'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().group.topics).toEqual(['secret-topic']);

    // The learner, named its administrator, now sees the private topic it grants.
    const pupilEmail = (
      await t.database.db.kysely
        .selectFrom('users')
        .select('email')
        .where('id', '=', learner.userId)
        .executeTakeFirstOrThrow()
    ).email;
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/topic/secret-topic`,
      headers: learner.headers,
    });
    expect(before.statusCode).toBe(403);
    const named = await call('POST', '/group/night-shift/admins', {
      email: pupilEmail.toUpperCase(),
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().group.admins).toEqual([
      expect.objectContaining({ _id: learner.userId, email: pupilEmail }),
    ]);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/topic/secret-topic`,
      headers: learner.headers,
    });
    expect(after.statusCode, after.body).toBe(200);

    const events = await auditOf('night-shift');
    expect(events.map((e) => e.action)).toEqual(['group.admins', 'group.save', 'group.create']);
    expect(events[1]).toMatchObject({
      before: { name: { 'en-US': 'Night shift' }, topics: [] },
      after: { name: { 'en-US': 'Night crew' }, topics: ['secret-topic'] },
    });
    expect(events[0]).toMatchObject({ before: { admins: [] }, after: { admins: [pupilEmail] } });

    const removed = await call('DELETE', `/group/night-shift/admins/${learner.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().group.admins).toEqual([]);
    expect((await call('DELETE', `/group/night-shift/admins/${learner.userId}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input, unknown topics and accounts, and another organisation’s topics', async () => {
    expect((await call('POST', '/groups', { _id: 'bad id!', name: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/groups', { _id: 'ok' })).statusCode).toBe(400);
    const unknown = await call('PUT', '/group/insiders', { name: 'Insiders', topics: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toBe('There is no topic nope.');
    const noAccount = await call('POST', '/group/insiders/admins', {
      email: 'nobody@else.example',
    });
    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json().errors[0]).toBe(
      'No account of this organisation has the email nobody@else.example.',
    );
    // The rival's learner is no account of this organisation.
    const rivalLearner = await call('POST', '/group/insiders/admins', {
      email: `learner@${RIVAL}.example`,
    });
    expect(rivalLearner.statusCode).toBe(404);
    expect(
      (await call('POST', '/group/insiders/admins', { email: 'not-an-email' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/group/missing', { name: 'x', topics: [] })).statusCode).toBe(404);
  });

  it('refuses everyone but this organisation’s administrators, and another organisation’s groups', async () => {
    expect((await call('GET', '/groups', undefined, null)).statusCode).toBe(401);
    for (const who of [learner, author]) {
      expect((await call('GET', '/groups', undefined, who)).statusCode).toBe(403);
      expect((await call('POST', '/groups', { _id: 'sneaky', name: 'x' }, who)).statusCode).toBe(
        403,
      );
      expect(
        (await call('PUT', '/group/insiders', { name: 'x', topics: [] }, who)).statusCode,
      ).toBe(403);
    }
    // The rival's administrator cannot use this organisation's console...
    expect((await call('GET', '/groups', undefined, rivalAdmin)).statusCode).toBe(401);
    // ...and in their own, this organisation's group ids name nothing of theirs.
    const theirs = await call(
      'PUT',
      '/group/night-shift',
      { name: 'x', topics: [] },
      rivalAdmin,
      RIVAL,
    );
    expect(theirs.statusCode).toBe(404);
    expect(
      (await call('POST', '/group/night-shift/admins', { email: 'a@b.example' }, rivalAdmin, RIVAL))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'DELETE',
          `/group/night-shift/admins/${admin.userId}`,
          undefined,
          rivalAdmin,
          RIVAL,
        )
      ).statusCode,
    ).toBe(404);
    // Nothing of this organisation shows in the rival's list.
    const list = await call('GET', '/groups', undefined, rivalAdmin, RIVAL);
    expect(list.body).not.toContain('night-shift');
  });

  it('a pack import rewrites the organisation’s groups: packs and the console edit the same ones', async () => {
    await mustImport(t.database.db, makePack(ORG, { users: [] } as never));
    const { groups } = (await call('GET', '/groups')).json() as { groups: GroupBody[] };
    // The pack names only "insiders": the groups are the pack's again, as after any import.
    expect(groups.map((g) => g._id)).toEqual(['insiders']);
  });
});
