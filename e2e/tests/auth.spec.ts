import { expect, test, type Page } from './support/test';
import {
  avatarButton,
  DEMO,
  DOUGHMAIN,
  loginByApi,
  newLearner,
  openSignedIn,
  signUpByApi,
} from './support/accounts';
import { ACME_URL, expectNoAxeViolations } from './support/app';
import { COMBOS, comboName, openAt, shot } from './support/combos';
import { t } from './support/i18n';
import { resetLinkIn, waitForMail } from './support/mail';

async function logIn(page: Page, identifier: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Username or email').fill(identifier);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await avatarButton(page).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
}

test.describe('sign up (docs/product-spec.md §4)', () => {
  test('lands on /topics signed in, with the anonymous workbook saved to the account', async ({
    page,
  }) => {
    const learner = newLearner('signup');
    const editedAt = new Date().toISOString();
    const anonymous = {
      general: {
        data: { 'e2e-note': 'written before signing up' },
        fieldTimes: { 'e2e-note': editedAt },
        completedPages: [],
      },
      topics: {},
      history: null,
      removedWorksheets: {},
    };
    await page.goto('/healthz');
    await page.evaluate(
      (wb) => window.localStorage.setItem('anonymousWorkbook', wb),
      JSON.stringify(anonymous),
    );

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /terms of use/ })).toHaveAttribute('href', /terms/);
    await main.getByLabel('Username').fill(learner.username);
    await main.getByLabel('Email').fill(learner.email);
    await main.getByLabel('Password').fill(learner.password);
    await main.getByLabel('First name (optional)').fill(learner.first);
    await main.getByLabel('Last name (optional)').fill(learner.last);
    await main.getByRole('button', { name: 'Create my account' }).click();

    await expect(page).toHaveURL(/\/topics$/);
    await expect(avatarButton(page)).toHaveAccessibleName(
      `Account menu, ${learner.first} ${learner.last}`,
    );
    await expect(avatarButton(page)).toHaveText('R');

    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => window.localStorage.getItem('anonymousWorkbook'))).toBeNull();
    const saved = await page.request.get(`/api/org/${DOUGHMAIN}/workbook`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(saved.status()).toBe(200);
    const { workbook } = (await saved.json()) as { workbook: { workbook: typeof anonymous } };
    expect(workbook.workbook.general.data['e2e-note']).toBe('written before signing up');
  });

  test('a taken username is refused in a red box', async ({ page }) => {
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByLabel('Username').fill(DEMO.learner.username);
    await main.getByLabel('Email').fill(newLearner('taken').email);
    await main.getByLabel('Password').fill('long-enough-password');
    await main.getByRole('button', { name: 'Create my account' }).click();
    await expect(main.getByRole('alert')).toHaveText('That username is already taken.');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('?email fills in and locks the email field', async ({ page }) => {
    await page.goto('/signup?email=invited%40e2e.example&inviteId=not-a-real-invite');
    const email = page.getByRole('main').getByLabel('Email');
    await expect(email).toHaveValue('invited@e2e.example');
    await expect(email).not.toBeEditable();
  });
});

test.describe('log in and log out (docs/product-spec.md §4)', () => {
  test('logs in by username, lands on /topics, then logs out to /signin and the token is revoked', async ({
    page,
  }) => {
    await page.goto('/signin');
    await logIn(page, DEMO.learner.username, DEMO.learner.password);
    await expect(page).toHaveURL(/\/topics$/);
    await expect(avatarButton(page)).toHaveAccessibleName(`Account menu, ${DEMO.learner.fullName}`);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));

    await logOut(page);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const revoked = await page.request.get(`/api/org/${DOUGHMAIN}/account/settings`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status()).toBe(401);
  });

  test('logs in by email, and goes back to ?returnTo', async ({ page }) => {
    await page.goto('/signin?returnTo=%2Faccount');
    await logIn(page, DEMO.learner.email, DEMO.learner.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  });

  test('a wrong password shows the server’s message in a red box', async ({ page }) => {
    await page.goto('/signin');
    await logIn(page, DEMO.learner.username, 'not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(/password/i);
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the header Login opens the dialog; logging in there closes it and stays on the page', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username or email')).toBeFocused();
    await dialog.getByLabel('Username or email').fill(DEMO.learner.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(avatarButton(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the dialog opens on sign up from the header and switches to forgot password', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Sign up' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('forgotten password by real mail (docs/product-spec.md §4, docs/design.md §11)', () => {
  test('mail → reset link → new password → log in with it; the old one and the used link fail', async ({
    page,
  }) => {
    const learner = newLearner('reset');
    await signUpByApi(page.request, learner);

    await page.goto('/forgot');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(learner.email);
    await main.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(main.getByText(`If an account uses ${learner.email}`)).toBeVisible();

    const mail = await waitForMail(learner.email);
    const link = resetLinkIn(mail);
    expect(link.pathname).toBe(
      `/resetPassword/${encodeURIComponent(learner.email)}/${link.pathname.split('/').at(-1)}`,
    );
    // The link opens where the learner asked from (issue 24): the same origin, the same storage.
    expect(link.origin).toBe(new URL(page.url()).origin);
    await page.goto(link.href);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await expect(main.getByText(learner.email)).toBeVisible();
    const newPassword = `${learner.password}-new`;
    await main.getByLabel('New password', { exact: true }).fill(newPassword);
    await main.getByLabel('Confirm the new password').fill(newPassword);
    await main.getByRole('button', { name: 'Set the new password' }).click();
    await expect(main.getByText('Your password has been changed.')).toBeVisible();

    await main.getByRole('link', { name: 'Log in with your new password' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await logIn(page, learner.email, learner.password);
    await expect(main.getByRole('alert')).toBeVisible();
    await logIn(page, learner.username, newPassword);
    await expect(page).toHaveURL(/\/topics$/);

    expect(await loginByApi(page.request, learner.username, learner.password)).toBe(401);

    // The link works once.
    await page.goto(link.pathname);
    await main.getByLabel('New password', { exact: true }).fill('yet-another-pass-1');
    await main.getByLabel('Confirm the new password').fill('yet-another-pass-1');
    await main.getByRole('button', { name: 'Set the new password' }).click();
    await expect(main.getByRole('alert')).toContainText(
      'This password reset link is invalid or has expired. Ask for a new one.',
    );
  });

  test('answers the same for an address without an account', async ({ page }) => {
    await page.goto('/forgot');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill('nobody-here@e2e.example');
    await main.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(main.getByText('If an account uses nobody-here@e2e.example')).toBeVisible();
  });
});

test.describe('idle timeout (docs/product-spec.md §4)', () => {
  test('30 minutes without activity log the learner out to /signin?timeout=1', async ({ page }) => {
    const learner = newLearner('idle');
    const token = await signUpByApi(page.request, learner);
    await page.clock.install();
    await openSignedIn(page, token, '/topics');

    // Activity starts the 30 minutes again.
    await page.clock.fastForward('29:00');
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await page.clock.fastForward('02:00');
    await expect(avatarButton(page)).toBeVisible();

    await page.clock.fastForward('30:00');
    await expect(page).toHaveURL(/\/signin\?timeout=1$/);
    await expect(page.getByRole('main')).toContainText(
      'You have been logged out automatically due to inactivity.',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const revoked = await page.request.get(`/api/org/${DOUGHMAIN}/account/settings`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status()).toBe(401);
  });

  test('a visitor has no idle timeout', async ({ page }) => {
    await page.clock.install();
    await page.goto('/topics');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.clock.fastForward('45:00');
    await expect(page).toHaveURL(/\/topics$/);
  });
});

test.describe('acme: self signup disabled', () => {
  test('no Sign up button, /signup is by invitation only, and members log in', async ({ page }) => {
    await page.goto(`${ACME_URL}/signup`);
    await expect(
      page.getByRole('heading', { name: 'Sign up is by invitation only' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Username')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Create an account' }),
    ).toHaveCount(0);
    await logIn(page, DEMO.acmeWorker.username, DEMO.acmeWorker.password);
    await expect(page).toHaveURL(/\/topics$/);
    await expect(avatarButton(page)).toHaveAccessibleName(
      `Account menu, ${DEMO.acmeWorker.fullName}`,
    );
  });

  test('a doughmain account cannot log in at acme', async ({ page }) => {
    await page.goto(`${ACME_URL}/signin`);
    await logIn(page, DEMO.learner.username, DEMO.learner.password);
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  });
});

/*
 * Issue 24, point 10: the sign-up hint's closing quote and full stop ("».") never sit alone on a
 * line, in French or English, at a phone's and a laptop's size and over a sweep of widths.
 */
test.describe('sign-up hint', () => {
  for (const combo of COMBOS) {
    test(`keeps its closing quote with the quoted character (${comboName(combo)})`, async ({
      page,
    }, testInfo) => {
      await openAt(page, combo, '/signup');
      // The username field's hint (whatever its exact characters), then its words.
      const hint = page.getByRole('main').locator('.field__hint').filter({ hasText: /40/ });
      await expect(hint).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, testInfo, `signup-hint-${combo.locale}-${combo.viewport.width}`);
      const alone = await hint.evaluate((el) => {
        const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE) as Text;
        const text = node.textContent ?? '';
        const rectOf = (index: number) => {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return [...range.getClientRects()].at(-1)!;
        };
        // The last character that is a word's (the quoted "-"), and the text's very last one.
        const lastWord = Math.max(...[...text.matchAll(/[\p{L}\p{N}_-]/gu)].map((m) => m.index));
        const check = (width: string) => {
          el.style.width = width;
          const end = rectOf(text.length - 1);
          const word = rectOf(lastWord);
          return Math.abs(end.top - word.top) < 2 ? [] : [`${width}: ${text.slice(lastWord)}`];
        };
        const wrong = check('');
        for (let px = 120; px <= 360; px += 1) wrong.push(...check(`${px}px`));
        el.style.width = '';
        return wrong;
      });
      expect(alone).toEqual([]);
      await expect(hint).toHaveText(t(combo.locale, 'auth.usernameHint'));
    });
  }
});
