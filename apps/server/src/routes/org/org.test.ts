import type { OrganisationView } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { waitUntil } from '../../test/wait';

describe.each(DATABASE_KINDS)('organisation API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: { locales: ['en-US'], disableSelfSignup: true },
        bundles: [],
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, host = 'localhost:3000') =>
    t.app.inject({ method: 'GET', url, headers: { host } });

  it('answers the organisation in the shape of docs/product-spec.md §3, in en-US by default', async () => {
    const res = await get('/api/org/doughmain');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const org = res.json<OrganisationView>();
    expect(org).toMatchObject({
      alias: 'doughmain',
      name: 'Test doughmain',
      locales: ['en-US', 'fr-CA'],
      currentLocale: 'en-US',
      homePage: { title: 'Welcome', subtitle: 'Learn money skills', showSiteMap: true },
      contact: { enabled: true, name: 'Help desk' },
      disableSelfSignup: false,
      constraints: {
        maxTopicWorksheets: 3,
        messagingAllowed: true,
        groupAdminMessagingOnly: false,
      },
      general: { _id: 'general', name: 'General', isGeneral: true },
      hasBundles: true,
      upload: { url: '/api/upload', tag: 'flcms' },
    });
    expect(org.theme.primaryColor).toBe('#1a4d8f');
    expect(org.homePage.promos[0]!.description).toBe('<p>Hello <b>there</b></p>');
  });

  it('gives the currency and the general topic’s picture and description when the pack has them', async () => {
    const base = makePack('zeta');
    await mustImport(
      t.database.db,
      makePack('zeta', {
        organisation: { currency: 'CAD' },
        general: {
          ...base.general!,
          description: { 'en-US': '<p>How it works</p>', 'fr-CA': '<p>Comment ça marche</p>' },
          topicImage: { secure_url: '/media/zeta/general.svg' },
        },
      }),
    );
    const org = (await get('/api/org/zeta?locale=fr-CA')).json<OrganisationView>();
    expect(org.currency).toBe('CAD');
    expect(org.general).toEqual({
      _id: 'general',
      name: 'Général',
      description: '<p>Comment ça marche</p>',
      isGeneral: true,
      topicImage: { secure_url: '/media/zeta/general.svg' },
    });
    // Without them: no currency (the app uses USD), no picture.
    const plain = (await get('/api/org/doughmain')).json<OrganisationView>();
    expect(plain.currency).toBeUndefined();
    expect(plain.general?.topicImage).toBeUndefined();
  });

  it('localises to fr-CA and falls back to en-US for what is not translated', async () => {
    const org = (await get('/api/org/doughmain?locale=fr-CA')).json<OrganisationView>();
    expect(org.currentLocale).toBe('fr-CA');
    expect(org.name).toBe('Essai doughmain');
    expect(org.homePage.title).toBe('Bienvenue');
    expect(org.homePage.subtitle).toBe('Learn money skills');
    expect(org.topics).toEqual([{ _id: 'budgeting', name: 'Budget', pageIds: ['budgeting-p1'] }]);
    expect(org.glossary[0]).toEqual({ word: 'budget', plural: 'budgets', definition: 'Un plan' });
  });

  it('answers an unknown locale in the default one', async () => {
    const org = (await get('/api/org/doughmain?locale=de-DE')).json<OrganisationView>();
    expect(org.currentLocale).toBe('en-US');
    const acme = (await get('/api/org/acme?locale=fr-CA')).json<OrganisationView>();
    expect(acme.currentLocale).toBe('en-US');
    expect(acme.locales).toEqual(['en-US']);
  });

  it('refuses a malformed locale with 400 and errfor', async () => {
    for (const locale of ['<script>', 'x'.repeat(5000), "en'--"]) {
      const res = await get(`/api/org/doughmain?locale=${encodeURIComponent(locale)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errors: [expect.stringContaining('locale')],
        errfor: { locale: expect.any(String) },
      });
    }
  });

  it('answers 404 with the error body for an unknown organisation', async () => {
    for (const alias of ['nope', "x' OR 1=1 --", '%00']) {
      const res = await get(`/api/org/${encodeURIComponent(alias)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: ['No organisation at this address'] });
    }
  });

  it('shows visitors only public topics and never correct answers or secrets', async () => {
    const res = await get('/api/org/doughmain');
    const org = res.json<OrganisationView>();
    expect(org.topics.map((x) => x._id)).toEqual(['budgeting']);
    expect(org.topicGroups).toEqual([
      {
        _id: 'group-money',
        name: 'Money',
        description: 'First line\nSecond line',
        topics: [{ _id: 'budgeting', name: 'Budgeting', pageIds: ['budgeting-p1'] }],
      },
    ]);
    expect(res.body).not.toMatch(/correctValue|password|secret-topic|"Hidden"/);
    expect(org.hasHiddenTopics).toBe(true);
  });

  it('shows members the private topics their groups grant', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: 'doughmain-learner', password: 'learner-pass-1' },
    });
    const token = login.json().token as string;
    const org = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/doughmain',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<OrganisationView>();
    expect(org.topics.map((x) => x._id)).toEqual(['budgeting', 'secret-topic']);
    expect(org.topicGroups.map((g) => g._id)).toEqual(['group-money', 'group-hidden']);
    expect(org.hasHiddenTopics).toBe(false);
    const bundles = (
      await t.app.inject({
        method: 'GET',
        url: '/api/org/doughmain/bundle',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(bundles.bundles[0].isMemberOf).toBe(true);
    // A token that is not good here is simply a visitor.
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/org/doughmain',
      headers: { authorization: 'Bearer not-a-real-token-at-all-xyz' },
    });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json<OrganisationView>().topics.map((x) => x._id)).toEqual(['budgeting']);
  });

  it('keeps organisations apart', async () => {
    const acme = (await get('/api/org/acme')).json<OrganisationView>();
    expect(acme.alias).toBe('acme');
    expect(acme.disableSelfSignup).toBe(true);
    expect(acme.hasBundles).toBe(false);
    expect(acme._id).not.toBe((await get('/api/org/doughmain')).json<OrganisationView>()._id);
    const bundles = await get('/api/org/acme/bundle');
    expect(bundles.json()).toEqual({ bundles: [] });
  });

  it('lists bundles with every locale of their text', async () => {
    const res = await get('/api/org/doughmain/bundle');
    expect(res.statusCode).toBe(200);
    expect(res.json().bundles).toEqual([
      {
        _id: 'bundle-1',
        name: { 'en-US': 'Starter', 'fr-CA': 'Starter' },
        description: {},
        longDescription: {},
        price: 49,
        userGroup: 'insiders',
        isMemberOf: false,
        discountTiers: [{ minSeats: 5, percentOff: 10 }],
      },
    ]);
    expect((await get('/api/org/nope/bundle')).statusCode).toBe(404);
  });

  it('serves a changed organisation right after an import (cache invalidation)', async () => {
    expect((await get('/api/org/acme')).json<OrganisationView>().homePage.title).toBe('Welcome');
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: {
          locales: ['en-US'],
          disableSelfSignup: true,
          homePage: { title: 'Changed', promos: [], showSiteMap: false },
        },
        bundles: [],
      }),
    );
    t.organisations.invalidate('acme');
    expect((await get('/api/org/acme')).json<OrganisationView>().homePage.title).toBe('Changed');
  });

  it('sees an import made by another process within a second', async () => {
    expect((await get('/api/org/acme')).json<OrganisationView>().homePage.title).toBe('Changed');
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: {
          locales: ['en-US'],
          homePage: { title: 'From the CLI', promos: [], showSiteMap: false },
        },
        bundles: [],
      }),
    );
    // Asked again until it is served (within the second of revalidation, and a margin).
    await waitUntil(
      async () =>
        (await get('/api/org/acme')).json<OrganisationView>().homePage.title === 'From the CLI',
      1_500,
    );
  });

  it('picks the organisation from the host name', async () => {
    const cases: [string, number, string | null][] = [
      ['localhost:3000', 200, 'doughmain'],
      ['127.0.0.1:3000', 200, 'doughmain'],
      ['acme.localhost:3000', 200, 'acme'],
      ['learn.acme.example', 200, 'acme'],
      ['LEARN.DOUGHMAIN.EXAMPLE', 200, 'doughmain'],
      ['elsewhere.example', 404, null],
      // A subdomain label no organisation has picks none (issue 16).
      ['nobody.localhost:3000', 404, null],
      ['www.no-such-org.localhost', 404, null],
      ['constructor.localhost', 404, null],
    ];
    for (const [host, status, org] of cases) {
      const res = await get('/api/host', host);
      expect(res.statusCode, host).toBe(status);
      if (org) expect(res.json()).toEqual({ org });
      else expect(res.json()).toEqual({ errors: ['No organisation at this address'] });
    }
  });

  it('serves pages with the organisation of the host in a meta tag', async () => {
    const res = await get('/topics', 'acme.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<meta name="portal-org" content="acme">');
    expect(res.headers['cache-control']).toBe('no-cache');
    const hostile = await get('/', 'a"><script>.localhost');
    expect(hostile.body).not.toContain('<script>.');
  });

  it('answers unknown API routes with the JSON error body', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['No route GET /api/nothing-here'] });
  });

  it('reports health, readiness and an OpenAPI document', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    const doc = docs.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/org/{org}', '/api/org/{org}/bundle', '/healthz', '/readyz']),
    );
  });
});
