import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { newLearner, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

/** Issue 15, point 21: the server answers its errors in the learner's locale. */
describe.each(DATABASE_KINDS)('error messages in the request locale, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  let address = 0;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { host: 'localhost:3000', ...headers },
      remoteAddress: `10.215.0.${(address += 1)}`,
    });

  it('answers a wrong password in French to a fr-CA browser, in English otherwise', async () => {
    const { body } = await signup(t.app, 'doughmain', newLearner('frlogin'));
    const wrong = { username: body.username, password: 'not-the-password' };
    const french = await post('/api/org/doughmain/login', wrong, {
      'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8',
    });
    expect(french.statusCode).toBe(401);
    expect(french.json().errors).toEqual(['Nom d’utilisateur, courriel ou mot de passe incorrect']);

    const english = await post('/api/org/doughmain/login', wrong, { 'accept-language': 'en-US' });
    expect(english.json().errors).toEqual(['Incorrect username, email or password']);
    const none = await post('/api/org/doughmain/login', wrong);
    expect(none.json().errors).toEqual(['Incorrect username, email or password']);
  });

  it('prefers the locale query to Accept-Language', async () => {
    const res = await post(
      '/api/org/doughmain/login?locale=fr-CA',
      { username: 'nobody-at-all', password: 'whatever-1' },
      { 'accept-language': 'en-US' },
    );
    expect(res.json().errors).toEqual(['Nom d’utilisateur, courriel ou mot de passe incorrect']);
  });

  it('says a username is taken in French, field messages included', async () => {
    const { body } = await signup(t.app, 'doughmain', newLearner('frtaken'));
    const res = await post(
      '/api/org/doughmain/signup',
      { ...newLearner('frtaken2'), username: body.username },
      { 'accept-language': 'fr-CA' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: ['Ce nom d’utilisateur est déjà pris.'],
      errfor: { username: 'est déjà pris' },
    });
  });

  it('translates a missing session and an unknown topic', async () => {
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain/account/settings',
      headers: { host: 'localhost:3000', 'accept-language': 'fr-CA' },
    });
    expect(account.statusCode).toBe(401);
    expect(account.json().errors).toEqual(['Vous devez être connecté pour faire ceci.']);
    const topic = await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain/topic/no-such-topic?locale=fr-CA',
      headers: { host: 'localhost:3000' },
    });
    expect(topic.statusCode).toBe(404);
    expect(topic.json().errors).toEqual([
      'Page introuvable, veuillez choisir un autre sujet pour continuer',
    ]);
  });
});
