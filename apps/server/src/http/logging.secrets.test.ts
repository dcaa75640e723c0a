import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLinesWritten, startTestApp, type TestApp } from '../test/app';
import { bearer, newestOutboxMail, newLearner, resetLinkIn, waitFor } from '../test/auth-helpers';
import { makePack, mustImport } from '../test/factories';

describe('logs', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (log += d.toString()));
    // Every line written (routine answers are sampled by default): each URL's line is read.
    t = await startTestApp('sqlite', { LOG_LEVEL: 'trace', ACCESS_LOG_SAMPLE: '1' }, stream);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('never hold a password, a sign-in token or a reset token', async () => {
    const learner = { ...newLearner('logged'), password: 'Sup3r-Secret-Pw!' };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/signup',
      payload: learner,
    });
    const token = signup.json().token as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: learner.username, password: learner.password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: learner.username, password: 'Wrong-Secret-Pw!' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain/account/settings',
      headers: bearer(token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot',
      payload: { email: learner.email },
    });
    const mail = await waitFor(() => {
      const m = newestOutboxMail(path.join(t.config.dataDir, 'outbox'));
      return m && resetLinkIn(m) ? m : undefined;
    });
    const link = resetLinkIn(mail)!;
    await t.app.inject({
      method: 'PUT',
      url: `/api/org/doughmain/login/reset/${encodeURIComponent(link.email)}/${link.token}`,
      payload: { password: 'Next-Secret-Pw!', confirm: 'Next-Secret-Pw!' },
    });

    // The pages a mail's link opens, and the one-click unsubscribe a mail client posts.
    const unsubscribe = 'v1.Unsubscribe-Token-Secret';
    for (const url of [
      `/resetPassword/${encodeURIComponent(link.email)}/${link.token}`,
      '/confirmEmail/Confirm-Token-Secret',
      `/unsubscribe/${unsubscribe}`,
      `/api/org/doughmain/unsubscribe/${unsubscribe}`,
      '/signup?inviteId=Invite-Id-Secret',
    ])
      await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'POST', url: `/api/org/doughmain/unsubscribe/${unsubscribe}` });
    await accessLinesWritten();

    expect(log).toContain('request completed');
    expect(log).toContain('/api/org/doughmain/login');
    expect(log).toContain('mail written to the outbox');
    for (const secret of [
      learner.password,
      'Wrong-Secret-Pw!',
      'Next-Secret-Pw!',
      token,
      link.token,
      'Unsubscribe-Token-Secret',
      'Confirm-Token-Secret',
      'Invite-Id-Secret',
    ])
      expect(log).not.toContain(secret);
    expect(log).toContain('/login/reset/[redacted]/[redacted]');
  });
});
