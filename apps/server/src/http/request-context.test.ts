import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createServices } from '../services';
import { bearer } from '../test/auth-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { registerErrorHandling } from './errors';
import { requestContext, requireGroupAdmin, requireGroupMember, signedIn } from './request-context';

const users = [
  {
    username: 'boss',
    email: 'boss@example.com',
    password: 'boss-pass-1',
    groups: [{ group: 'insiders', role: 'admin' as const }],
  },
  {
    username: 'member',
    email: 'member@example.com',
    password: 'member-pass-1',
    groups: [{ group: 'insiders', role: 'member' as const }],
  },
  { username: 'loner', email: 'loner@example.com', password: 'loner-pass-1', groups: [] },
];

describe.each(DATABASE_KINDS)('the request context on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await mustImport(database.db, makePack('doughmain', { users }));
    await mustImport(database.db, makePack('acme', { users }));
    app = Fastify();
    registerErrorHandling(app);
    const services = createServices(loadConfig({ LOG_LEVEL: 'silent' }), database.db, app.log);
    await app.register(requestContext, { services });
    // Routes of the kind the store and messages add: who asks, and may they.
    app.get('/t/:org/whoami', async (request) => ({
      org: request.ctx.org.alias,
      userId: request.ctx.viewer.userId,
      locale: request.ctx.locale,
    }));
    app.get('/t/:org/mine', { config: { session: 'required' } }, async (request) => ({
      userId: signedIn(request).viewer.userId,
    }));
    app.get(
      '/t/:org/group/:groupId/admin',
      { config: { session: 'required' }, preHandler: requireGroupAdmin() },
      async () => ({ ok: true }),
    );
    app.get(
      '/t/:org/group/:groupId/members',
      { config: { session: 'required' }, preHandler: requireGroupMember() },
      async () => ({ ok: true }),
    );
    for (const user of users) {
      const org = (await services.organisations.find('doughmain'))!;
      tokens[user.username] = (await services.accounts.login(org, user)).token;
    }
    tokens.acmeBoss = (
      await services.accounts.login((await services.organisations.find('acme'))!, users[0]!)
    ).token;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('resolves the organisation, the viewer and the locale once, before the handler', async () => {
    const visitor = await get('/t/doughmain/whoami?locale=fr-CA');
    expect(visitor.json()).toEqual({ org: 'doughmain', userId: null, locale: 'fr-CA' });
    const learner = await get('/t/doughmain/whoami?locale=xx-YY', tokens.member);
    expect(learner.json()).toMatchObject({ userId: expect.any(String), locale: 'en-US' });
    expect((await get('/t/nowhere/whoami')).statusCode).toBe(404);
  });

  it('makes a token of another organisation a visitor, and refuses it where a session is required', async () => {
    expect((await get('/t/doughmain/whoami', tokens.acmeBoss)).json().userId).toBeNull();
    const refused = await get('/t/doughmain/mine', tokens.acmeBoss);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: ['Your session has ended. Please sign in again.'] });
    expect((await get('/t/doughmain/mine')).json()).toEqual({
      errors: ['You must be signed in to do this.'],
    });
    expect((await get('/t/doughmain/mine', tokens.member)).statusCode).toBe(200);
  });

  it('lets only a group’s administrators through requireGroupAdmin: 404 outsiders, 403 members', async () => {
    expect((await get('/t/doughmain/group/insiders/admin', tokens.boss)).statusCode).toBe(200);
    expect((await get('/t/doughmain/group/insiders/admin', tokens.member)).statusCode).toBe(403);
    expect((await get('/t/doughmain/group/insiders/admin', tokens.loner)).statusCode).toBe(404);
    expect((await get('/t/doughmain/group/insiders/admin')).statusCode).toBe(401);
    // The administrator of a group of the same id in another organisation is an outsider here.
    expect((await get('/t/doughmain/group/insiders/admin', tokens.acmeBoss)).statusCode).toBe(401);
    expect((await get('/t/doughmain/group/insiders/members', tokens.member)).statusCode).toBe(200);
    expect((await get('/t/doughmain/group/insiders/members', tokens.loner)).statusCode).toBe(404);
  });
});
