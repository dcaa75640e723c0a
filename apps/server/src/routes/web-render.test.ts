import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_RENDER_SCRIPT, CLIENT_RENDER_SCRIPT_HASH } from '../http/client-render-script';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { drawFirstPaint, isPhoneAgent, SERVER_DRAWN_ROUTES, SSR_DIR } from './web-render';

/**
 * Issue 14: a visitor's first paint drawn on the server from apps/web's entry-server.tsx (built
 * here as `npm run build` builds it), on both databases: the markup of public pages, nothing of
 * private ones, the one inline script allowed by its hash, and the browser's own rendering where
 * the server cannot draw.
 */
const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');
const ENTRY = '<script type="module" crossorigin src="/assets/index-1.js"></script>';
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title>' +
  `${ENTRY}<link rel="modulepreload" crossorigin href="/assets/dep-1.js">` +
  '</head><body><div id="root"></div></body></html>';
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Mobile Safari/537.36';
const EVIL_HTML =
  '<p>Before</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe><p>After</p>';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ssr-'));
const dist = path.join(root, 'dist');

beforeAll(async () => {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  // Each route's code, as the web build's route-chunks plugin sums it up (one file a route).
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite/route-chunks.json'),
    JSON.stringify({
      entry: { js: ['assets/index-1.js', 'assets/dep-1.js'], css: [] },
      routes: Object.fromEntries(
        [...SERVER_DRAWN_ROUTES, '/signin', '/account'].map((route, index) => [
          route,
          { js: [`assets/route-${index}.js`], css: [] },
        ]),
      ),
      catalogs: { 'en-US': 'assets/en-US-1.js' },
    }),
  );
  // A production build, as `npm run build` makes it (Vitest runs with NODE_ENV=test).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    mode: 'production',
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: path.join(dist, SSR_DIR),
      emptyOutDir: true,
    },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The markup inside #root, and how the page was drawn. */
function drawnOf(html: string): {
  drawnFor: string | undefined;
  entry: string | undefined;
  preload: string[] | undefined;
  markup: string;
} {
  const match =
    /<div id="root"(?: data-ssr="([a-z]+)" data-entry="([^"]*)" data-preload="([^"]*)")?>([^]*)<\/div>\s*<\/body>/.exec(
      html,
    );
  return {
    drawnFor: match?.[1],
    entry: match?.[2],
    preload: match?.[3]?.split(' '),
    markup: match?.[4] ?? '',
  };
}

describe.each(DATABASE_KINDS)('the first paint drawn on the server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { WEB_DIST: dist });
    const pack = makePack('doughmain');
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        topics: (pack.topics ?? []).map((topic) =>
          topic._id === 'budgeting'
            ? {
                ...topic,
                pages: [
                  ...topic.pages,
                  {
                    _id: 'budgeting-p2',
                    name: 'Author HTML',
                    fragments: [{ _id: 'budgeting-evil', type: 'content', content: EVIL_HTML }],
                  },
                ],
              }
            : topic,
        ),
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, userAgent?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost:3000', ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });

  it('draws a public topic’s home with its theme, for a phone and for a wide screen', async () => {
    const answer = await get('/topic/budgeting');
    const { drawnFor, entry, preload, markup } = drawnOf(answer.body);
    expect(drawnFor).toBe('wide');
    expect(markup).toMatch(/<h1[^>]*>Budgeting<\/h1>/);
    // The app's code starts after the first paint (the inline script reads data-entry and
    // data-preload): its script and module preloads are not in the head. It fetches the entry's
    // modules, the screen's and the catalogue of the page's language all at once.
    expect(entry).toBe('/assets/index-1.js');
    const topicRoute = [...SERVER_DRAWN_ROUTES, '/signin', '/account'].indexOf('/topic/:topicId');
    expect(preload).toEqual([
      '/assets/dep-1.js',
      `/assets/route-${topicRoute}.js`,
      '/assets/en-US-1.js',
    ]);
    expect(answer.body).not.toContain(ENTRY);
    expect(answer.body).not.toMatch(/<link rel="modulepreload"/);
    expect(markup).toContain('site-header');
    // The theme as the browser's applyTheme sets it, before any stylesheet or script runs.
    expect(answer.body).toMatch(/<html style="--primary-color:#[0-9A-Fa-f]{6};/);
    expect(drawnOf((await get('/topic/budgeting', PHONE)).body).drawnFor).toBe('phone');
  });

  it('draws the home page, the topic list, a page with fields, the report card and the store', async () => {
    for (const [url, text] of [
      ['/', 'site-header'],
      ['/topics', 'Budgeting'],
      ['/topic/budgeting/page/budgeting-p1', 'Income'],
      ['/topic/budgeting/reportcard', 'Budgeting'],
      ['/store', 'Starter'],
    ] as const) {
      const { drawnFor, markup } = drawnOf((await get(url)).body);
      expect(drawnFor, url).toBe('wide');
      expect(markup, url).toContain(text);
    }
    // The field is there to fill in, as the browser draws it.
    const page = drawnOf((await get('/topic/budgeting/page/budgeting-p1')).body).markup;
    expect(page).toMatch(/<input[^>]*inputMode="decimal"|<input[^>]*type="(?:number|text)"/);
  });

  it('allows its one inline script by hash, and no other script in the markup', async () => {
    const answer = await get('/topic/budgeting/page/budgeting-p2');
    const hash = `'sha256-${createHash('sha256').update(CLIENT_RENDER_SCRIPT).digest('base64')}'`;
    expect(CLIENT_RENDER_SCRIPT_HASH).toBe(hash);
    expect(answer.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    expect(answer.body).toContain(`<script>${CLIENT_RENDER_SCRIPT}</script>`);
    const { drawnFor, markup } = drawnOf(answer.body);
    expect(drawnFor).toBe('wide');
    // Author HTML sanitised on the server as in the browser.
    expect(markup).toContain('Before');
    expect(markup).toContain('After');
    expect(markup).not.toMatch(/<script|onerror|javascript:|<iframe|evil\.example/i);
  });

  it('gives away nothing of a private topic and draws only what exists', async () => {
    for (const url of ['/topic/secret-topic', '/topic/secret-topic/page/x']) {
      const html = (await get(url)).body;
      expect(drawnOf(html).drawnFor, url).toBeUndefined();
      expect(html, url).not.toContain('Secret topic');
    }
    // An unknown page of a public topic, a screen with a query, sign-in and unknown addresses
    // are drawn in the browser: the pages drawn are the organisation's content, no more.
    for (const url of [
      '/topic/budgeting/page/nope',
      '/topics?q=1',
      '/signin',
      '/account',
      '/nowhere',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      const html = answer.body;
      expect(drawnOf(html).drawnFor, url).toBeUndefined();
      // Drawn in the browser: the app's script as the build wrote it, and no inline script.
      expect(html, url).toContain(ENTRY);
      expect(html, url).not.toContain(CLIENT_RENDER_SCRIPT);
    }
  });
});

describe('drawFirstPaint', () => {
  it('sends the page without markup when the rendering fails or takes too long', async () => {
    const warnings: unknown[] = [];
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger;
    const input = { url: '/', boot: {}, origin: 'http://x', isPhone: false };
    expect(
      await drawFirstPaint(() => Promise.reject(new Error('broken screen')), input, log),
    ).toBeNull();
    expect(
      await drawFirstPaint(
        ({ signal }) =>
          new Promise((_, reject) =>
            signal?.addEventListener('abort', () => reject(signal.reason as Error)),
          ),
        input,
        log,
      ),
    ).toBeNull();
    expect(warnings).toHaveLength(2);
    // React's own hints at the top of the markup go: the head has the page's own.
    expect(
      await drawFirstPaint(
        () =>
          Promise.resolve({
            html: '<link rel="preload" as="image" href="/a.png"/><div>x</div>',
            themeStyle: '',
          }),
        input,
        log,
      ),
    ).toEqual({ html: '<div>x</div>', themeStyle: '' });
  });

  it('reads the keys the web app keeps in localStorage', () => {
    // The inline script runs before any of the app's code: it names the keys of
    // apps/web/src/lib/storage.ts itself, which must stay the same.
    const storage = fs.readFileSync(path.join(WEB_ROOT, 'src/lib/storage.ts'), 'utf8');
    const keys = [...CLIENT_RENDER_SCRIPT.matchAll(/getItem\("([A-Za-z]+)"\)/g)].map((m) => m[1]);
    expect(keys.sort()).toEqual(['analyticsConsent', 'anonymousWorkbook', 'locale', 'token']);
    for (const key of keys) expect(storage, key).toContain(`: '${key}',`);
  });

  it('keeps early clicks where the web app looks for them (issue 24, point 12)', () => {
    // The inline script keeps a drawn page's buttons clicked before the app has hydrated in a
    // global that apps/web/src/app/start/early-clicks.tsx takes and replays: one name for both.
    const early = fs.readFileSync(path.join(WEB_ROOT, 'src/app/start/early-clicks.tsx'), 'utf8');
    const names = [...CLIENT_RENDER_SCRIPT.matchAll(/window\.(__[A-Za-z]+)/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(['__portalEarlyClicks']));
    expect(early).toContain('__portalEarlyClicks?: HTMLElement[]');
    // Only the buttons of a page drawn on the server, and only a visitor's (`c`: drawn here).
    expect(CLIENT_RENDER_SCRIPT).toContain('"#root[data-ssr] button[type=button]"');
    expect(CLIENT_RENDER_SCRIPT).toContain('if(c)h.setAttribute("data-client-render","");else{');
  });

  it('guesses a phone from the User-Agent', () => {
    expect(isPhoneAgent(PHONE)).toBe(true);
    expect(isPhoneAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isPhoneAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(false);
    expect(isPhoneAgent(undefined)).toBe(false);
  });
});
