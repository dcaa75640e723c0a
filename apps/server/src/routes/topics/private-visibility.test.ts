import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { rebuildSearchIndexAfter } from '../../services/search-index';

/**
 * Issue 16 F3 and F10: what is private stays private in search and in a topic's parent group.
 * A public topic `almanac` has a public page (word "apricot") and a private page (word
 * "zanzibarite"); it sits in the private topic group "Vault Society", with the private topic
 * `ledger`. Members of `readers` are granted `almanac`; members of `clerks` only `ledger`.
 */
const pack = makePack('privacy', {
  topicGroups: [
    { _id: 'vault', name: 'Vault Society', visibility: 'Private', topics: ['almanac', 'ledger'] },
  ],
  topics: [
    {
      _id: 'almanac',
      name: 'Almanac',
      pages: [
        {
          _id: 'almanac-open',
          name: 'Orchard',
          fragments: [{ _id: 'almanac-f1', type: 'content', content: '<p>An apricot tree</p>' }],
        },
        {
          _id: 'almanac-closed',
          name: 'Cellar',
          visibility: 'Private',
          fragments: [
            { _id: 'almanac-f2', type: 'content', content: '<p>The zanzibarite vault</p>' },
          ],
        },
      ],
    },
    { _id: 'ledger', name: 'Ledger', visibility: 'Private', pages: [] },
  ],
  userGroups: [
    { _id: 'readers', name: 'Readers', topics: ['almanac'] },
    { _id: 'clerks', name: 'Clerks', topics: ['ledger'] },
  ],
  bundles: [],
  users: [
    {
      username: 'reader',
      email: 'reader@privacy.example',
      password: 'reader-pass-1',
      groups: [{ group: 'readers', role: 'member' }],
    },
    {
      username: 'clerk',
      email: 'clerk@privacy.example',
      password: 'clerk-pass-1',
      groups: [{ group: 'clerks', role: 'member' }],
    },
  ],
});

describe.each(DATABASE_KINDS)('private words and names on %s', (kind) => {
  let t: TestApp;
  let reader: string;
  let clerk: string;
  let stranger: string;
  const login = async (username: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/org/privacy/login',
        payload: { username, password },
      })
    ).json().token as string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, pack);
    reader = await login('reader', 'reader-pass-1');
    clerk = await login('clerk', 'clerk-pass-1');
    stranger = (await signup(t.app, 'privacy')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (keywords: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/org/privacy/search?keywords=${encodeURIComponent(keywords)}`,
      ...(token && { headers: bearer(token) }),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().topics as Array<{ _id: string }>).map((topic) => topic._id);
  };

  it('finds a public topic by a word of its private page only for those who may open the page (F3)', async () => {
    // Everyone finds it by a word of its public page.
    for (const token of [undefined, stranger, reader])
      expect(await search('apricot', token)).toEqual(['almanac']);
    // A visitor, a learner without the grant: not by the private page's word, nor by a prefix.
    for (const token of [undefined, stranger, clerk])
      for (const keywords of ['zanzibarite', 'zan', 'zanz', 'vault apricot', 'cellar'])
        expect(
          await search(keywords, token),
          `${keywords} ${token ? 'learner' : 'visitor'}`,
        ).toEqual([]);
    // A learner granted the topic, who may open the page, finds it by that word, once.
    expect(await search('zanzibarite', reader)).toEqual(['almanac']);
    expect(await search('zan', reader)).toEqual(['almanac']);
    expect(await search('apricot', reader)).toEqual(['almanac']);
  });

  it('rebuilds the index by audience from the stored topics after migration 0010', async () => {
    await t.database.db.kysely.deleteFrom('topic_search').execute();
    expect(await search('apricot')).toEqual([]);
    await rebuildSearchIndexAfter(t.database.db, ['0009-sso']);
    expect(await search('apricot')).toEqual([]);
    await rebuildSearchIndexAfter(t.database.db, ['0010-search-audience']);
    expect(await search('apricot')).toEqual(['almanac']);
    expect(await search('zanzibarite')).toEqual([]);
    expect(await search('zanzibarite', reader)).toEqual(['almanac']);
  });

  it('hides the name of a private topic group from those who cannot open it (F10)', async () => {
    const topicAs = async (token?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/org/privacy/topic/almanac',
        ...(token && { headers: bearer(token) }),
      });
      expect(res.statusCode).toBe(200);
      return res.json().topic as { parentTopicGroup?: { name: string } };
    };
    // Asked twice each, in both orders: the cached answer of one viewer is not another's.
    for (let round = 0; round < 2; round++) {
      const visitor = await topicAs();
      expect(visitor.parentTopicGroup).toBeUndefined();
      expect(JSON.stringify(visitor)).not.toContain('Vault Society');
      expect((await topicAs(stranger)).parentTopicGroup).toBeUndefined();
      // Granted a topic of the group: the group's card is theirs, and so is its name.
      expect((await topicAs(reader)).parentTopicGroup).toEqual({
        _id: 'vault',
        name: 'Vault Society',
        visibility: 'Private',
      });
      expect((await topicAs(clerk)).parentTopicGroup?.name).toBe('Vault Society');
    }
  });
});
