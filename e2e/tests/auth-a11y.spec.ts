import { longTest } from './support/limits';
import { expect, test } from './support/test';
import { avatarButton, newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { ACME_URL, expectNoAxeViolations } from './support/app';

test.describe('axe: no WCAG 2.1 A/AA violations on the account screens', () => {
  for (const [name, path, heading] of [
    ['sign-in page', '/signin', 'Log in'],
    ['sign-in page after an idle logout', '/signin?timeout=1', 'Log in'],
    ['sign-up page', '/signup', 'Sign up'],
    ['forgot-password page', '/forgot', 'Forgot password'],
    [
      'reset-password page',
      '/resetPassword/someone%40e2e.example/not-a-real-token',
      'Reset password',
    ],
  ] as const) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('sign-up page with its errors shown', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('main').getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('sign-up page in French', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: /^FR\b/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('acme sign-up page: invitation only', async ({ page }) => {
    await page.goto(`${ACME_URL}/signup`);
    await expect(
      page.getByRole('heading', { name: 'Sign up is by invitation only' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the auth dialog, in each mode', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the profile page and the open avatar menu', async ({ page }) => {
    // Three audits of a full page: over 30 s beside another worker on a slow machine.
    test.setTimeout(longTest(60_000));
    const token = await signUpByApi(page.request, newLearner('axe'));
    await openSignedIn(page, token, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('First name', { exact: true }).fill('Edited');
    await expect(page.getByRole('button', { name: 'Save First name' })).toBeVisible();
    await expectNoAxeViolations(page);

    await avatarButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('the avatar menu on a small screen, with the locales in it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const token = await signUpByApi(page.request, newLearner('small'));
    await openSignedIn(page, token, '/topics');
    await expect(page.getByRole('banner').locator('.locale-switcher')).toBeHidden();
    await avatarButton(page).click();
    const french = page.getByRole('menuitemradio', { name: /^FR/ });
    await expect(french).toBeVisible();
    await expectNoAxeViolations(page);
    await french.click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('banner').locator('.avatar-button')).toHaveAccessibleName(
      /^Menu du compte/,
    );
  });
});
