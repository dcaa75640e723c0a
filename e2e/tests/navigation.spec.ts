import { expect, test } from '@playwright/test';
import { fetchOrganisation, openApp } from './support/app';
import { readPack, text } from './support/packs';

const org = readPack('doughmain').organisation;

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

test('every route of docs/product-spec.md §2 answers with a page, never a blank one', async ({
  page,
}) => {
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
  for (const [path, heading] of routes) {
    await openApp(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});

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
