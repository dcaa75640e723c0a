import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { newLearner, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

describe.each(DATABASE_KINDS)('the sign-in limit per account on %s (F8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username, password },
      remoteAddress,
    });

  it('does not let ten wrong passwords from one address lock the learner out of another', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const stranger = '10.16.8.1';
    for (let i = 0; i < 10; i++)
      expect((await login(learner.username, `wrong-${i}`, stranger)).statusCode).toBe(401);
    // The stranger is stopped, with when to come back…
    const stopped = await login(learner.username, learner.password, stranger);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().errors).toEqual([expect.stringMatching(/Too many attempts/)]);
    // …and the learner, from their own address, signs in with the right password.
    const real = await login(learner.username, learner.password, '10.16.8.2');
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().token).toEqual(expect.any(String));
    // By email too.
    expect((await login(learner.email, learner.password, '10.16.8.3')).statusCode).toBe(200);
  });

  it('counts guesses by username and by email as one, whatever their case', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const address = '10.16.9.1';
    for (let i = 0; i < 10; i++) {
      const name = i % 2 ? learner.email.toUpperCase() : learner.username;
      expect((await login(name, `wrong-${i}`, address)).statusCode).toBe(401);
    }
    expect((await login(learner.email, 'wrong-again', address)).statusCode).toBe(429);
    expect((await login(learner.username, 'wrong-again', address)).statusCode).toBe(429);
  });

  it('slows down guesses from many addresses instead of locking the account', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    for (let i = 0; i < 12; i++)
      expect((await login(learner.username, `wrong-${i}`, `10.16.10.${i}`)).statusCode).toBe(401);
    const started = performance.now();
    const res = await login(learner.username, learner.password, '10.16.11.1');
    const waited = performance.now() - started;
    expect(res.statusCode).toBe(200);
    // Two failures over the free ten: 250 ms × 2² = 1 s before the password is checked.
    expect(waited).toBeGreaterThanOrEqual(900);
    // The right password ends the slow-down.
    const next = performance.now();
    expect((await login(learner.username, learner.password, '10.16.11.2')).statusCode).toBe(200);
    expect(performance.now() - next).toBeLessThan(900);
  });
});
