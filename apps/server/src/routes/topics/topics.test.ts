import type { TopicView } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { waitUntil } from '../../test/wait';

const LONG = `<p>${'Budgeting is planning. '.repeat(300)}</p>`;

function topicsPack(alias: string) {
  const base = makePack(alias);
  return makePack(alias, {
    topics: [
      {
        ...base.topics![0]!,
        topicImage: { secure_url: '/media/x.svg' },
        pages: [
          ...base.topics![0]!.pages,
          {
            _id: `${alias}-long`,
            name: { 'en-US': 'Long read', 'fr-CA': 'Longue lecture' },
            fragments: [
              { _id: `${alias}-long-body`, type: 'content', content: { 'en-US': LONG } },
              {
                _id: `${alias}-video`,
                type: 'attachment',
                attachment: {
                  url: '/media/intro.mp4',
                  name: { 'en-US': 'Intro', 'fr-CA': 'Intro FR' },
                  captions: { 'en-US': '/media/intro.en.vtt', 'fr-CA': '/media/intro.fr.vtt' },
                },
              },
              {
                _id: `${alias}-sum`,
                type: 'formula',
                formula: {
                  _id: `${alias}-total`,
                  name: 'Total',
                  body: '<span data-ref="income"></span> * 2',
                  format: 'currency',
                },
              },
              {
                _id: `${alias}-pick`,
                type: 'field',
                field: {
                  _id: `${alias}-choice`,
                  name: 'Choice',
                  type: 'select',
                  pickList: [
                    { _id: 'a', value: 'a', label: { 'en-US': 'Apple', 'fr-CA': 'Pomme' } },
                  ],
                  defaultValue: 'a',
                },
              },
              {
                _id: `${alias}-tbl`,
                type: 'field',
                field: {
                  _id: `${alias}-table`,
                  name: 'Table',
                  type: 'table',
                  rowCount: 1,
                  columnCount: 2,
                  cells: [
                    [{ defaultValue: { 'en-US': 'Rent', 'fr-CA': 'Loyer' }, isReadOnly: true }, {}],
                  ],
                },
              },
            ],
          },
          {
            _id: `${alias}-members-only`,
            name: 'Members only',
            visibility: 'Private',
            fragments: [{ _id: `${alias}-mo`, type: 'content', content: '<p>Inside</p>' }],
          },
        ],
      },
      {
        _id: 'secret-topic',
        name: 'Secret topic',
        visibility: 'Private',
        pages: [
          {
            _id: `${alias}-secret-p`,
            name: 'S',
            fragments: [
              { _id: `${alias}-secret-c`, type: 'content', content: '<p>Secret words</p>' },
            ],
          },
        ],
      },
    ],
    userGroups: [{ _id: 'insiders', name: 'Insiders', topics: ['secret-topic', 'budgeting'] }],
  });
}

describe.each(DATABASE_KINDS)('topics API on %s', (kind) => {
  let t: TestApp;
  let member: string;
  let outsider: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, topicsPack('doughmain'));
    await mustImport(t.database.db, {
      ...topicsPack('acme'),
      topics: [
        { _id: 'acme-only', name: 'Acme only', pages: [] },
        ...topicsPack('acme').topics!.slice(1),
      ],
      topicGroups: [],
      bundles: [],
      userGroups: [{ _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] }],
    });
    member = (
      await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username: 'doughmain-learner', password: 'learner-pass-1' },
      })
    ).json().token;
    outsider = (await signup(t.app, 'doughmain')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });

  it('answers a public topic to a visitor, localised, without correct answers', async () => {
    const res = await get('/api/org/doughmain/topic/budgeting?locale=fr-CA');
    expect(res.statusCode).toBe(200);
    const topic = res.json<{ topic: TopicView }>().topic;
    expect(topic).toMatchObject({
      _id: 'budgeting',
      name: 'Budget',
      isGeneral: false,
      visibility: 'Public',
      showGradeReport: false,
      hasScoredFields: true,
      imageUrl: '/media/x.svg',
    });
    expect(topic.parentTopicGroup).toEqual({
      _id: 'group-money',
      name: 'Argent',
      visibility: 'Public',
    });
    expect(topic.description).toBe('<p>Plan your <em>budget</em></p><img src="x" />');
    expect(topic.pages.map((p) => p._id)).toEqual(['budgeting-p1', 'doughmain-long']);
    const [income] = topic.pages[0]!.fragments.filter((f) => f.type === 'field');
    expect(income).toMatchObject({
      field: { _id: 'income', type: 'number', isScored: true, scoreWeight: 1, minValue: 0 },
    });
    expect(res.body).not.toMatch(/correctValue|tolerance|"100"|Members only|Inside/);
    const long = topic.pages[1]!;
    expect(long.name).toBe('Longue lecture');
    expect(long.fragments[0]).toEqual({
      _id: 'doughmain-long-body',
      type: 'content',
      content: { contentId: 'doughmain-long-body' },
    });
    expect(long.fragments[1]).toMatchObject({
      type: 'attachment',
      attachment: {
        url: '/media/intro.mp4',
        name: 'Intro FR',
        description: '',
        // The captions of the locale asked for, saying which locale they are in.
        captions: { url: '/media/intro.fr.vtt', locale: 'fr-CA' },
      },
    });
    expect(long.fragments[2]).toMatchObject({
      type: 'formula',
      formula: {
        _id: 'doughmain-total',
        body: '<span data-ref="income"></span> * 2',
        format: 'currency',
      },
    });
    expect(long.fragments[3]).toMatchObject({
      field: {
        pickList: [{ _id: 'a', value: 'a', label: 'Pomme' }],
        defaultValue: 'a',
        isScored: false,
      },
    });
    expect(long.fragments[4]).toMatchObject({
      field: { cells: [[{ defaultValue: 'Loyer', isReadOnly: true }, {}]] },
    });
  });

  it('serves content stored apart, with its locale and en-US fallback', async () => {
    const res = await get(
      '/api/org/doughmain/doughmain-long-body/content/?parent=doughmain-long&locale=fr-CA',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: { body: LONG, locale: 'en-US' } });
    expect(
      (await get('/api/org/doughmain/doughmain-long-body/content?locale=en-US')).json().content
        .locale,
    ).toBe('en-US');
    expect(
      (await get('/api/org/doughmain/doughmain-long-body/content/?parent=budgeting-p1')).statusCode,
    ).toBe(404);
    expect((await get('/api/org/doughmain/nope/content/')).statusCode).toBe(404);
    expect((await get('/api/org/doughmain/bad%20id/content/')).statusCode).toBe(400);
  });

  it('answers the general topic at "general"', async () => {
    const res = await get('/api/org/doughmain/topic/general');
    expect(res.json().topic).toMatchObject({ _id: 'general', isGeneral: true, name: 'General' });
    expect((await get('/api/org/doughmain/topic/doughmain-general')).statusCode).toBe(404);
  });

  it('refuses private topics: 401 to a visitor, 403 to a learner without the grant, 200 to a member', async () => {
    expect((await get('/api/org/doughmain/topic/secret-topic')).statusCode).toBe(401);
    const forbidden = await get('/api/org/doughmain/topic/secret-topic', outsider);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0]).toBeTruthy();
    const granted = await get('/api/org/doughmain/topic/secret-topic', member);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().topic.pages[0].fragments[0].content.body).toBe('<p>Secret words</p>');
    expect((await get('/api/org/doughmain/doughmain-secret-c/content/')).statusCode).toBe(401);
    expect((await get('/api/org/doughmain/doughmain-secret-c/content/', outsider)).statusCode).toBe(
      403,
    );
    expect((await get('/api/org/doughmain/doughmain-secret-c/content/', member)).statusCode).toBe(
      200,
    );
  });

  it('shows private pages of a public topic to members only', async () => {
    const visitorPages = (await get('/api/org/doughmain/topic/budgeting'))
      .json()
      .topic.pages.map((p: { _id: string }) => p._id);
    const memberPages = (await get('/api/org/doughmain/topic/budgeting', member))
      .json()
      .topic.pages.map((p: { _id: string }) => p._id);
    expect(visitorPages).not.toContain('doughmain-members-only');
    expect(memberPages).toContain('doughmain-members-only');
    expect((await get('/api/org/doughmain/doughmain-mo/content/')).statusCode).toBe(401);
    expect((await get('/api/org/doughmain/doughmain-mo/content/', member)).statusCode).toBe(200);
  });

  describe('the cached answer', () => {
    const pageIds = (res: { json(): unknown }) =>
      (res.json() as { topic: TopicView }).topic.pages.map((p) => p._id);
    /** A new import of doughmain (a new content hash), so the cache starts empty for it. */
    const reimport = async (name: string) => {
      const pack = topicsPack('doughmain');
      pack.topics![0]!.name = name;
      await mustImport(t.database.db, pack);
      t.organisations.invalidate('doughmain');
    };

    it('never serves a member’s answer to a visitor or to a learner without the grant', async () => {
      await reimport('Budgeting, member first');
      const first = await get('/api/org/doughmain/topic/budgeting', member);
      expect(pageIds(first)).toContain('doughmain-members-only');
      expect(first.json().topic.name).toBe('Budgeting, member first');
      const visitor = await get('/api/org/doughmain/topic/budgeting');
      expect(visitor.statusCode).toBe(200);
      expect(pageIds(visitor)).not.toContain('doughmain-members-only');
      expect(visitor.body).not.toContain('Inside');
      expect(pageIds(await get('/api/org/doughmain/topic/budgeting', outsider))).not.toContain(
        'doughmain-members-only',
      );
      expect((await get('/api/org/doughmain/topic/secret-topic', member)).statusCode).toBe(200);
      expect((await get('/api/org/doughmain/topic/secret-topic')).statusCode).toBe(401);
      expect((await get('/api/org/doughmain/topic/secret-topic', outsider)).statusCode).toBe(403);
    });

    it('lists a private page’s id in the organisation’s topic cards only to who may open it', async () => {
      await reimport('Budgeting, card ids');
      const cardPageIds = (res: { json(): unknown }) =>
        (res.json() as { topics: { _id: string; pageIds: string[] }[] }).topics.find(
          (topic) => topic._id === 'budgeting',
        )?.pageIds;
      expect(cardPageIds(await get('/api/org/doughmain'))).not.toContain('doughmain-members-only');
      expect(cardPageIds(await get('/api/org/doughmain', outsider))).not.toContain(
        'doughmain-members-only',
      );
      expect(cardPageIds(await get('/api/org/doughmain', member))).toContain(
        'doughmain-members-only',
      );
    });

    it('answers the same once the answer is fresh in this process as on its first read (issue 29)', async () => {
      await reimport('Budgeting, read twice');
      for (const viewer of [undefined, member, outsider]) {
        const first = await get('/api/org/doughmain/topic/budgeting', viewer);
        const again = await get('/api/org/doughmain/topic/budgeting', viewer);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      // A topic that is not there is remembered as such, and still answered 404.
      for (let i = 0; i < 2; i++) {
        const missing = await get('/api/org/doughmain/topic/no-such-topic');
        expect(missing.statusCode).toBe(404);
        expect(missing.json().errors).toHaveLength(1);
      }
    });

    it('never serves a visitor’s answer to a member', async () => {
      await reimport('Budgeting, visitor first');
      const visitor = await get('/api/org/doughmain/topic/budgeting');
      expect(pageIds(visitor)).not.toContain('doughmain-members-only');
      expect(visitor.json().topic.name).toBe('Budgeting, visitor first');
      expect(pageIds(await get('/api/org/doughmain/topic/budgeting', outsider))).not.toContain(
        'doughmain-members-only',
      );
      expect(pageIds(await get('/api/org/doughmain/topic/budgeting', member))).toContain(
        'doughmain-members-only',
      );
      // And per locale.
      const fr = await get('/api/org/doughmain/topic/budgeting?locale=fr-CA', member);
      expect(fr.json().topic.pages[1].name).toBe('Longue lecture');
      expect(pageIds(fr)).toContain('doughmain-members-only');
    });

    it('sees an import by another process within the revalidation interval', async () => {
      await reimport('Budgeting, before');
      expect((await get('/api/org/doughmain/topic/budgeting')).json().topic.name).toBe(
        'Budgeting, before',
      );
      const pack = topicsPack('doughmain');
      pack.topics![0]!.name = 'Budgeting, imported elsewhere';
      await mustImport(t.database.db, pack); // no invalidate: as the CLI in another process
      // Asked again until it is served (within the second of revalidation, and a margin).
      await waitUntil(
        async () =>
          (await get('/api/org/doughmain/topic/budgeting')).json().topic.name ===
          'Budgeting, imported elsewhere',
        1_500,
      );
    });
  });

  it("never reaches another organisation's topics or content by id", async () => {
    expect((await get('/api/org/doughmain/topic/acme-only')).statusCode).toBe(404);
    expect((await get('/api/org/acme/topic/budgeting')).statusCode).toBe(404);
    expect((await get('/api/org/acme/doughmain-long-body/content/')).statusCode).toBe(404);
    // A member's token of doughmain is a visitor's in acme.
    expect((await get('/api/org/acme/topic/secret-topic', member)).statusCode).toBe(401);
  });

  it('answers unknown ids and bad input with the error body', async () => {
    const unknown = await get('/api/org/doughmain/topic/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: ['Page not found, please select another topic to continue'],
    });
    expect((await get('/api/org/nope/topic/budgeting')).statusCode).toBe(404);
    for (const id of ["x'%20OR%201=1", '%3Cscript%3E', 'a'.repeat(100)])
      expect((await get(`/api/org/doughmain/topic/${id}`)).statusCode, id).toBe(400);
    expect((await get('/api/org/doughmain/topic/budgeting?locale=%3Cx%3E')).statusCode).toBe(400);
  });
});
