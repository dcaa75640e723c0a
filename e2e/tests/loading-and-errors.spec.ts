import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Playwright's own `test`: these tests hold the app's code back, so a page load must not wait
// for the app to take the page over (support/test.ts).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/app';
import { readPack, text } from './support/packs';

/**
 * Every image loaded (or failed) and decoded, then two frames drawn: what moves the layout once
 * the network is idle has moved by then.
 */
async function imagesPainted(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.images].every(
      (image) =>
        image.complete ||
        // A lazy image below the window does not load until scrolled to.
        (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight),
    ),
  );
  await page.evaluate(async () => {
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Issue 14 (no layout shift) and issue 15 point 13: while a screen loads, a skeleton in its
 * shape stands where it comes and the footer stays below the fold (it used to show at the top
 * and jump down); the start error page wears the organisation's theme and names its support
 * address (it used to be unbranded, with support@example.com).
 *
 * With E2E_DOCS_SHOTS=1 the tests also write the screenshots of docs/images/.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const VIEWPORTS = [PHONE, LAPTOP] as const;
const LOCALES = ['en-US', 'fr-CA'] as const;

const pack = readPack('doughmain');
const org = pack.organisation;
const supportEmail = org.supportEmail ?? '';
/** A public topic of the doughmain pack, and its page with fields. */
const topic = { _id: 'budgeting-basics' };
const fieldPage = { _id: 'budget-numbers' };

/** The chunks of the screens (not the app's entry, nor a catalog): held or slowed by tests. */
const SCREEN_CHUNK = /\/assets\/(?:home|topics|search|page|workbook-boundary|fields)-[^/]*\.js$/;

/**
 * A returning visitor with answers of their own (kept in the browser): the server cannot draw
 * their page, so it is drawn in the browser, with a skeleton while its code loads (issue 14).
 */
async function haveOwnAnswers(page: Page) {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('anonymousWorkbook') === null)
      window.localStorage.setItem(
        'anonymousWorkbook',
        JSON.stringify({
          general: { data: {}, fieldTimes: {}, completedPages: [] },
          topics: {},
          history: null,
          removedWorksheets: {},
        }),
      );
  });
}

/** Holds the screens' code back until the returned function is called. */
async function holdScreenCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(SCREEN_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** A layout shift as recorded: its score, when (ms), and each source's rectangle before → after. */
type Shift = { value: number; at: number; sources: string[] };

/** Records every layout shift of the page (the Layout Instability API), from its start. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    // Where each source was and went (x,y w×h), for a failure's message to say what moved.
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        startTime: number;
        hadRecentInput: boolean;
        sources?: {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map(
            (source) =>
              `${
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}.${source.node.className}`
                  : String(source.node?.nodeName)
              } ${box(source.previousRect)} → ${box(source.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);

async function footerTop(page: Page): Promise<number> {
  const box = await page.locator('footer.site-footer').boundingBox();
  return box?.y ?? Number.POSITIVE_INFINITY;
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`loading at ${size}`, () => {
    test.use({ viewport });

    for (const [name, url] of [
      ['home', '/'],
      ['topics', '/topics'],
      ['topic home', `/topic/${topic._id}`],
      ['page with fields', `/topic/${topic._id}/page/${fieldPage._id}`],
    ] as const) {
      test(`${name}, a first visit: drawn before its code arrives, nothing moves after`, async ({
        page,
      }) => {
        await recordLayoutShifts(page);
        // The screen's code arrives late, as on a slow phone network; the server drew the page.
        const release = await holdScreenCode(page);
        await page.goto(url);
        await expect(page.locator('#root')).toHaveAttribute('data-ssr', /^(phone|wide)$/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.skeleton')).toHaveCount(0);
        const footerBefore = await footerTop(page);
        release();
        await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
        await page.waitForLoadState('networkidle');
        await imagesPainted(page);
        expect(await footerTop(page), 'the footer stays where it was drawn').toBe(footerBefore);
        const shifts = await shiftsOf(page);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
      });

      test(`${name}, drawn in the browser: a skeleton, the footer below the fold, no layout shift`, async ({
        page,
      }) => {
        await haveOwnAnswers(page);
        await recordLayoutShifts(page);
        // The screen's code arrives late, as on a slow phone network.
        const release = await holdScreenCode(page);
        await page.goto(url);
        const skeleton = page.locator('.skeleton');
        await expect(skeleton.first()).toBeVisible();
        await expect(page.locator('.skeleton').getByRole('status')).toHaveText(
          'Loading your learning portal…',
        );
        expect(await footerTop(page), 'the footer waits below the fold').toBeGreaterThanOrEqual(
          viewport.height,
        );
        release();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(skeleton).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        // Images decoded and painted: anything that moves has moved by now.
        await imagesPainted(page);
        const shifts = await shiftsOf(page);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(shifts.flatMap((shift) => shift.sources).filter((s) => /footer/.test(s))).toEqual(
          [],
        );
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
      });
    }

    test('a page whose own code comes after the topic layout: Previous / Next wait for it', async ({
      page,
    }) => {
      await haveOwnAnswers(page);
      await recordLayoutShifts(page);
      // The layout's code arrives; the page's own (page-*.js) a second later.
      await page.route(/\/assets\/page-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto(`/topic/${topic._id}/page/${fieldPage._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Previous and next page' })).toBeAttached();
      await page.waitForLoadState('networkidle');
      await imagesPainted(page);
      const shifts = await shiftsOf(page);
      expect(shifts.filter((shift) => shift.sources.some((s) => /page-turns/.test(s)))).toEqual([]);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThanOrEqual(0.02);
    });

    for (const locale of LOCALES) {
      test(`the topic skeleton in ${locale}`, async ({ page }) => {
        await page.addInitScript((chosen) => window.localStorage.setItem('locale', chosen), locale);
        await haveOwnAnswers(page);
        await page.route(SCREEN_CHUNK, () => {
          // Held for good: the skeleton stays for the screenshot.
        });
        await page.goto(`/topic/${topic._id}`);
        await expect(page.locator('.skeleton--topic')).toBeVisible();
        await expect(page.locator('.skeleton').getByRole('status')).toHaveText(
          locale === 'en-US'
            ? 'Loading your learning portal…'
            : 'Chargement de votre portail d’apprentissage…',
        );
        expect(await footerTop(page)).toBeGreaterThanOrEqual(viewport.height);
        if (isTakingShots)
          await page.screenshot({ path: `${SHOTS}/loading-topic-skeleton-${locale}-${size}.png` });
      });

      test(`the start error page in ${locale}: the organisation's theme and support address`, async ({
        page,
      }) => {
        // A signed-in learner (or one who chose another locale) asks the API, which fails.
        await page.addInitScript((chosen) => {
          window.localStorage.setItem('locale', chosen);
          window.localStorage.setItem('token', 'a-token-the-api-never-sees');
        }, locale);
        await page.route(/\/api\/org\//, (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ errors: ['Service unavailable'] }),
          }),
        );
        await page.goto('/topics');
        const alert = page.getByRole('alert');
        await expect(alert.getByRole('heading', { level: 1 })).toHaveText(
          locale === 'en-US' ? 'Something went wrong' : 'Un problème est survenu',
        );
        expect(supportEmail, 'the doughmain pack names a support address').not.toBe('');
        const support = alert.getByRole('link', { name: supportEmail });
        await expect(support).toHaveAttribute('href', `mailto:${supportEmail}`);
        await expect(alert).not.toContainText('support@example.com');
        // The logo, named in the organisation's first locale (the page's data is in it).
        await expect(alert.getByRole('img', { name: text(org.name) })).toBeVisible();
        const primary = await page.evaluate(() =>
          document.documentElement.style.getPropertyValue('--primary-color'),
        );
        expect(primary.toLowerCase()).toBe(org.theme.primaryColor.toLowerCase());
        await expectNoAxeViolations(page);
        if (isTakingShots)
          await page.screenshot({ path: `${SHOTS}/error-page-${locale}-${size}.png` });
      });
    }
  });
}
