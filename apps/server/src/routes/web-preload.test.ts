import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { IMAGE_SIZES, matchRoute, type RouteChunks } from './web-preload';

/** A web build's table of files by route, as apps/web/route-chunks.ts writes it. */
const CHUNKS: RouteChunks = {
  entry: { js: ['assets/index-1.js', 'assets/runtime-1.js'], css: ['assets/index-1.css'] },
  routes: {
    '/': { js: ['assets/home-1.js', 'assets/responsive-image-1.js'], css: ['assets/home-1.css'] },
    '/topics': {
      js: ['assets/workbook-1.js', 'assets/topics-1.js', 'assets/search-1.js'],
      css: [],
    },
    '/topic/:topicId': { js: ['assets/workbook-1.js', 'assets/topics-1.js'], css: [] },
    '/topic/:topicId/page/:pageId': {
      js: ['assets/workbook-1.js', 'assets/topics-1.js', 'assets/page-1.js'],
      css: ['assets/page-1.css'],
    },
  },
  catalogs: { 'fr-CA': 'assets/fr-CA-1.js' },
};

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>';

const avif = (name: string) =>
  `https://img.example/${name}-640.avif 640w, https://img.example/${name}-1280.avif 1280w`;
const image = (name: string) => ({
  secure_url: `https://img.example/${name}.jpg`,
  width: 1280,
  height: 720,
  sources: [
    { type: 'image/avif' as const, srcset: avif(name) },
    { type: 'image/webp' as const, srcset: avif(name).replaceAll('.avif', '.webp') },
  ],
});

const imagePreloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
const modulePreloads = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g,
    ),
  ].map((m) => m[1]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('matchRoute', () => {
  const patterns = Object.keys(CHUNKS.routes);
  it('picks the route as React Router does, one segment per parameter', () => {
    expect(matchRoute(patterns, '/')).toBe('/');
    expect(matchRoute(patterns, '/topics/')).toBe('/topics');
    expect(matchRoute(patterns, '/topic/budgeting')).toBe('/topic/:topicId');
    expect(matchRoute(patterns, '/topic/b/page/p1')).toBe('/topic/:topicId/page/:pageId');
    expect(matchRoute(patterns, '/topic/b/page')).toBeUndefined();
    expect(matchRoute(patterns, '/nowhere')).toBeUndefined();
  });
});

describe('the sizes of the main images', () => {
  it('are the ones the web app draws them with', () => {
    const source = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../web/src/components/responsive-image.tsx'),
      'utf8',
    );
    for (const [name, sizes] of Object.entries(IMAGE_SIZES))
      expect(source, name).toContain(`${name}: '${sizes}'`);
  });
});

describe.each(DATABASE_KINDS)('the preloads in the page on %s', (kind) => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-preload-'));
  beforeAll(async () => {
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, '.vite/route-chunks.json'), JSON.stringify(CHUNKS));
    t = await startTestApp(kind, { WEB_DIST: dist });
    const pack = makePack('doughmain');
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        organisation: { homePage: { ...pack.organisation.homePage, heroImage: image('hero') } },
        topics: (pack.topics ?? []).map((topic) =>
          topic._id === 'budgeting'
            ? { ...topic, topicImage: image('budgeting') }
            : { ...topic, topicImage: image('secret') },
        ),
      }),
    );
    // An organisation with no hero, and a topic whose image the import could not measure.
    const plain = makePack('plain');
    await mustImport(
      t.database.db,
      makePack('plain', {
        topics: (plain.topics ?? []).map((topic) =>
          topic._id === 'budgeting'
            ? { ...topic, topicImage: { secure_url: 'https://img.example/plain.png' } }
            : topic,
        ),
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, host = 'localhost:3000') =>
    t.app.inject({ method: 'GET', url, headers: { host } });

  it('asks for the home hero as the page draws it, before the app’s script', async () => {
    const html = (await get('/')).body;
    const hero = (await get('/api/org/doughmain')).json().homePage.heroImage;
    const links = imagePreloads(html);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    // The <picture>'s first source: the same srcset and sizes, so the same file, once.
    expect(attr(link, 'type')).toBe(hero.sources[0].type);
    expect(attr(link, 'imagesrcset')).toBe(hero.sources[0].srcset);
    expect(attr(link, 'imagesizes')).toBe(IMAGE_SIZES.homeHero);
    expect(attr(link, 'fetchpriority')).toBe('high');
    expect(attr(link, 'href')).toBeUndefined();
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('<script'));
    // The home route's code, after the entry's script.
    expect(modulePreloads(html)).toEqual(CHUNKS.routes['/']!.js);
    expect(html.indexOf('rel="modulepreload"')).toBeGreaterThan(html.indexOf('<script'));
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/home-1.css">',
    );
  });

  it('asks for a public topic’s image on its home, and for each route’s own code', async () => {
    const html = (await get('/topic/budgeting')).body;
    const topic = (await get('/api/org/doughmain/topic/budgeting')).json().topic;
    const [link, ...more] = imagePreloads(html);
    expect(more).toHaveLength(0);
    expect(attr(link!, 'imagesrcset')).toBe(topic.topicImage.sources[0].srcset);
    expect(attr(link!, 'imagesizes')).toBe(IMAGE_SIZES.topicHero);
    expect(modulePreloads(html)).toEqual(CHUNKS.routes['/topic/:topicId']!.js);

    // A topic's page and the topic list: their code, no image (not their largest paint).
    const page = (await get('/topic/budgeting/page/budgeting-p1')).body;
    expect(imagePreloads(page)).toEqual([]);
    expect(modulePreloads(page)).toEqual(CHUNKS.routes['/topic/:topicId/page/:pageId']!.js);
    const topics = (await get('/topics')).body;
    expect(imagePreloads(topics)).toEqual([]);
    expect(modulePreloads(topics)).toEqual(CHUNKS.routes['/topics']!.js);
    // A path no route takes: nothing preloaded.
    expect(modulePreloads((await get('/nowhere')).body)).toEqual([]);
  });

  it('asks for an unmeasured topic image by its address', async () => {
    const html = (await get('/topic/budgeting', 'learn.plain.example')).body;
    expect(imagePreloads(html)).toEqual([
      '<link rel="preload" as="image" href="https://img.example/plain.png" fetchpriority="high">',
    ]);
  });

  it('gives away nothing of a private topic', async () => {
    for (const url of ['/topic/secret-topic', '/topic/secret-topic/page/x', '/']) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('img.example/secret');
      expect(html, url).not.toContain('Secret topic');
      if (url !== '/') expect(imagePreloads(html), url).toEqual([]);
    }
  });

  it('preloads no image for an organisation without a hero', async () => {
    const html = (await get('/', 'learn.plain.example')).body;
    expect(imagePreloads(html)).toEqual([]);
    expect(modulePreloads(html)).toEqual(CHUNKS.routes['/']!.js);
  });
});
