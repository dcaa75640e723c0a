import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack } from '../test/factories';
import { importContentPack } from './content-pack-service';
import { describeImage, mediaFileOf } from './media-variants';

const media = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-media-'));
const org = path.join(media, 'org');

beforeAll(async () => {
  fs.mkdirSync(org, { recursive: true });
  await sharp({
    create: { width: 1000, height: 500, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toFile(path.join(org, 'hero.jpg'));
  fs.writeFileSync(
    path.join(org, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64"><rect width="240" height="64"/></svg>',
  );
});
afterAll(() => fs.rmSync(media, { recursive: true, force: true }));

describe('image copies made at import', () => {
  it('measures a raster image and makes AVIF and WebP copies at the smaller widths', async () => {
    const size = await describeImage(media, '/media/org/hero.jpg');
    expect(size).toEqual({
      width: 1000,
      height: 500,
      sources: [
        {
          type: 'image/avif',
          srcset:
            '/media/org/hero.w320.avif 320w, /media/org/hero.w640.avif 640w, /media/org/hero.w960.avif 960w, /media/org/hero.w1000.avif 1000w',
        },
        {
          type: 'image/webp',
          srcset:
            '/media/org/hero.w320.webp 320w, /media/org/hero.w640.webp 640w, /media/org/hero.w960.webp 960w, /media/org/hero.w1000.webp 1000w',
        },
      ],
    });
    const copy = await sharp(path.join(org, 'hero.w640.avif')).metadata();
    expect(copy).toMatchObject({ width: 640, height: 320 });
    expect((await sharp(path.join(org, 'hero.w320.webp')).metadata()).format).toBe('webp');
    // The original stays, untouched.
    expect((await sharp(path.join(org, 'hero.jpg')).metadata()).format).toBe('jpeg');
  });

  it('makes the copies once: a second import keeps them', async () => {
    await describeImage(media, '/media/org/hero.jpg');
    const copy = path.join(org, 'hero.w640.webp');
    const before = fs.statSync(copy).mtimeMs;
    await describeImage(media, '/media/org/hero.jpg');
    expect(fs.statSync(copy).mtimeMs).toBe(before);
  });

  it('gives an SVG its size and no copies', async () => {
    expect(await describeImage(media, '/media/org/logo.svg')).toEqual({ width: 240, height: 64 });
    expect(fs.existsSync(path.join(org, 'logo.w320.avif'))).toBe(false);
  });

  it('leaves alone what is not a file of the media folder', async () => {
    for (const url of [
      'https://images.example/hero.jpg',
      '/media/../secret.jpg',
      '/media/%2e%2e/secret.jpg',
      '/media/org/missing.jpg',
      '/media/org/hero.jpg?x=1',
    ])
      expect(await describeImage(media, url), url).toEqual({});
    expect(mediaFileOf(media, '/media/org/hero.jpg')).toBe(path.join(org, 'hero.jpg'));
  });
});

describe.each(DATABASE_KINDS)('image sizes in the answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores the sizes and copies with the pack, and the organisation answers them', async () => {
    const pack = makePack('doughmain', {
      topics: [
        {
          _id: 'budgeting',
          name: 'Budgeting',
          topicImage: { secure_url: '/media/org/logo.svg' },
          pages: [{ _id: 'p1', name: 'One', fragments: [] }],
        },
      ],
      topicGroups: [],
      userGroups: [],
      bundles: [],
      users: [],
    });
    pack.organisation.homePage.heroImage = { secure_url: '/media/org/hero.jpg' };
    pack.organisation.logoImage = { secure_url: 'https://cdn.example/logo.png' };
    const result = await importContentPack(t.database.db, pack, { mediaDir: media });
    expect(result).toMatchObject({ ok: true });
    const view = (await t.app.inject({ method: 'GET', url: '/api/org/doughmain' })).json<{
      homePage: { heroImage: Record<string, unknown> };
      logoImage: Record<string, unknown>;
      topics: { topicImage: Record<string, unknown> }[];
    }>();
    expect(view.homePage.heroImage).toMatchObject({ width: 1000, height: 500 });
    expect(view.homePage.heroImage.sources).toHaveLength(2);
    expect(view.logoImage).toEqual({ secure_url: 'https://cdn.example/logo.png' });
    expect(view.topics[0]!.topicImage).toEqual({
      secure_url: '/media/org/logo.svg',
      width: 240,
      height: 64,
    });
    const topic = (
      await t.app.inject({ method: 'GET', url: '/api/org/doughmain/topic/budgeting' })
    ).json<{ topic: { topicImage: Record<string, unknown> } }>();
    expect(topic.topic.topicImage).toMatchObject({ width: 240, height: 64 });
    // The same files again: the same pack, nothing changed.
    const again = await importContentPack(t.database.db, pack, { mediaDir: media });
    expect(again).toMatchObject({ ok: true, changed: false });
  });
});
