import fs from 'node:fs';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';
import { avatarButton, loginByApi, newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { readPack, text } from './support/packs';

/**
 * Single sign-on (issue 13) through a real OpenID provider: the portal's development provider
 * (DEV_OIDC=on, mounted at /dev-oidc), with the demo pack's SSO group pointed at this run's port
 * by playwright.config.ts. Its pages are oidc-provider's development login and consent forms.
 */
const GROUP = 'doughmain-sso';
const LOGIN = 'sso.learner';
/** The development provider's second identity (sso.owner@doughmain.example), for linking. */
const OWNER = 'sso.owner';
/** The server's refusal of a callback this browser did not start (login CSRF). */
const NOT_THIS_BROWSER = /not started in this browser/;
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

/** The provider's login and consent pages, by mouse: the browser comes back to the portal. */
async function throughProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(/\/dev-oidc\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="prompt"][value="consent"]')).toBeAttached();
  await page.locator('button[type="submit"]').click();
}

/**
 * The callback address the provider sends `login` back with; this browser never completes it
 * (its exchange with the server is cut), so the flow is still unused.
 */
async function callbackAddress(page: Page, login: string): Promise<string> {
  await page.route('**/api/org/doughmain/oauth/complete', (route) => route.abort());
  await page.goto(`/sso?oauth=${GROUP}`);
  await page.getByRole('button', { name: `Log in with ${orgName('en-US')}` }).click();
  await throughProvider(page, login);
  await expect(page).toHaveURL(/\/oauth\/callback\/.*code=/);
  return page.url();
}

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
    // A callback this browser did not start (no flow cookie): refused.
    await expect(alert).toContainText(NOT_THIS_BROWSER);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not log you in' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Try logging in again' }).click();
    await expect(page).toHaveURL(`/sso?oauth=${GROUP}`);
  });

  test('a callback address made for someone else’s identity signs a fresh browser in as nobody (login CSRF)', async ({
    browser,
    page,
  }) => {
    // The attacker goes through the provider with their identity and keeps the callback address.
    const callback = await callbackAddress(page, LOGIN);
    // The victim's browser opens it.
    const victim = await browser.newContext();
    try {
      const other = await victim.newPage();
      await other.goto(callback);
      await expect(other.getByRole('alert')).toContainText(NOT_THIS_BROWSER);
      await expect(avatarButton(other)).toHaveCount(0);
      expect(await other.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    } finally {
      await victim.close();
    }
  });

  test('an SSO identity never takes over a password account of its email: the owner logs in with the password and links (screens in both locales, phone and desktop)', async ({
    page,
    request,
  }) => {
    // Two sign-ins through the provider, then eight screens with axe: more than the default time.
    test.setTimeout(longTest(90_000));
    fs.mkdirSync(SHOTS, { recursive: true });
    const owner = { ...newLearner('owner'), email: 'sso.owner@doughmain.example' };
    await signUpByApi(request, owner);
    const words = {
      'fr-CA': {
        login: `Se connecter avec ${orgName('fr-CA')}`,
        refusal: 'Un compte utilise déjà ce courriel',
        toLink: 'Se connecter avec votre mot de passe pour lier',
        link: `Lier mon compte à ${orgName('fr-CA')}`,
      },
      'en-US': {
        login: `Log in with ${orgName('en-US')}`,
        refusal: 'An account with this email already exists',
        toLink: 'Log in with your password to link',
        link: `Link my account with ${orgName('en-US')}`,
      },
    } as const;
    const sizes = [
      [390, 844],
      [1366, 900],
    ] as const;
    const setLocale = async (locale: string) => {
      await page.goto('/healthz');
      await page.evaluate((value) => window.localStorage.setItem('locale', value), locale);
    };

    // Single sign-on with the owner's identity: refused in each locale, the account untouched.
    for (const locale of ['fr-CA', 'en-US'] as const) {
      // A fresh provider session, so that its login page shows again.
      await page.context().clearCookies();
      await setLocale(locale);
      await page.goto(`/sso?oauth=${GROUP}`);
      await page.getByRole('button', { name: words[locale].login }).click();
      await throughProvider(page, OWNER);
      await expect(page.getByRole('alert')).toContainText(words[locale].refusal);
      await expect(page.getByRole('link', { name: words[locale].toLink })).toBeVisible();
      await expect(avatarButton(page)).toHaveCount(0);
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/refusal-${locale}-${width}.png`, fullPage: true });
      }
    }
    expect(await loginByApi(request, owner.username, owner.password)).toBe(200);

    // The owner logs in with the password, then links.
    await page.getByRole('link', { name: words['en-US'].toLink }).click();
    await expect(page).toHaveURL(/\/signin\?returnTo=/);
    const main = page.getByRole('main');
    await main.getByLabel('Username or email').fill(owner.username);
    await main.getByLabel('Password', { exact: true }).fill(owner.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`/sso?oauth=${GROUP}&link=1`);
    for (const locale of ['fr-CA', 'en-US'] as const) {
      await setLocale(locale);
      await page.goto(`/sso?oauth=${GROUP}&link=1`);
      await expect(page.getByRole('button', { name: words[locale].link })).toBeVisible();
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `${SHOTS}/link-${locale}-${width}.png`, fullPage: true });
      }
    }
    await expect(page.getByText('You are logged in with your password.')).toBeVisible();
    await page.context().clearCookies();
    await page.getByRole('button', { name: words['en-US'].link }).click();
    await throughProvider(page, OWNER);
    await expect(page).toHaveURL('/');
    await expect(avatarButton(page)).toBeVisible();

    // Linked: the account signs in with single sign-on now, and its password is refused with
    // the group to use (docs/decisions.md, "Single sign-on": linking).
    const login = await request.post('/api/org/doughmain/login', {
      data: { username: owner.username, password: owner.password },
    });
    expect(login.status()).toBe(400);
    expect(((await login.json()) as { oAuthGroupId?: string }).oAuthGroupId).toBe(GROUP);
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
    // Eight pages, each checked with axe and shot whole: more than the default 30 s on 2 cores.
    test.setTimeout(longTest(90_000));
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
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `${SHOTS}/callback-error-${locale}-${width}.png`,
          fullPage: true,
        });
      }
    }
  });
});
