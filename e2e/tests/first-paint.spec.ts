import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { avatarButton, newLearner, signUpByApi } from './support/accounts';
import { ACME_URL, expectNoAxeViolations, waitForApp } from './support/app';
import { longTest } from './support/limits';

/**
 * Issue 14: a visitor's first paint is drawn on the server (apps/server/src/routes/web-render.ts)
 * and the app's code starts after it, then hydrates the page. Checked on the six routes of the
 * goal, both demo organisations, a phone (its User-Agent: the server's guess) and a laptop.
 */
// docs/images only with E2E_DOCS_SHOTS=1 (README, "Screens"): a plain run changes no tracked file.
const IMAGES =
  process.env.E2E_DOCS_SHOTS === '1'
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images')
    : path.join(os.tmpdir(), 'portal-e2e-shots');

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
};
const LAPTOP = { viewport: { width: 1366, height: 900 } };

const ROUTES = {
  doughmain: [
    '/',
    '/topics',
    '/topic/budgeting-basics',
    '/topic/budgeting-basics/page/budget-numbers',
    '/topic/budgeting-basics/reportcard',
    '/store',
  ],
  acme: [
    '/',
    '/topics',
    '/topic/slips-trips-falls',
    '/topic/slips-trips-falls/page/stf-hazards',
    '/topic/slips-trips-falls/reportcard',
    '/store',
  ],
};

/** React's hydration complaints and any script error, as the page reports them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const [size, device] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  const drawnFor = size === 'phone' ? 'phone' : 'wide';

  test(`without its code a visitor reads every main page, themed (${size})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...device, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [origin, routes] of [
      ['', ROUTES.doughmain],
      [ACME_URL, ROUTES.acme],
    ] as const) {
      for (const route of routes) {
        await page.goto(`${origin}${route}`);
        await expect(page.locator('#root'), route).toHaveAttribute('data-ssr', drawnFor);
        await expect(page.getByRole('banner'), route).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
        // The organisation's theme is on the page before any script: the header's brand colour.
        const brand = await page
          .getByRole('banner')
          .evaluate((header) => getComputedStyle(header).backgroundColor);
        expect(brand, route).not.toBe('rgba(0, 0, 0, 0)');
      }
    }
    await page.goto('/topic/budgeting-basics/page/budget-numbers');
    await page.screenshot({ path: `${IMAGES}/first-paint-no-script-${size}.png` });
    await context.close();
  });

  test(`the app takes every main page over without a mismatch, and it works (${size})`, async ({
    browser,
  }) => {
    // Every main page of two organisations, each loaded twice: three times the usual time.
    test.slow();
    const context = await browser.newContext(device);
    const page = await context.newPage();
    const errors = collectErrors(page);
    for (const [origin, routes] of [
      ['', ROUTES.doughmain],
      [ACME_URL, ROUTES.acme],
    ] as const) {
      for (const route of routes) {
        // Each a first visit: a visitor's own answers have the browser draw the page instead.
        await page.goto(`${origin}/healthz`);
        await page.evaluate(() => window.localStorage.clear());
        await page.goto(`${origin}${route}`);
        await expect(page.locator('#root'), route).toHaveAttribute('data-ssr', drawnFor);
        const drawnHeading = await page.getByRole('heading', { level: 1 }).textContent();
        await waitForApp(page);
        await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(drawnHeading ?? '');
        expect(errors, route).toEqual([]);
      }
    }
    // Hydrated: the header's buttons work.
    await page.goto('/');
    await waitForApp(page);
    if (size === 'phone') {
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a field answered on a page drawn by the server is kept', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/topic/budgeting-basics/page/budget-numbers');
  await waitForApp(page);
  const field = page.getByRole('textbox').or(page.getByRole('spinbutton')).first();
  await field.fill('1234');
  await field.blur();
  // A visitor's answers stay in the browser: the next visit is drawn there, with them.
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('anonymousWorkbook') ?? ''))
    .toContain('1234');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-client-render', '');
  await waitForApp(page);
  await expect(page.getByRole('textbox').or(page.getByRole('spinbutton')).first()).toHaveValue(
    /1,?234/,
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('a signed-in learner never sees the visitor’s page, nor a language they did not choose', async ({
  browser,
  request,
}) => {
  const token = await signUpByApi(request, newLearner('first-paint'));
  const context = await browser.newContext(LAPTOP);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/healthz');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  // Record what #root shows before the app's code runs: hidden, or already the learner's.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      (window as unknown as { firstPaint: string }).firstPaint = root
        ? getComputedStyle(root).visibility
        : 'none';
    });
  });
  await page.goto('/topic/budgeting-basics');
  expect(await page.evaluate(() => (window as unknown as { firstPaint: string }).firstPaint)).toBe(
    'hidden',
  );
  await expect(avatarButton(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);

  expect(errors).toEqual([]);
  await context.close();

  // A visitor who chose French on an English organisation: the page comes in French.
  const visitor = await browser.newContext(LAPTOP);
  const french = await visitor.newPage();
  const frenchErrors = collectErrors(french);
  await french.addInitScript(() => window.localStorage.setItem('locale', 'fr-CA'));
  await french.goto('/topics');
  await expect(french.locator('html')).toHaveAttribute('data-client-render', '');
  await expect(french.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(french.getByRole('heading', { level: 1 })).toHaveText('Sujets');
  expect(frenchErrors).toEqual([]);
  await visitor.close();
});

test('the app’s code starts once the page and its largest image have loaded, every module at once', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  // The entry and the modules to fetch beside it, as the server writes them on #root.
  const html = await (await context.request.get('/topic/budgeting-basics')).text();
  const root = /<div id="root"[^>]*data-entry="([^"]+)"[^>]*data-preload="([^"]*)"/.exec(html);
  expect(root).not.toBeNull();
  const base = new URL('/topic/budgeting-basics', test.info().project.use.baseURL).href;
  const entry = new URL(root![1]!, base).href;
  const preloads = root![2]!
    .split(' ')
    .filter(Boolean)
    .map((file) => new URL(file, base).href);
  expect(preloads.length).toBeGreaterThan(5);
  // The entry is held on its way until every preload has been asked for (10 s at most): were
  // they asked for only once the entry had arrived and been read (one round trip, not three),
  // none would come meanwhile. A clock-free check: it holds on a busy machine as on a quiet one.
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(request.url()));
  let askedWhileEntryHeld: string[] = [];
  await page.route(entry, async (route) => {
    const until = Date.now() + 10_000;
    while (!preloads.every((href) => asked.has(href)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    askedWhileEntryHeld = preloads.filter((href) => asked.has(href));
    await route.continue();
  });
  await page.goto('/topic/budgeting-basics');
  await waitForApp(page);
  expect(askedWhileEntryHeld).toEqual(preloads);
  const timings = await page.evaluate(
    ({ entry, preloads }) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[];
      const of = (href: string) => resources.find((r) => r.name === href);
      // The topic's hero, preloaded from the head (its file, whichever size the browser took).
      const hero = resources.find((r) => r.name.includes('/topic-budgeting-basics'));
      return {
        loadEnd: navigation?.loadEventEnd ?? 0,
        heroEnd: hero?.responseEnd ?? Number.NaN,
        entryStart: of(entry)?.startTime ?? Number.NaN,
        preloadStarts: preloads.map((href) => of(href)?.startTime ?? Number.NaN),
      };
    },
    { entry, preloads },
  );
  // After the page's `load` (the hero image in), not sharing the network with the first paint.
  expect(timings.heroEnd).toBeLessThan(timings.entryStart);
  expect(timings.loadEnd).toBeLessThanOrEqual(timings.entryStart);
  // Asked for by the same script, after the entry.
  for (const start of timings.preloadStarts) {
    expect(start).toBeGreaterThanOrEqual(timings.entryStart);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('an image that never arrives holds the app back a few seconds at most', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  // The hero image's request stalls: the page's `load` never comes while it does.
  const stalled: (() => void)[] = [];
  await page.route('**/media/doughmain/topic-budgeting-basics*', (route) => {
    stalled.push(() => void route.abort().catch(() => undefined));
  });
  const started = Date.now();
  await page.goto('/topic/budgeting-basics', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '', {
    timeout: longTest(10_000),
  });
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  expect(Date.now() - started).toBeLessThan(8_000);
  // Taken over: the phone's Menu opens.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  for (const release of stalled) release();
  expect(errors.filter((e) => !e.includes('ERR_FAILED'))).toEqual([]);
  await context.close();
});
