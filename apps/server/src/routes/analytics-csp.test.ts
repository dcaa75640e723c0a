import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_RENDER_SCRIPT_HASH } from '../http/client-render-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';

/** Issue 15, point 23: the page policy opens for Google Analytics only where an organisation uses it. */
describe('the content security policy and Google Analytics', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ga-'));
  beforeAll(async () => {
    const dist = path.join(root, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp('sqlite', { WEB_DIST: dist });
    await mustImport(t.database.db, makePack('doughmain'));
    await mustImport(t.database.db, makePack('gademo', { organisation: { gaUid: 'G-TEST12345' } }));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const policyOf = async (url: string, host: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host } });
    expect(res.statusCode).toBe(200);
    return String(res.headers['content-security-policy']);
  };

  it('lets the pages of an organisation with a gaUid load gtag.js and send to Google Analytics', async () => {
    for (const url of ['/', '/topics', '/topic/budgeting']) {
      const policy = await policyOf(url, 'gademo.localhost:3000');
      // Beside our own files, the one inline script (http/client-render-script.ts) and Google.
      expect(policy).toContain(
        `script-src 'self' ${CLIENT_RENDER_SCRIPT_HASH} https://*.googletagmanager.com;`,
      );
      expect(policy).toContain('https://*.google-analytics.com');
      expect(policy).toContain('https://*.analytics.google.com');
      expect(policy).toContain("default-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('keeps every other organisation’s pages, and the API, closed to it', async () => {
    for (const url of ['/', '/topics']) {
      const policy = await policyOf(url, 'localhost:3000');
      expect(policy).toContain(`script-src 'self' ${CLIENT_RENDER_SCRIPT_HASH};`);
      expect(policy).not.toContain('google');
    }
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/org/gademo',
      headers: { host: 'gademo.localhost:3000' },
    });
    expect(String(api.headers['content-security-policy'])).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
