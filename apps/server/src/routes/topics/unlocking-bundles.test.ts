import { bundlesAnswerSchema } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

/**
 * Issue 24, point 10: a visitor who opens a private topic is told which bundle unlocks it. The
 * private topic `ledger` is granted by `clerks`, which the bundle `ledger-kit` sells; `vault` is
 * granted by `insiders`, which no bundle sells; `almanac` is public.
 */
const pack = makePack('unlocking', {
  topicGroups: [],
  topics: [
    { _id: 'almanac', name: 'Almanac', pages: [] },
    {
      _id: 'ledger',
      name: 'Ledger',
      visibility: 'Private',
      pages: [
        {
          _id: 'ledger-p1',
          name: 'Columns',
          fragments: [{ _id: 'ledger-f1', type: 'content', content: '<p>The zanzibarite</p>' }],
        },
      ],
    },
    { _id: 'vault', name: 'Vault', visibility: 'Private', pages: [] },
  ],
  userGroups: [
    { _id: 'clerks', name: 'Clerks', topics: ['ledger'] },
    { _id: 'insiders', name: 'Insiders', topics: ['vault'] },
    { _id: 'readers', name: 'Readers', topics: ['almanac'] },
  ],
  bundles: [
    {
      _id: 'ledger-kit',
      name: { 'en-US': 'Ledger kit', 'fr-CA': 'Trousse du grand livre' },
      price: 79,
      userGroup: 'clerks',
    },
    { _id: 'reading-kit', name: 'Reading kit', price: 19, userGroup: 'readers' },
  ],
  users: [
    {
      username: 'clerk',
      email: 'clerk@unlocking.example',
      password: 'clerk-pass-1',
      groups: [{ group: 'clerks', role: 'member' }],
    },
  ],
} as never);

describe.each(DATABASE_KINDS)('bundles that unlock a topic on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, pack);
  });
  afterAll(async () => t?.close());

  const unlocking = (topicId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/org/unlocking/topic/${topicId}/bundles`, headers });

  it('names to a visitor the bundle that opens a private topic, and nothing of the topic', async () => {
    const res = await unlocking('ledger');
    expect(res.statusCode).toBe(200);
    const { bundles } = bundlesAnswerSchema.parse(res.json());
    expect(bundles.map((b) => [b._id, b.price, b.name['fr-CA'], b.isMemberOf])).toEqual([
      ['ledger-kit', 79, 'Trousse du grand livre', false],
    ]);
    expect(res.body).not.toContain('zanzibarite');
    expect(res.body).not.toContain('Columns');
  });

  it('names none for a topic no bundle sells, for a public topic, or for one the learner has', async () => {
    expect((await unlocking('vault')).json()).toEqual({ bundles: [] });
    expect((await unlocking('almanac')).json()).toEqual({ bundles: [] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/unlocking/login',
      payload: { username: 'clerk', password: 'clerk-pass-1' },
    });
    const token = login.json<{ token: string }>().token;
    expect((await unlocking('ledger', bearer(token))).json()).toEqual({ bundles: [] });
    // A learner without the grant is offered it, as a visitor is.
    const { token: other } = await signup(t.app, 'unlocking');
    const offered = bundlesAnswerSchema.parse((await unlocking('ledger', bearer(other))).json());
    expect(offered.bundles.map((b) => b._id)).toEqual(['ledger-kit']);
  });

  it('answers 404 for an unknown topic and 400 for a malformed id, never a 500', async () => {
    const unknown = await unlocking('no-such-topic');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: ['Page not found, please select another topic to continue'],
    });
    const bad = await unlocking('%00..%2F');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: string[] }>().errors).toHaveLength(1);
    const org = await t.app.inject({ method: 'GET', url: '/api/org/nope/topic/ledger/bundles' });
    expect(org.statusCode).toBe(404);
  });
});
