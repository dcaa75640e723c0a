import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles, studioTopic } from '../../test/studio';

/**
 * The audit log (docs/design.md §15) on a real app and database: the studio's changes are in it
 * with who, when, before and after; it filters by actor, action, target and time, pages newest
 * first, exports as CSV; only the organisation's administrators read it, and only their own
 * organisation's; the database refuses to change an event.
 */

const ORG = 'audited';
const RIVAL = 'rivalorg';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;
interface EventBody {
  _id: string;
  at: string;
  actor: { _id: string; name: string; username: string } | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

describe.each(DATABASE_KINDS)('the audit log on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let author: Account;
  let learner: Account;
  let rivalAdmin: Account;

  const studio = (method: InjectOptions['method'], path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/org/${ORG}/studio${path}`,
      headers: author.headers,
      ...(payload && { payload }),
    });
  const audit = (query = '', who: Account | null = admin, org = ORG, csv = false) =>
    t.app.inject({
      method: 'GET',
      url: `/api/org/${org}/admin/audit${csv ? '.csv' : ''}${query}`,
      ...(who && { headers: who.headers }),
    });
  const events = async (query = '') => {
    const answer = await audit(query);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { events: EventBody[]; next: string | null };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack(ORG));
    await mustImport(t.database.db, makePack(RIVAL));
    admin = await accountWithRoles(t, ORG, ['admin'], 'boss');
    author = await accountWithRoles(t, ORG, ['author'], 'writer');
    learner = await accountWithRoles(t, ORG, [], 'pupil');
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'rival');
    // Changes made in the studio: a creation, a save, a publish with a note, an archive.
    const topic = studioTopic('audit-me');
    expect((await studio('POST', '/topics', { topic })).statusCode).toBe(201);
    const renamed = { ...topic, name: { 'en-US': 'Renamed', 'fr-CA': 'Renommé' } };
    expect(
      (await studio('PUT', '/topic/audit-me', { topic: renamed, version: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await studio('POST', '/topic/audit-me/publish', { note: 'First, "quoted"' })).statusCode,
    ).toBe(200);
    expect((await studio('POST', '/topic/audit-me/archive', { archived: true })).statusCode).toBe(
      200,
    );
    // The rival organisation has its own change, which must never show in this one's log.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/org/${RIVAL}/studio/topics`,
          headers: rivalAdmin.headers,
          payload: { topic: studioTopic('rival-topic') },
        })
      ).statusCode,
    ).toBe(201);
  });
  afterAll(async () => t?.close());

  it('shows every change, newest first, with who made it, before and after', async () => {
    const { events: everything } = await events();
    // The pack's import by the CLI came first: the system's, with what it changed.
    expect(everything.at(-1)).toMatchObject({
      actor: null,
      action: 'pack.import',
      target: 'organisation',
      before: null,
      after: { topics: { created: expect.arrayContaining(['budgeting', 'secret-topic']) } },
    });
    const { events: list, next } = await events('?action=topic.');
    expect(next).toBeNull();
    expect(list.map((e) => e.action)).toEqual([
      'topic.archive',
      'topic.publish',
      'topic.save',
      'topic.create',
    ]);
    expect(list.every((e) => e.target === 'topic:audit-me')).toBe(true);
    expect(list[0]).toMatchObject({
      actor: { _id: author.userId, name: author.name },
      before: { archived: false },
      after: { archived: true },
    });
    expect(list[1]).toMatchObject({
      before: { publishedVersion: null },
      after: { publishedVersion: 1 },
    });
    expect(list[2]).toMatchObject({ before: { draftVersion: 1 }, after: { draftVersion: 2 } });
    expect(list[3]).toMatchObject({
      before: null,
      after: { draftVersion: 1, name: { 'en-US': 'Topic audit-me' } },
    });
    const times = list.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by action (or a family of actions), actor, target and time', async () => {
    expect((await events('?action=topic.publish')).events.map((e) => e.action)).toEqual([
      'topic.publish',
    ]);
    expect((await events('?action=topic.')).events).toHaveLength(4);
    expect((await events('?action=catalogue.')).events).toHaveLength(0);
    expect((await events(`?actor=${author.userId}`)).events).toHaveLength(4);
    expect((await events(`?actor=${admin.userId}`)).events).toHaveLength(0);
    expect((await events('?actor=system')).events.map((e) => e.action)).toEqual(['pack.import']);
    expect((await events('?target=topic:audit-me')).events).toHaveLength(4);
    expect((await events('?target=topic:rival-topic')).events).toHaveLength(0);
    const all = (await events()).events;
    const newest = all[0]!.at;
    expect((await events(`?from=${encodeURIComponent(newest)}`)).events[0]!.at).toBe(newest);
    expect((await events(`?to=${encodeURIComponent(all.at(-1)!.at)}`)).events).toHaveLength(0);
    expect(all).toHaveLength(5);
    expect((await events('?from=2000-01-01&to=2000-01-02')).events).toHaveLength(0);
  });

  it('pages newest first with a cursor, each event once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { events: EventBody[]; next: string | null } = await events(
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.events.length).toBeLessThanOrEqual(1);
      seen.push(...page.events.map((e) => e._id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual((await events()).events.map((e) => e._id));
  });

  it('answers bad filters with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=500', 'limit'],
      ['?action=DROP%20TABLE', 'action'],
      ['?from=yesterday', 'from'],
      ['?cursor=not%20a%20cursor', 'cursor'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
    ] as const) {
      const answer = await audit(query);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json().errfor ?? {}), query).toContain(field);
      expect(answer.json().errors[0], query).toEqual(expect.any(String));
    }
  });

  it('exports the same events as CSV, quoted where needed', async () => {
    const answer = await audit('?action=topic.', admin, ORG, true);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="audit-audited-/);
    const lines = answer.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor,actorName,action,target,before,after');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(
      ',topic.archive,topic:audit-me,"{""archived"":false}","{""archived"":true}"',
    );
    expect(lines[2]).toContain(`,${author.name},topic.publish,`);
    expect(
      (await audit('?action=topic.publish', admin, ORG, true)).body.trimEnd().split('\r\n'),
    ).toHaveLength(2);
  });

  it('is read by the organisation’s administrators only: 401 for a visitor, 403 for an author or a learner, 401 for another organisation’s administrator', async () => {
    for (const csv of [false, true]) {
      expect((await audit('', null, ORG, csv)).statusCode).toBe(401);
      const byAuthor = await audit('', author, ORG, csv);
      expect(byAuthor.statusCode).toBe(403);
      expect(byAuthor.json().errors[0]).toBe(
        'Only the organisation’s administrators may use the console.',
      );
      expect((await audit('', learner, ORG, csv)).statusCode).toBe(403);
      expect((await audit('', rivalAdmin, ORG, csv)).statusCode).toBe(401);
    }
    // The rival's administrator reads the rival's log: its own change, none of this one's.
    const rival = await audit('', rivalAdmin, RIVAL);
    expect(rival.statusCode).toBe(200);
    expect((rival.json() as { events: EventBody[] }).events.map((e) => e.target)).toEqual([
      'topic:rival-topic',
      'organisation',
    ]);
    // Another organisation's event id as a target finds nothing here.
    expect((await events('?target=topic:rival-topic')).events).toEqual([]);
  });

  it('never changes an event: the database refuses an update', async () => {
    await expect(
      t.database.db.kysely.updateTable('audit_events').set({ action: 'topic.forged' }).execute(),
    ).rejects.toThrow(/never changed/);
    expect((await events('?action=topic.forged')).events).toEqual([]);
  });
});
