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
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
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
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: {
          homePage: {
            title: 'Acme',
            subtitle: 'Save "more" & <b>spend</b> <script>alert(1)</script>less',
            promos: [],
            showSiteMap: false,
          },
        },
      }),
    );
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

  it('answers a valid robots.txt per host, with the sitemap of its organisation', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of lines)
      expect(line, line).toMatch(/^(?:$|(?:User-agent|Disallow|Allow|Sitemap): ?\S*$)/);
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: http://doughmain.localhost:3000/sitemap.xml');
    expect((await get('/robots.txt', 'acme.localhost:3000')).body).toContain(
      'Sitemap: http://acme.localhost:3000/sitemap.xml',
    );
    // A host that picks no organisation: crawlable, no sitemap.
    const none = await get('/robots.txt', 'unknown.example');
    expect(none.body).toBe('User-agent: *\nDisallow:\n');
    expect((await get('/sitemap.xml', 'unknown.example')).statusCode).toBe(404);
  });

  it('lists the public topics and pages of the host’s organisation in /sitemap.xml', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const site = 'http://doughmain.localhost:3000';
    expect(locs).toEqual(
      expect.arrayContaining([
        `${site}/`,
        `${site}/topics`,
        `${site}/topic/budgeting`,
        `${site}/topic/budgeting/page/budgeting-p1`,
        `${site}/topic/general`,
        `${site}/topicGroup/group-money`,
        `${site}/store`,
      ]),
    );
    expect(res.body).not.toMatch(/secret-topic|group-hidden/);
    const acme = await get('/sitemap.xml', 'acme.localhost:3000');
    expect(acme.body).toContain('<loc>http://acme.localhost:3000/topic/budgeting</loc>');
    expect(acme.body).not.toContain('doughmain');
  });

  const metaOf = (html: string) => ({
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)">/.exec(html)?.[1],
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
  });

  it('puts the organisation’s title and home subtitle in the page, escaped', async () => {
    expect(metaOf((await get('/')).body)).toEqual({
      title: 'Test doughmain',
      description: 'Learn money skills',
      lang: 'en-US',
    });
    const acme = (await get('/topics', 'acme.localhost:3000')).body;
    expect(metaOf(acme).description).toBe('Save &#34;more&#34; &#38; spend less');
    // The subtitle is also in the first paint's data, escaped (web-boot-data.test.ts): not as markup.
    expect(acme).not.toContain('<script>alert(1)');
  });

  it('describes a public topic on its routes, and never a private one', async () => {
    for (const url of ['/topic/budgeting', '/topic/budgeting/page/budgeting-p1']) {
      expect(metaOf((await get(url)).body), url).toEqual({
        title: 'Budgeting · Test doughmain',
        description: 'Plan your budget',
        lang: 'en-US',
      });
    }
    const secret = (await get('/topic/secret-topic')).body;
    expect(metaOf(secret)).toMatchObject({
      title: 'Test doughmain',
      description: 'Learn money skills',
    });
    expect(secret).not.toMatch(/Secret topic/);
  });
});
