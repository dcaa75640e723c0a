import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { accountWithRoles } from '../../test/studio';

/**
 * The console's bundles (docs/design.md §15) on a real app and database: an administrator edits
 * a bundle's price and tiers and visitors see it at once; a bundle grants only this
 * organisation's groups; every change is audited with before and after; nobody else reaches it.
 */

const ORG = 'bundled';
const RIVAL = 'rivalbun';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;

describe.each(DATABASE_KINDS)('the console’s bundles on %s', (kind) => {
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
  const starter = {
    _id: 'bundle-1',
    name: 'Starter',
    price: 49,
    userGroup: 'insiders',
    discountTiers: [{ minSeats: 5, percentOff: 10 }],
  };

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

  it('lists the bundles as a pack has them, and the groups a bundle may grant', async () => {
    const answer = await call('GET', '/bundles');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().bundles).toEqual([expect.objectContaining(starter)]);
    expect(answer.json().groups).toEqual([{ _id: 'insiders', name: 'Insiders' }]);
  });

  it('changes the price and tiers: visitors see the new price at once, and the audit log has both', async () => {
    const saved = await call('PUT', '/bundle/bundle-1', {
      bundle: {
        ...starter,
        price: 59,
        discountTiers: [{ minSeats: 3, percentOff: 15 }],
        longDescription: '<p>Hi<script>alert(1)</script></p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().bundle.longDescription).not.toContain('<script');
    const store = await t.app.inject({ method: 'GET', url: `/api/org/${ORG}/bundle` });
    expect(store.json().bundles[0].price).toBe(59);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?target=bundle:bundle-1`,
      headers: admin.headers,
    });
    const [event] = audit.json().events;
    expect(event).toMatchObject({
      action: 'bundle.save',
      before: { price: 49, discountTiers: [{ minSeats: 5, percentOff: 10 }] },
      after: { price: 59, discountTiers: [{ minSeats: 3, percentOff: 15 }] },
    });
  });

  it('makes a bundle, refusing a taken id, another organisation’s group, bad tiers and a changed id', async () => {
    const made = await call('POST', '/bundles', {
      bundle: { ...starter, _id: 'team-pack', name: { 'en-US': 'Team', 'fr-CA': 'Équipe' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const taken = await call('POST', '/bundles', { bundle: { ...starter, _id: 'team-pack' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toBe('A bundle with the id team-pack already exists.');
    const foreign = await call('POST', '/bundles', {
      bundle: { ...starter, _id: 'foreign', userGroup: 'group-of-nobody' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errfor['bundle.userGroup']).toBe(
      'The group group-of-nobody is not one of this organisation’s groups.',
    );
    const tiers = await call('PUT', '/bundle/bundle-1', {
      bundle: { ...starter, discountTiers: [{ minSeats: 1, percentOff: 150 }] },
    });
    expect(tiers.statusCode).toBe(400);
    const renamed = await call('PUT', '/bundle/bundle-1', { bundle: { ...starter, _id: 'other' } });
    expect(renamed.statusCode).toBe(400);
    expect(
      (await call('PUT', '/bundle/missing', { bundle: { ...starter, _id: 'missing' } })).statusCode,
    ).toBe(404);
  });

  it('refuses everyone but this organisation’s administrators, and another organisation’s bundles', async () => {
    expect((await call('GET', '/bundles', undefined, null)).statusCode).toBe(401);
    for (const who of [learner, author]) {
      expect((await call('GET', '/bundles', undefined, who)).statusCode).toBe(403);
      expect((await call('PUT', '/bundle/bundle-1', { bundle: starter }, who)).statusCode).toBe(
        403,
      );
    }
    expect((await call('GET', '/bundles', undefined, rivalAdmin)).statusCode).toBe(401);
    // In their own organisation, this one's bundle id names nothing of theirs.
    const theirs = await call(
      'PUT',
      '/bundle/team-pack',
      { bundle: { ...starter, _id: 'team-pack' } },
      rivalAdmin,
      RIVAL,
    );
    expect(theirs.statusCode).toBe(404);
  });
});
