import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './support/test';
import { E2E_PORT, expectNoAxeViolations, fetchOrganisation, openApp } from './support/app';
import { readPack, text } from './support/packs';

const org = readPack('doughmain').organisation;

/** With E2E_DOCS_SHOTS=1 the tests also write the screenshots of docs/images/. */
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

test.describe('header, by keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page, '/');
  });

  test('the first Tab reaches the skip link, which jumps to the content', async ({ page }) => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('the header links go where docs/product-spec.md §2 says', async ({ page }) => {
    const header = page.getByRole('banner');
    // Login and Sign up open the auth dialog in their mode (links to the full pages too).
    for (const [name, path, title] of [
      ['Log in', '/signin', 'Log in'],
      ['Sign up', '/signup', 'Sign up'],
    ] as const) {
      const link = header.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', path);
      await link.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(link).toBeFocused();
    }
    const cases = [[header.getByRole('link', { name: 'Store' }), '/store', 'Store']] as const;
    for (const [link, path, heading] of cases) {
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await header.getByRole('link', { name: text(org.name), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(org.homePage.title));
  });

  test('the topics menu opens, moves and closes with the keyboard', async ({ page }) => {
    const answer = await fetchOrganisation(page, org.alias);
    const button = page.getByRole('banner').getByRole('button', { name: 'Topics' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu', { name: 'Topics' });
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveCount(1 + answer.topicGroups.length + answer.topics.length);
    await expect(items.first()).toHaveText('Browse topics');
    await expect(items.first()).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Home');
    const group = answer.topicGroups[0];
    expect(group, 'doughmain has topic groups').toBeDefined();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toHaveText(group?.name ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/topicGroup/${group?._id}`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group?.name ?? '');
  });

  test('the contact card opens and closes with the keyboard, trapping focus meanwhile', async ({
    page,
  }) => {
    const contact = page.getByRole('banner').getByRole('button', { name: 'Contact' });
    await contact.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    if (org.contact.name)
      await expect(dialog.getByText(org.contact.name, { exact: true })).toBeVisible();
    if (org.contact.email)
      await expect(dialog.getByRole('link', { name: org.contact.email })).toBeVisible();

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus stays in the dialog after ${i + 1} Tab`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(contact).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(contact).toBeFocused();
  });
});

test('an unknown route shows the not-found page, which leads to the topics', async ({ page }) => {
  await openApp(page, '/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Page not found, please select another topic to continue',
  );
  await expect(page).toHaveTitle(`Page not found · ${text(org.name)}`);
  await page.getByRole('main').getByRole('link', { name: 'Browse topics' }).click();
  await expect(page).toHaveURL('/topics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topics');
});

// Every route of docs/product-spec.md §2 answers with a page, never a blank one: one test per
// route, so that each has its own time and a failure names its route.
{
  const routes = [
    ['/signin', 'Log in'],
    ['/signup', 'Sign up'],
    ['/forgot', 'Forgot password'],
    ['/resetPassword/a%40b.test/token123', 'Reset password'],
    ['/sso?oauth=group1', 'Single sign-on'],
    ['/oauth/callback/group1', 'We could not log you in'],
    ['/account', 'My profile'],
    ['/store', 'Store'],
    ['/bundle/small-business-toolkit', 'Small Business Toolkit'],
    ['/bundle/b1', 'Page not found, please select another topic to continue'],
    ['/topics', 'Topics'],
    ['/others', 'Other topics'],
    ['/topicGroup/everyday-money', 'Everyday money'],
    ['/topic/budgeting-basics', 'Budgeting basics'],
    ['/topic/budgeting-basics/page/budget-why', 'Why a budget helps'],
    ['/topic/budgeting-basics/reportcard', 'Report card'],
    ['/topic/budgeting-basics/others', 'Other topics'],
    ['/topic/budgeting-basics/others/group/planning-ahead', 'Other topics'],
    ['/topic/t1', 'Page not found, please select another topic to continue'],
    ['/print/topic/t1', 'Page not found, please select another topic to continue'],
  ] as const;
  for (const [path, heading] of routes)
    test(`${path} answers with a page headed "${heading}"`, async ({ page }) => {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    });
}

test('an oauth link outside /sso goes to /sso and remembers where it came from', async ({
  page,
}) => {
  await openApp(page, '/topics?oauth=group1');
  await expect(page).toHaveURL('/sso?oauth=group1');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Topics' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('oAuthOriginUrl'))).toBe(
    '/topics?oauth=group1',
  );
});

/** The header's bounding box and its parts', for "one row" checks. */
async function headerRow(page: Page) {
  const banner = page.getByRole('banner');
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
  return {
    header: await box(page.locator('.site-header')),
    logo: await box(banner.locator('.site-header__home')),
    menu: await box(banner.getByRole('button', { name: 'Menu', exact: true })),
    end: await box(banner.locator('.site-header__actions')),
  };
}

const middle = (box: { y: number; height: number }) => box.y + box.height / 2;

test.describe('header on a phone (issue 15, point 8)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ['en-US', 'fr-CA'] as const) {
    const words =
      locale === 'en-US'
        ? { topics: 'Topics', store: 'Store', signup: 'Sign up', login: 'Log in' }
        : { topics: 'Sujets', store: 'Boutique', signup: 'S’inscrire', login: 'Connexion' };

    test(`is one row, and its Menu works by keyboard, axe-clean when open (${locale})`, async ({
      page,
    }) => {
      await openApp(page, '/topic/budgeting-basics');
      if (locale === 'fr-CA') {
        await page.getByRole('banner').getByRole('button', { name: /^FR\b/ }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      }
      const banner = page.getByRole('banner');
      const menu = banner.getByRole('button', { name: 'Menu', exact: true });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(banner.getByRole('link', { name: words.login })).toBeVisible();
      // Before: 172 px in three rows (logo; Log in, Sign up, EN FR; Topics, Store, Contact).
      const row = await headerRow(page);
      expect(row.header.height).toBeLessThan(72);
      for (const part of [row.menu, row.end])
        expect(Math.abs(middle(part) - middle(row.logo))).toBeLessThan(6);
      expect(row.logo.x + row.logo.width).toBeLessThanOrEqual(row.menu.x);
      expect(row.menu.x + row.menu.width).toBeLessThanOrEqual(row.end.x);
      await expect(banner.getByRole('link', { name: words.store })).toBeHidden();
      if (isTakingShots)
        await page.screenshot({ path: `${SHOTS}/header-phone-closed-${locale}.png` });

      // Enter opens it; Tab goes through Topics to Store; Escape closes it, back on Menu.
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`);
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link', { name: words.signup })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('button', { name: words.topics })).toBeFocused();
      await page.keyboard.press('Tab');
      const store = panel.getByRole('link', { name: words.store });
      await expect(store).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();

      // The topics submenu is inside it, by keyboard too; axe finds nothing, open.
      await page.keyboard.press('Space');
      await expect(panel).toBeVisible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const topics = page.getByRole('menu', { name: words.topics });
      await expect(topics.getByRole('menuitem').first()).toBeFocused();
      await expect(topics.getByRole('menuitem').first()).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
      if (isTakingShots)
        await page.screenshot({ path: `${SHOTS}/header-phone-open-${locale}.png` });
      await page.keyboard.press('Escape');
      await expect(topics).toBeHidden();
      await expect(panel).toBeVisible();
      await expectNoAxeViolations(page);

      // Enter on Store goes there and closes the Menu.
      await page.keyboard.press('Tab');
      await expect(store).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/store');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.store);

      // A click outside closes it.
      await menu.click();
      await expect(panel).toBeVisible();
      await page.getByRole('main').click({ position: { x: 4, y: 8 } });
      await expect(panel).toBeHidden();
    });
  }

  test('Contact from the Menu opens its card, and closing it returns to Menu', async ({ page }) => {
    await openApp(page, '/');
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();
  });

  for (const [name, url] of [
    ['doughmain', '/'],
    // acme's pack and wide logo, in two locales (playwright.config.ts).
    ['gademo, a wide logo', `http://gademo.localhost:${E2E_PORT}/`],
  ] as const)
    test(`stays one row at 320 px in French: ${name}`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await openApp(page, url);
      await page.getByRole('banner').getByRole('button', { name: /^FR\b/ }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
      const row = await headerRow(page);
      expect(row.header.height).toBeLessThan(72);
      expect(Math.abs(middle(row.end) - middle(row.logo))).toBeLessThan(6);
      expect(row.end.x + row.end.width).toBeLessThanOrEqual(320);
      const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(320);
    });

  test('on a laptop the navigation stays a row of entries, with no Menu button', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openApp(page, '/topic/budgeting-basics');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Store' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign up' })).toBeVisible();
    expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThan(72);
    if (isTakingShots)
      for (const locale of ['en-US', 'fr-CA']) {
        if (locale === 'fr-CA') await banner.getByRole('button', { name: /^FR\b/ }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.screenshot({ path: `${SHOTS}/header-phone-desktop-unchanged-${locale}.png` });
      }
  });
});
