import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { avatarButton } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { readPack, text } from './support/packs';

/**
 * Single sign-on (issue 13) through a real OpenID provider: the portal's development provider
 * (DEV_OIDC=on, mounted at /dev-oidc), with the demo pack's SSO group pointed at this run's port
 * by playwright.config.ts. Its pages are oidc-provider's development login and consent forms.
 */
const GROUP = 'doughmain-sso';
const LOGIN = 'sso.learner';
const SHOTS = '/tmp/shots-sso';
const orgName = (locale: string) => text(readPack('doughmain').organisation.name, locale);

/** Presses Tab until `name`d control has the focus (keyboard only). */
async function tabTo(page: Page, matches: () => Promise<boolean>, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await matches()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached the control with Tab');
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} ${el.getAttribute('type') ?? ''} ${el.textContent ?? ''}` : '';
  });

test.describe('single sign-on (docs/product-spec.md §2, §4)', () => {
  test('the whole flow by keyboard, through the provider’s pages, to the remembered /topics and back to /sso on logout', async ({
    page,
  }) => {
    // An oauth link outside /sso: sent to /sso, the original address remembered.
    await page.goto(`/topics?oauth=${GROUP}`);
    await expect(page).toHaveURL(`/sso?oauth=${GROUP}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    await expect(page.getByText('use the login sso.learner')).toBeVisible();
    // No topics menu on the sso page.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Topics' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const button = page.getByRole('button', { name: `Log in with ${orgName('en-US')}` });
    await tabTo(page, () => button.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');

    // The provider's login form: the login field has the focus.
    await expect(page).toHaveURL(/\/dev-oidc\/interaction\//);
    await expect(page.locator('input[name="login"]')).toBeFocused();
    await page.keyboard.type(LOGIN);
    await page.keyboard.press('Tab');
    await page.keyboard.type('any password');
    await page.keyboard.press('Enter');

    // Its consent page: Tab to its submit button.
    await expect(page.locator('input[name="prompt"][value="consent"]')).toBeAttached();
    await tabTo(page, async () => (await focusedText(page)).startsWith('BUTTON submit'));
    await page.keyboard.press('Enter');

    // Back at the portal: signed in, at the remembered address.
    await expect(page).toHaveURL('/topics');
    await expect(avatarButton(page)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('oAuthUserGroupId'))).toBe(GROUP);
    expect(await page.evaluate(() => window.localStorage.getItem('oAuthOriginUrl'))).toBeNull();

    // Logout of an SSO learner: back to its group's sso page.
    const avatar = avatarButton(page);
    await tabTo(page, () => avatar.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    await expect(logOut).toBeVisible();
    for (let i = 0; i < 10 && !(await logOut.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await expect(logOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/sso?oauth=${GROUP}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();

    // A password login of the SSO account: a prompt linking to its single sign-on instead.
    await page.goto('/signin');
    const main = page.getByRole('main');
    await main.getByLabel('Username or email').fill('sso.learner@doughmain.example');
    await main.getByLabel('Password', { exact: true }).fill('whatever-1');
    await main.getByRole('button', { name: 'Log in' }).click();
    const link = main.getByRole('link', { name: 'Continue with single sign-on' });
    await expect(link).toHaveAttribute('href', `/sso?oauth=${GROUP}`);
    await expectNoAxeViolations(page);
  });

  test('the callback: a spinner while exchanging, then a refused code in a red box, axe clean', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/org/doughmain/oauth/complete', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/oauth/callback/${GROUP}?code=not-a-code&state=not-a-state`);
    await expect(page.getByRole('status').filter({ hasText: 'Logging you in…' })).toBeVisible();
    await expectNoAxeViolations(page);
    release();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Login token not found.');
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not log you in' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Try logging in again' }).click();
    await expect(page).toHaveURL(`/sso?oauth=${GROUP}`);
  });

  test('the provider’s error on the callback, and an unknown group on /sso, in red boxes', async ({
    page,
  }) => {
    await page.goto(
      `/oauth/callback/${GROUP}?error=access_denied&error_description=End-User%20aborted%20interaction`,
    );
    await expect(page.getByRole('alert')).toContainText(
      'The single sign-on provider says: End-User aborted interaction',
    );
    await expectNoAxeViolations(page);

    await page.goto('/sso?oauth=no-such-group');
    await expect(page.getByRole('alert')).toContainText('This user group has no single sign-on.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('screenshots of /sso and the callback error, both locales, phone and desktop', async ({
    page,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const locale of ['en-US', 'fr-CA']) {
      await page.goto('/healthz');
      await page.evaluate((value) => window.localStorage.setItem('locale', value), locale);
      for (const [width, height] of [
        [390, 844],
        [1366, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/sso?oauth=${GROUP}`);
        await expect(
          page.getByRole('button', { name: new RegExp(orgName(locale).slice(0, 8)) }).last(),
        ).toBeVisible();
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/sso-${locale}-${width}.png`, fullPage: true });
        await page.goto(`/oauth/callback/${GROUP}?code=not-a-code&state=nope`);
        await expect(page.getByRole('alert')).toBeVisible();
        await page.screenshot({
          path: `${SHOTS}/callback-error-${locale}-${width}.png`,
          fullPage: true,
        });
      }
    }
  });
});
