// Playwright's own `test`: this file opens pages before the app has taken them over, on purpose
// (support/test.ts waits for that after every page load).
import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { expectNoAxeViolations, waitForApp } from './support/app';
import { literal, t, type Locale } from './support/i18n';
import { longTest } from './support/limits';
import { readPack, text } from './support/packs';

/*
 * Issue 24, point 12: a visitor's page is drawn by the server and its code follows after the
 * page has loaded and painted (issue 14), up to seconds later on a slow phone. A click on what
 * the page shows in that window is kept and acted on once the code is here
 * (apps/server/src/http/client-render-script.ts, apps/web/src/app/start/early-clicks.ts).
 * Here the app's scripts are held back 4 s, each drawn control of the header is clicked before
 * they arrive, then it is checked that the click did what it says, and that the control still
 * works afterwards, at a phone's and a laptop's size, in both locales.
 */

const HOLD_MS = 4_000;
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
};
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
const org = readPack('doughmain').organisation;

test.describe.configure({ timeout: longTest(60_000) });

/** A first visit to `path` with the app's scripts held back: the page as the server drew it. */
async function openWithCodeHeldBack(browser: Browser, device: BrowserContextOptions, path = '/') {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  // React's hydration complaints and any script error, as the page reports them.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(/\/assets\/[^?]+\.js(?:\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
  await page.goto(path);
  await expect(page.locator('#root')).toHaveAttribute(
    'data-ssr',
    device === PHONE ? 'phone' : 'wide',
  );
  return { context, page, errors };
}

/** The click was made before the app had taken the page over. */
async function expectCodeNotHereYet(page: Page) {
  expect(await page.locator('html').getAttribute('data-app-ready')).toBeNull();
}

const banner = (page: Page) => page.getByRole('banner');
const localeButton = (page: Page, label: 'EN' | 'FR') =>
  banner(page).getByRole('button', { name: new RegExp(`^${label}\\b`) });

/** The home page reads in `locale`: its language, its title and the header's words. */
async function expectHomeIn(page: Page, locale: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: longTest(15_000) });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(org.homePage.title, locale),
  );
  await expect(banner(page).getByRole('link', { name: t(locale, 'header.login') })).toBeVisible();
}

for (const [size, device] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test(`an early click on FR turns the page French once the code is here, and it stays so (${size})`, async ({
    browser,
  }) => {
    const { context, page, errors } = await openWithCodeHeldBack(browser, device);
    await localeButton(page, 'FR').click();
    await expectCodeNotHereYet(page);
    await expectHomeIn(page, 'fr-CA');
    await waitForApp(page);
    // (On a phone only the other language shows: EN.)
    await expect(localeButton(page, 'EN')).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr-CA');
    await expectNoAxeViolations(page);
    // French it stays: a reload draws it in French.
    await page.reload();
    await expectHomeIn(page, 'fr-CA');
    // And the switch still works, back to English.
    await waitForApp(page);
    await localeButton(page, 'EN').click();
    await expectHomeIn(page, 'en-US');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('an early click on Topics opens its menu once the code is here; it works after (laptop)', async ({
  browser,
}) => {
  const { context, page, errors } = await openWithCodeHeldBack(browser, LAPTOP);
  const topics = banner(page).getByRole('button', { name: t('en-US', 'header.topics') });
  await topics.click();
  await expectCodeNotHereYet(page);
  const menu = page.getByRole('menu', { name: t('en-US', 'header.topics') });
  await expect(menu).toBeVisible({ timeout: longTest(15_000) });
  await expect(topics).toHaveAttribute('aria-expanded', 'true');
  await expect(
    menu.getByRole('menuitem', { name: t('en-US', 'header.browseTopics') }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(topics).toHaveAttribute('aria-expanded', 'false');
  // Once the code is here it opens and closes as ever, in French too.
  await localeButton(page, 'FR').click();
  await expectHomeIn(page, 'fr-CA');
  const sujets = banner(page).getByRole('button', { name: t('fr-CA', 'header.topics') });
  await sujets.click();
  await expect(page.getByRole('menu', { name: t('fr-CA', 'header.topics') })).toBeVisible();
  await expect(sujets).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await sujets.click();
  await expect(sujets).toHaveAttribute('aria-expanded', 'false');
  expect(errors).toEqual([]);
  await context.close();
});

test('an early click on Contact opens its card once the code is here; it works after (laptop)', async ({
  browser,
}) => {
  const { context, page, errors } = await openWithCodeHeldBack(browser, LAPTOP);
  const contact = banner(page).getByRole('button', { name: t('en-US', 'header.contact') });
  await contact.click();
  await expectCodeNotHereYet(page);
  // Taken, and seen to be: it looks pending until the code is here.
  await expect(contact).toHaveAttribute('data-early-click', '');
  const dialog = page.getByRole('dialog', { name: t('en-US', 'contact.title') });
  await expect(dialog).toBeVisible({ timeout: longTest(15_000) });
  await expect(contact).not.toHaveAttribute('data-early-click');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(contact).toBeFocused();
  await localeButton(page, 'FR').click();
  await expectHomeIn(page, 'fr-CA');
  await banner(page)
    .getByRole('button', { name: t('fr-CA', 'header.contact') })
    .click();
  await expect(page.getByRole('dialog', { name: t('fr-CA', 'contact.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
  await context.close();
});

test('an early tap on Menu opens it once the code is here; it works after (phone)', async ({
  browser,
}) => {
  const { context, page, errors } = await openWithCodeHeldBack(browser, PHONE);
  const menu = banner(page).getByRole('button', { name: literal(t('en-US', 'header.menu')) });
  await menu.click();
  await expectCodeNotHereYet(page);
  await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: longTest(15_000) });
  const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  // Its entries work: Topics' own menu, then Contact.
  await panel.getByRole('button', { name: t('en-US', 'header.topics') }).click();
  await expect(page.getByRole('menu', { name: t('en-US', 'header.topics') })).toBeVisible();
  await expectNoAxeViolations(page);
  // Topics' menu open in the panel, a tap on Contact below it gets Contact.
  await panel.getByRole('button', { name: t('en-US', 'header.contact') }).click();
  await expect(page.getByRole('dialog', { name: t('en-US', 'contact.title') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // In French too.
  await localeButton(page, 'FR').click();
  await expectHomeIn(page, 'fr-CA');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await panel.getByRole('button', { name: t('fr-CA', 'header.contact') }).click();
  await expect(page.getByRole('dialog', { name: t('fr-CA', 'contact.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
  await context.close();
});
