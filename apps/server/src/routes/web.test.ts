import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';

describe('serving the web app', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  beforeAll(async () => {
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(root, 'content', 'media', 'org'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'content', 'media', 'org', 'logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    t = await startTestApp('sqlite', { WEB_DIST: dist, CONTENT_DIR: path.join(root, 'content') });
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, host = 'localhost:3000') =>
    t.app.inject({ method: 'GET', url, headers: { host } });

  it('serves hashed assets with a year of immutable cache', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of the build with a short cache', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves content media at /media', async () => {
    const res = await get('/media/org/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    for (const url of [
      '/media/../../etc/passwd',
      '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('answers every page route with index.html and the organisation of the host', async () => {
    for (const url of ['/', '/topics', '/topic/budgeting/page/budgeting-p1', '/signin?timeout=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<meta name="portal-org" content="doughmain"></head>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers a missing asset or API route with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/org/doughmain/nothing', '/media/nope.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ errors: [expect.any(String)] });
    }
  });

  it('sends pages helmet’s headers and API answers the API’s stricter set', async () => {
    const page = await get('/topics');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await get('/api/org/doughmain');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });
});
