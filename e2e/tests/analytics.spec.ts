import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from './support/test';
import { E2E_PORT, expectNoAxeViolations } from './support/app';
import { openAsNewLearner } from './support/workbook';

/** Screenshots of the changed screens, linked from the README. */
// docs/images only with E2E_DOCS_SHOTS=1 (README, "Screens"): a plain run changes no tracked file.
const IMAGES =
  process.env.E2E_DOCS_SHOTS === '1'
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images')
    : path.join(os.tmpdir(), 'portal-e2e-shots');

/**
 * Issue 15, point 23: the events a learning product needs go to the organisation's analytics
 * endpoint; Google Analytics (for an organisation with a gaUid) only after the learner agrees.
 * Every request to Google is intercepted: nothing leaves the machine.
 */
const JOBS = '/topic/compare-job-offers';
const GA_URL = `http://gademo.localhost:${E2E_PORT}`;
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

interface SentEvent {
  name: string;
  category: string;
  data: Record<string, unknown>;
}

/** The analytics events the page sends, and the statuses the server answers them with. */
function recordEvents(page: Page) {
  const events: SentEvent[] = [];
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/analytics/events'))
      events.push(request.postDataJSON() as SentEvent);
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().includes('/analytics/events'))
      statuses.push(response.status());
  });
  const names = () => events.map((e) => e.name);
  return { events, statuses, names };
}

/**
 * A stand-in for gtag.js that does what Google's does as far as these tests look: on `config` it
 * sets the _ga cookies (the first on the widest domain, as `cookie_domain: 'auto'`), and it sends
 * a hit to /g/collect for every page view pushed, unless `window['ga-disable-<id>']` is set.
 */
const GTAG_SIMULATOR = `(() => {
  let id = '';
  const handle = (args) => {
    if (args[0] === 'config') {
      id = args[1];
      const year = '; path=/; max-age=31536000';
      document.cookie = '_ga=GA1.1.1234.5678' + year + '; domain=' + location.hostname;
      document.cookie = '_ga_' + id.replace(/^G-/, '') + '=GS1.1.1' + year;
    }
    if (args[0] === 'event' && args[1] === 'page_view' && !window['ga-disable-' + id])
      fetch('https://region1.google-analytics.com/g/collect?v=2&en=page_view&tid=' + id +
        '&dl=' + encodeURIComponent(args[2].page_location), { method: 'POST', mode: 'no-cors' });
  };
  const layer = (window.dataLayer = window.dataLayer || []);
  for (const args of layer) handle(args);
  const push = layer.push.bind(layer);
  layer.push = (...items) => { items.forEach(handle); return push(...items); };
})();`;

/**
 * Answers every request to Google's analytics hosts here, and lists them; gtag.js is an empty
 * stub, or with `simulate` the GTAG_SIMULATOR.
 */
async function interceptGoogle(page: Page, { simulate = false } = {}): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(
    /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/,
    (route) => {
      requests.push(route.request());
      const isGtag = route.request().url().includes('/gtag/js');
      return route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: simulate && isGtag ? GTAG_SIMULATOR : '/* gtag stub */',
      });
    },
  );
  return requests;
}

/** The names of the Google Analytics cookies the browser holds for gademo. */
async function analyticsCookies(page: Page): Promise<string[]> {
  const cookies = await page.context().cookies(GA_URL);
  return cookies.map((cookie) => cookie.name).filter((name) => name.startsWith('_ga'));
}

for (const viewport of VIEWPORTS) {
  test.describe(`analytics at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('page viewed, field answered, worksheet added, page completed and search made are sent and stored', async ({
      page,
    }) => {
      const google = await interceptGoogle(page);
      const { events, statuses, names } = recordEvents(page);
      await openAsNewLearner(page, 'events', `${JOBS}/page/job-numbers`);
      await expect.poll(names).toContain('PAGE_VIEWED');
      expect(events.find((e) => e.name === 'PAGE_VIEWED')).toEqual({
        name: 'PAGE_VIEWED',
        category: 'NAVIGATION',
        data: { topicId: 'compare-job-offers', pageId: 'job-numbers' },
      });

      const employer = page.getByRole('textbox', { name: 'Employer and position', exact: true });
      await employer.fill('Acme, analyst');
      await employer.blur();
      await expect.poll(names).toContain('FIELD_ANSWERED');
      expect(events.find((e) => e.name === 'FIELD_ANSWERED')?.data).toMatchObject({
        topicId: 'compare-job-offers',
        pageId: 'job-numbers',
      });

      const drawer = page.getByRole('button', { name: /^Page \d+ of \d+/ });
      if (await drawer.isVisible()) await drawer.click();
      await page
        .getByRole('region', { name: 'Worksheets' })
        .getByRole('button', { name: 'Add a worksheet' })
        .click();
      await expect.poll(names).toContain('WORKSHEET_ADDED');
      expect(events.find((e) => e.name === 'WORKSHEET_ADDED')?.data).toEqual({
        topicId: 'compare-job-offers',
        worksheetIndex: 1,
      });

      // Every event answered before the page is left: a load aborts a request still in flight.
      await expect.poll(() => statuses.length).toBe(events.length);
      // A page of reading only is completed when its end is seen.
      await page.goto('/topic/budgeting-basics/page/budget-why');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('.topic-page__end').scrollIntoViewIfNeeded();
      await expect.poll(names).toContain('PAGE_COMPLETED');
      expect(events.find((e) => e.name === 'PAGE_COMPLETED')?.data).toEqual({
        topicId: 'budgeting-basics',
        pageId: 'budget-why',
      });

      await expect.poll(() => statuses.length).toBe(events.length);
      await page.goto('/topics');
      await page
        .getByRole('search')
        .getByRole('searchbox', { name: 'Search topics' })
        .fill('budget');
      await expect.poll(names).toContain('SEARCH_MADE');
      expect(events.find((e) => e.name === 'SEARCH_MADE')?.data).toMatchObject({
        keywords: 'budget',
      });

      await expect.poll(() => statuses.length).toBe(events.length);
      expect(statuses.every((status) => status === 200)).toBe(true);
      // doughmain has no gaUid: Google is never asked for anything.
      expect(google).toEqual([]);
    });

    test('Google Analytics waits for consent, asked by keyboard in both locales, and remembers it', async ({
      page,
    }) => {
      const google = await interceptGoogle(page);
      const document = await page.goto(`${GA_URL}/`);
      expect(document?.headers()['content-security-policy']).toContain(
        'https://*.googletagmanager.com',
      );
      const banner = page.getByRole('region', { name: 'Measuring how this site is used' });
      await expect(banner).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/analytics-consent-${viewport.width}.png` });
      await page.goto(`${GA_URL}/topics`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(google).toEqual([]);

      // In French: the same question, in French.
      await page.getByRole('button', { name: /^FR\b/ }).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      const question = page.getByRole('region', { name: 'Mesurer l’utilisation de ce site' });
      await expect(question).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/analytics-consent-fr-${viewport.width}.png` });

      // By keyboard: Tab reaches "Autoriser la mesure"; Enter agrees.
      const allow = question.getByRole('button', { name: 'Autoriser la mesure' });
      await allow.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(allow).toBeFocused();
      const gtag = page.waitForRequest(/googletagmanager\.com\/gtag\/js\?id=G-E2ETEST01/);
      await page.keyboard.press('Enter');
      await gtag;
      await expect(question).toHaveCount(0);

      // Remembered: no question on the next visit, and gtag.js comes at once.
      const again = page.waitForRequest(/googletagmanager\.com\/gtag\/js/);
      await page.reload();
      await again;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(question).toHaveCount(0);
    });

    test('Cookie settings in the footer reopen the choice; a refusal stops Google at once', async ({
      page,
    }) => {
      const google = await interceptGoogle(page, { simulate: true });
      const hits = () => google.filter((request) => request.url().includes('/g/collect'));
      await page.goto(`${GA_URL}/`);
      const footer = page.getByRole('contentinfo');
      const settings = footer.getByRole('button', { name: 'Cookie settings' });
      await expect(settings).toBeVisible();

      // Agreed in the banner: a hit for this page, one for the next, and the _ga cookies.
      await page
        .getByRole('region', { name: 'Measuring how this site is used' })
        .getByRole('button', { name: 'Allow analytics' })
        .click();
      await expect.poll(() => hits().length).toBe(1);
      await page.getByRole('main').getByRole('link', { name: 'Browse topics' }).first().click();
      await expect(page).toHaveURL(`${GA_URL}/topics`);
      await expect.poll(() => hits().length).toBe(2);
      await expect
        .poll(() => analyticsCookies(page))
        .toEqual(expect.arrayContaining(['_ga', '_ga_E2ETEST01']));

      // Reopened from the footer, the current choice is said; "No, thanks" takes it back.
      await settings.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${IMAGES}/analytics-settings-footer-en-US-${viewport.width}.png`,
      });
      await settings.click();
      const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
      await expect(dialog.getByText(/Your current choice: analytics allowed/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/analytics-settings-en-US-${viewport.width}.png` });
      await dialog.getByRole('button', { name: 'No, thanks' }).click();
      await expect(dialog).toBeHidden();
      await expect(settings).toBeFocused();
      await expect(footer.getByRole('status')).toHaveText('Saved: no analytics.');
      await expect.poll(() => analyticsCookies(page)).toEqual([]);

      // Navigating on: no new hit, no page view even asked of gtag.js; after a reload, no gtag.js.
      const views = () =>
        page.evaluate(
          () =>
            ((window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).filter(
              (args) => args[1] === 'page_view',
            ).length,
        );
      const viewsBefore = await views();
      await page.goBack();
      await expect(page).toHaveURL(`${GA_URL}/`);
      await page.getByRole('main').getByRole('link', { name: 'Browse topics' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await views()).toBe(viewsBefore);
      expect(hits()).toHaveLength(2);
      const scripts = google.length;
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Measuring how this site is used' }),
      ).toHaveCount(0);
      expect(google).toHaveLength(scripts);

      // In French: "Paramètres des témoins", saying the choice now made.
      await page.getByRole('button', { name: /^FR\b/ }).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      const reglages = footer.getByRole('button', { name: 'Paramètres des témoins' });
      await reglages.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${IMAGES}/analytics-settings-footer-fr-CA-${viewport.width}.png`,
      });
      await reglages.click();
      const dialogFr = page.getByRole('dialog', { name: 'Paramètres des témoins' });
      await expect(dialogFr.getByText(/Votre choix actuel\s:\saucune mesure/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/analytics-settings-fr-CA-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialogFr).toBeHidden();
      await expect(reglages).toBeFocused();
      expect(hits()).toHaveLength(2);
    });

    test('declining keeps Google out, and doughmain never opens its policy to Google', async ({
      page,
    }) => {
      const google = await interceptGoogle(page);
      await page.goto(`${GA_URL}/`);
      await page.getByRole('button', { name: 'No, thanks' }).click();
      await expect(
        page.getByRole('region', { name: 'Measuring how this site is used' }),
      ).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Measuring how this site is used' }),
      ).toHaveCount(0);
      expect(google).toEqual([]);

      const home = await page.goto('/');
      expect(home?.headers()['content-security-policy']).not.toContain('google');
      // Nor does its footer offer Cookie settings: it asks nothing.
      await expect(
        page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }),
      ).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Measuring how this site is used' }),
      ).toHaveCount(0);
    });
  });
}
