import { topicSchema, type Topic } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventsOf } from '../../db/repositories/audit-events';
import { findOrganisation } from '../../db/repositories/organisations';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles, studioTopic } from '../../test/studio';

/**
 * The studio's API (docs/design.md §14) on a real app and database: every route's happy path,
 * its refusals (400 with errfor by JSON path, 401, 403, 404, 409 stale), another organisation's
 * author and ids, and the audit trail of every change.
 */

const ORG = 'studio';
const RIVAL = 'rival';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;

describe.each(DATABASE_KINDS)('the studio API on %s', (kind) => {
  let t: TestApp;
  let author: Account;
  let admin: Account;
  let learner: Account;
  let rivalAuthor: Account;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack(ORG));
    await mustImport(t.database.db, makePack(RIVAL));
    author = await accountWithRoles(t, ORG, ['author'], 'author');
    admin = await accountWithRoles(t, ORG, ['admin'], 'admin');
    learner = await accountWithRoles(t, ORG, [], 'learner');
    rivalAuthor = await accountWithRoles(t, RIVAL, ['author'], 'rival');
  });
  afterAll(async () => t?.close());

  const send = (
    method: InjectOptions['method'],
    path: string,
    who: Account | null,
    payload?: unknown,
    org = ORG,
  ) =>
    t.app.inject({
      method,
      url: `/api/org/${org}/studio${path}`,
      ...(who && { headers: who.headers }),
      ...(payload !== undefined && { payload: payload as object }),
    });

  const learnerGet = (path: string, who?: Account) =>
    t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}${path}`,
      ...(who && { headers: who.headers }),
    });

  /** Every studio route of this module, with a valid request. */
  const everyRoute = (topicId: string): Array<[InjectOptions['method'], string, unknown?]> => [
    ['GET', '/topics'],
    ['POST', '/topics', { topic: studioTopic(`made-${Math.random().toString(36).slice(2, 8)}`) }],
    ['GET', `/topic/${topicId}`],
    ['PUT', `/topic/${topicId}`, { topic: studioTopic(topicId), version: 999 }],
    ['POST', `/topic/${topicId}/publish`, {}],
    ['GET', `/topic/${topicId}/versions`],
    ['GET', `/topic/${topicId}/versions/1`],
    ['POST', `/topic/${topicId}/restore`, { version: 1 }],
    ['POST', `/topic/${topicId}/archive`, { archived: false }],
    ['GET', `/topic/${topicId}/answers`],
    ['POST', `/topic/${topicId}/presence`],
    ['GET', '/catalogue'],
    ['PUT', '/catalogue', { topicGroups: [], grants: {}, order: [], version: 999_999 }],
  ];

  it('refuses visitors (401), learners (403, studioForbidden) and other organisations’ authors (401)', async () => {
    for (const [method, path, body] of everyRoute('budgeting')) {
      const visitor = await send(method, path, null, body);
      expect(visitor.statusCode, `${method} ${path} visitor`).toBe(401);
      const asLearner = await send(method, path, learner, body);
      expect(asLearner.statusCode, `${method} ${path} learner`).toBe(403);
      expect(asLearner.json().errors[0]).toMatch(/authors and administrators/);
      const rival = await send(method, path, rivalAuthor, body);
      expect(rival.statusCode, `${method} ${path} rival author`).toBe(401);
      expect(rival.body).not.toContain('Budgeting');
    }
  });

  it('answers another organisation’s topic ids as unknown ones (404), to its own author too', async () => {
    // bravo's own topic exists there; here it is unknown, as an id nobody has.
    await mustImport(
      t.database.db,
      makePack(RIVAL, {
        topics: [...(makePack(RIVAL).topics ?? []), studioTopic('rival-only') as never],
      }),
    );
    for (const id of ['rival-only', 'no-such-topic']) {
      for (const [method, path, body] of everyRoute(id).filter(([, p]) => p.includes(id))) {
        const res = await send(method, path, author, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.body).not.toContain('Sujet rival-only');
      }
    }
    const own = await send('GET', '/topic/rival-only', rivalAuthor, undefined, RIVAL);
    expect(own.statusCode).toBe(200);
  });

  it('lists topics with their draft state, versions, archive and untranslated texts', async () => {
    const res = await send('GET', '/topics', admin);
    expect(res.statusCode, res.body).toBe(200);
    const { topics, general } = res.json();
    expect(general).toBe(`${ORG}-general`);
    expect(topics.map((x: { _id: string }) => x._id)).toEqual(['budgeting', 'secret-topic']);
    expect(topics[0]).toMatchObject({
      _id: 'budgeting',
      name: { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
      hasDraft: false,
      publishedVersion: 1,
      archived: false,
      updatedBy: null,
      untranslated: 0,
    });
    expect(topics[1].name).toEqual({ 'en-US': 'Secret topic', 'fr-CA': 'Secret topic' });
  });

  it('creates a topic as a draft (201), refuses a taken id (409) and bad input (400 by JSON path)', async () => {
    const topic = studioTopic('created');
    topic.pages[0]!.fragments[0] = {
      _id: 'created-f1',
      type: 'content',
      content: { 'en-US': '<p>Hi<script>alert(1)</script></p>', 'fr-CA': '' },
    } as Topic['pages'][number]['fragments'][number];
    const res = await send('POST', '/topics', author, { topic });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      version: 1,
      publishedVersion: null,
      updatedBy: { _id: author.userId, name: author.name },
    });
    // Sanitised as a pack import sanitises.
    expect(created.topic.pages[0].fragments[0].content['en-US']).toBe('<p>Hi</p>');

    const listed = (await send('GET', '/topics', author)).json().topics;
    expect(listed.find((x: { _id: string }) => x._id === 'created')).toMatchObject({
      hasDraft: true,
      publishedVersion: null,
      untranslated: 1,
      updatedBy: { _id: author.userId },
    });

    for (const id of ['created', 'budgeting']) {
      const again = await send('POST', '/topics', author, { topic: studioTopic(id) });
      expect(again.statusCode, id).toBe(409);
      expect(again.json().errors[0]).toContain(id);
    }

    // A schema problem: errfor keyed by the path inside the topic.
    const bad = studioTopic('bad') as unknown as { pages: Array<{ name: unknown }> };
    bad.pages[0]!.name = 42;
    const invalid = await send('POST', '/topics', author, { topic: bad });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errfor)).toEqual(['pages.0.name']);

    // A problem the pack's rules find: the same field id twice.
    const twice = studioTopic('twice');
    twice.pages[0]!.fragments.push({
      ...twice.pages[0]!.fragments[1]!,
      _id: 'twice-f4',
    });
    const dup = await send('POST', '/topics', author, { topic: twice });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errfor).toHaveProperty(['pages.0.fragments.3.field._id']);
    expect((await send('GET', '/topic/twice', author)).statusCode).toBe(404);
  });

  it('reads, saves and refuses a stale save with the stored draft, applying nothing', async () => {
    const read = await send('GET', '/topic/budgeting', author);
    expect(read.statusCode).toBe(200);
    const draft = read.json();
    expect(draft).toMatchObject({ version: 1, publishedVersion: 1, updatedBy: null });
    // Correct values travel to authors.
    expect(draft.topic.pages[0].fragments[1].field.correctValue).toBe(100);

    const renamed = { ...draft.topic, name: { 'en-US': 'Budgeting 2', 'fr-CA': 'Budget 2' } };
    const saved = await send('PUT', '/topic/budgeting', author, {
      topic: renamed,
      version: draft.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ topic: topicSchema.parse(renamed), version: 2 });

    const stale = await send('PUT', '/topic/budgeting', admin, {
      topic: { ...draft.topic, name: 'Lost?' },
      version: draft.version,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.version).toBe(2);
    expect(body.topic.name).toEqual({ 'en-US': 'Budgeting 2', 'fr-CA': 'Budget 2' });
    expect(body.errors[0]).toMatch(/not applied/);
    const after = (await send('GET', '/topic/budgeting', author)).json();
    expect(after.version).toBe(2);
    expect(after.topic.name['en-US']).toBe('Budgeting 2');

    const moved = await send('PUT', '/topic/budgeting', author, {
      topic: { ...renamed, _id: 'elsewhere' },
      version: 2,
    });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().errfor)).toEqual(['_id']);
    // Learners still read the published name.
    expect((await learnerGet('/topic/budgeting')).json().topic.name).toBe('Budgeting');
    expect((await send('GET', '/topics', author)).json().topics[0].hasDraft).toBe(true);
  });

  it('publishes with a note, lists versions with who and why, reads and restores one', async () => {
    const published = await send('POST', '/topic/budgeting/publish', admin, {
      note: ' Renamed ',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ publishedVersion: 2 });
    expect((await learnerGet('/topic/budgeting')).json().topic.name).toBe('Budgeting 2');
    // Nothing new: the same version.
    expect((await send('POST', '/topic/budgeting/publish', admin, {})).json()).toEqual({
      publishedVersion: 2,
    });

    const versions = (await send('GET', '/topic/budgeting/versions', author)).json().versions;
    expect(versions).toEqual([
      {
        version: 2,
        publishedAt: expect.any(String),
        publishedBy: { _id: admin.userId, name: admin.name },
        note: 'Renamed',
      },
      { version: 1, publishedAt: expect.any(String), publishedBy: null, note: null },
    ]);
    const one = await send('GET', '/topic/budgeting/versions/1', author);
    expect(one.statusCode).toBe(200);
    expect(one.json().topic.name).toEqual({ 'en-US': 'Budgeting', 'fr-CA': 'Budget' });
    expect((await send('GET', '/topic/budgeting/versions/9', author)).statusCode).toBe(404);
    expect((await send('GET', '/topic/budgeting/versions/0', author)).statusCode).toBe(400);

    const restored = await send('POST', '/topic/budgeting/restore', author, { version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, topic: { name: one.json().topic.name } });
    expect(
      (await send('POST', '/topic/budgeting/restore', author, { version: 7 })).statusCode,
    ).toBe(404);
    // A restore changes the draft only.
    expect((await learnerGet('/topic/budgeting')).json().topic.name).toBe('Budgeting 2');
    const newest = await send('POST', '/topic/budgeting/publish', author, {});
    expect(newest.json()).toEqual({ publishedVersion: 3 });
    expect((await learnerGet('/topic/budgeting')).json().topic.name).toBe('Budgeting');
  });

  it('refuses to publish unknown formula references and loops (400, by JSON path)', async () => {
    const topic = studioTopic('formulas');
    expect((await send('POST', '/topics', author, { topic })).statusCode).toBe(201);
    const broken = structuredClone(topic);
    const formula = broken.pages[0]!.fragments[2] as { formula: { body: string } };
    formula.formula.body = '<span data-ref="nowhere"></span> + 1';
    expect(
      (await send('PUT', '/topic/formulas', author, { topic: broken, version: 1 })).statusCode,
    ).toBe(200);
    const refused = await send('POST', '/topic/formulas/publish', author, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatch(/cannot be published.*nowhere/);
    expect(refused.json().errfor).toEqual({
      'pages.0.fragments.2.formula.body': expect.stringContaining('nowhere'),
    });

    const looping = structuredClone(topic);
    (looping.pages[0]!.fragments[2] as { formula: { body: string } }).formula.body =
      '<span data-ref="formulas-triple"></span> + 1';
    looping.pages[0]!.fragments.push({
      _id: 'formulas-f4',
      type: 'formula',
      formula: {
        _id: 'formulas-triple',
        name: 'Triple',
        body: '<span data-ref="formulas-double"></span> * 3',
      },
    } as Topic['pages'][number]['fragments'][number]);
    expect(
      (await send('PUT', '/topic/formulas', author, { topic: looping, version: 2 })).statusCode,
    ).toBe(200);
    const loop = await send('POST', '/topic/formulas/publish', author, {});
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors[0]).toMatch(
      /loop: formulas-double → formulas-triple → formulas-double/,
    );
    expect((await learnerGet('/topic/formulas')).statusCode).toBe(404);

    expect((await send('PUT', '/topic/formulas', author, { topic, version: 3 })).statusCode).toBe(
      200,
    );
    expect((await send('POST', '/topic/formulas/publish', author, {})).json()).toEqual({
      publishedVersion: 1,
    });
    expect((await learnerGet('/topic/formulas')).statusCode).toBe(200);
  });

  it('refuses to publish what the studio’s formula check refuses: a reference to what has no value', async () => {
    const topic = studioTopic('reads');
    expect((await send('POST', '/topics', author, { topic })).statusCode).toBe(201);
    const reading = structuredClone(topic);
    // A page has a score, not a value: the pack's schema takes the reference, the studio does not.
    (reading.pages[0]!.fragments[2] as { formula: { body: string } }).formula.body =
      '<span data-ref="reads-p1"></span> + 1';
    expect(
      (await send('PUT', '/topic/reads', author, { topic: reading, version: 1 })).statusCode,
    ).toBe(200);
    const refused = await send('POST', '/topic/reads/publish', author, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatch(/cannot be published.*reads-p1.*no value/);
    expect(refused.json().errfor).toEqual({
      'pages.0.fragments.2.formula.body': expect.stringContaining('reads-p1'),
    });
    expect((await learnerGet('/topic/reads')).statusCode).toBe(404);
  });

  it('archives a topic: hidden from learners everywhere, answers kept; and brings it back', async () => {
    const worksheet = { name: 'Mine', data: { income: 120 }, completedPages: [] };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/org/${ORG}/workbook`,
      headers: learner.headers,
      payload: { workbook: { topics: { budgeting: [worksheet] } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const counts = await send('GET', '/topic/budgeting/answers', author);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ fields: { income: 1 } });

    const search = async () =>
      (await learnerGet('/search?keywords=income'))
        .json()
        .topics.map((x: { _id: string }) => x._id);
    expect(await search()).toContain('budgeting');
    const archived = await send('POST', '/topic/budgeting/archive', author, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ archived: true });
    expect((await learnerGet('/topic/budgeting', learner)).statusCode).toBe(404);
    const view = (await learnerGet('', learner)).json();
    expect(view.topics.map((x: { _id: string }) => x._id)).not.toContain('budgeting');
    expect(JSON.stringify(view.topicGroups)).not.toContain('budgeting');
    expect(await search()).not.toContain('budgeting');
    expect((await learnerGet('/budgeting-f1/content')).statusCode).toBe(404);
    const topics = (await send('GET', '/topics', author)).json().topics;
    expect(topics.find((x: { _id: string }) => x._id === 'budgeting').archived).toBe(true);
    // The learner's answer is still there.
    expect((await send('GET', '/topic/budgeting/answers', author)).json()).toEqual({
      fields: { income: 1 },
    });

    const back = await send('POST', '/topic/budgeting/archive', author, { archived: false });
    expect(back.json()).toEqual({ archived: false });
    expect((await learnerGet('/topic/budgeting', learner)).statusCode).toBe(200);
    expect(await search()).toContain('budgeting');
  });

  it('tells authors on one topic of each other within 45 s, never themselves', async () => {
    const beat = (who: Account) => send('POST', '/topic/budgeting/presence', who);
    const first = await beat(author);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ editors: [] });
    const second = await beat(admin);
    expect(second.json().editors).toEqual([
      { _id: author.userId, name: author.name, since: expect.any(String) },
    ]);
    expect((await beat(author)).json().editors.map((e: { _id: string }) => e._id)).toEqual([
      admin.userId,
    ]);
    expect((await send('POST', '/topic/secret-topic/presence', admin)).json().editors).toEqual([]);
  });

  it('reads and saves the catalogue at its version: groups, order, grants; 409 when stale', async () => {
    const read = await send('GET', '/catalogue', author);
    expect(read.statusCode).toBe(200);
    const catalogue = read.json();
    expect(catalogue.topicGroups.map((g: { _id: string }) => g._id)).toEqual([
      'group-money',
      'group-hidden',
    ]);
    expect(catalogue.userGroups).toEqual([
      {
        _id: 'insiders',
        name: { 'en-US': 'Insiders', 'fr-CA': 'Insiders' },
        topics: ['secret-topic'],
      },
    ]);
    expect(catalogue.order.slice(0, 2)).toEqual(['budgeting', 'secret-topic']);

    const order = [...catalogue.order].reverse();
    const body = {
      topicGroups: [{ ...catalogue.topicGroups[0], topics: ['secret-topic', 'budgeting'] }],
      grants: { insiders: ['secret-topic', 'budgeting'] },
      order,
      version: catalogue.version,
    };
    const saved = await send('PUT', '/catalogue', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      version: catalogue.version + 1,
      order,
      topicGroups: [{ _id: 'group-money', topics: ['secret-topic', 'budgeting'] }],
      userGroups: [{ _id: 'insiders', topics: ['secret-topic', 'budgeting'] }],
    });
    const view = (await learnerGet('')).json();
    expect(view.topicGroups.map((g: { _id: string }) => g._id)).toEqual(['group-money']);
    expect(view.topics.map((x: { _id: string }) => x._id)).toEqual(
      order.filter((id: string) => view.topics.some((x: { _id: string }) => x._id === id)),
    );

    const stale = await send('PUT', '/catalogue', author, body);
    expect(stale.statusCode).toBe(409);
    expect((await send('GET', '/catalogue', author)).json().version).toBe(catalogue.version + 1);

    const unknown = await send('PUT', '/catalogue', author, {
      ...body,
      grants: { nope: [], insiders: ['ghost'] },
      version: catalogue.version + 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errfor).toEqual({
      'grants.nope': 'There is no user group nope.',
      'grants.insiders.0': 'There is no topic ghost.',
    });
    const badBody = await send('PUT', '/catalogue', author, { ...body, version: -1 });
    expect(badBody.statusCode).toBe(400);
    expect(Object.keys(badBody.json().errfor)).toEqual(['version']);
  });

  it('audits every change with who made it', async () => {
    const orgId = (await findOrganisation(t.database.db, ORG))!.id;
    // The studio's events (the CLI's pack imports are the system's).
    const events = (await auditEventsOf(t.database.db, orgId)).filter(
      (e) => e.action !== 'pack.import',
    );
    const actions = new Set(events.map((e) => e.action));
    for (const action of [
      'topic.create',
      'topic.save',
      'topic.publish',
      'topic.restore',
      'topic.archive',
      'topic.unarchive',
      'catalogue.save',
    ])
      expect(actions, action).toContain(action);
    const publish = events.find((e) => e.action === 'topic.publish' && e.detail.note === 'Renamed');
    expect(publish).toMatchObject({ actor: { id: admin.userId }, target: 'topic:budgeting' });
    expect(events.every((e) => e.actor?.id === author.userId || e.actor?.id === admin.userId)).toBe(
      true,
    );
    // Refused changes wrote nothing: one creation per created topic.
    expect(
      events
        .filter((e) => e.action === 'topic.create')
        .map((e) => e.target)
        .sort(),
    ).toEqual(
      [
        'topic:created',
        'topic:formulas',
        'topic:reads',
        ...events
          .filter((e) => e.action === 'topic.create' && e.target.startsWith('topic:made-'))
          .map((e) => e.target),
      ].sort(),
    );
  });
});
