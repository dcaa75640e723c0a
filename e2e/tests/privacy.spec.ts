import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { DOUGHMAIN, loginByApi, newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { COMBOS, LAPTOP, PHONE, comboName, openAt, type Combo } from './support/combos';
import { t, type Locale } from './support/i18n';
import { readPack, text } from './support/packs';
import { ORG_ADMIN, tokenOf } from './support/studio';
import { longTest } from './support/limits';
import { expect, test } from './support/test';
import { saveWorkbook, worksheetWith } from './support/workbook';

/**
 * docs/design.md §18: a learner downloads everything the portal holds about them and erases
 * their account; an administrator does both for a person from the console. Every account erased
 * here is made by the test itself.
 */

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

/** The window as it shows (a dialog sits over the page): docs/images with E2E_DOCS_SHOTS=1. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = isTakingShots ? path.join(SHOTS, `${name}.png`) : testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The server's words for a wrong password (packages/domain/src/error-catalogue). */
const PASSWORD_WRONG: Record<Locale, string> = {
  'en-US': 'This password is not right.',
  'fr-CA': 'Ce mot de passe n’est pas le bon.',
};

const size = (combo: Combo) => `${combo.locale}-${combo.viewport.width}`;

/** GET …/admin/people?q=: the one person `q` finds, as the administrator. */
async function findPerson(
  page: Page,
  token: string,
  q: string,
): Promise<{ _id: string; first: string; last: string }> {
  const response = await page.request.get(`/api/org/${DOUGHMAIN}/admin/people`, {
    params: { q },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { people } = (await response.json()) as {
    people: { _id: string; username: string; first: string; last: string }[];
  };
  const person = people.find((p) => p.username === q) ?? people[0];
  expect(person, `a person for ${q}`).toBeTruthy();
  return person!;
}

for (const combo of COMBOS) {
  const { locale } = combo;

  test(`${comboName(combo)}: a learner downloads their data, then erases their account`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(longTest(60_000));
    const learner = newLearner('privacy');
    const token = await signUpByApi(page.request, learner);
    await saveWorkbook(page.request, token, {
      topics: { 'budgeting-basics': [worksheetWith('privacy-sheet', { 'budget-income': 4321 })] },
    });
    await openAt(page, combo, '/account', token);
    const section = page.getByRole('region', { name: t(locale, 'profile.data.title') });
    await expect(section).toBeVisible();

    // The download: a JSON file named after the organisation and the day, holding their data.
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: t(locale, 'profile.data.download') }).click();
    const download = await downloading;
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      exportedAt: string;
      account: { email: string; username: string };
      workbook: { data: unknown } | null;
    };
    expect(download.suggestedFilename()).toBe(
      `${DOUGHMAIN}-account-${saved.exportedAt.slice(0, 10)}.json`,
    );
    expect(saved.account.email).toBe(learner.email);
    expect(saved.account.username).toBe(learner.username);
    expect(JSON.stringify(saved.workbook?.data)).toContain('"budget-income":4321');
    await expect(
      section.getByText(
        t(locale, 'profile.data.downloaded', { file: download.suggestedFilename() }),
      ),
    ).toBeVisible();

    await section.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `privacy-your-data-${size(combo)}`);

    // The dialog: what goes and what stays, the password first, checked by axe.
    const opener = section.getByRole('button', { name: t(locale, 'profile.erase.open') });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'profile.erase.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t(locale, 'profile.erase.stays'));
    const password = dialog.getByLabel(t(locale, 'profile.erase.password'));
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-erase-dialog-${size(combo)}`);

    // Escape closes it, erasing nothing; the focus goes back to what opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toBeFocused();

    // A wrong password shows on its field, by keyboard.
    await password.fill('not-my-password');
    await password.press('Enter');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(PASSWORD_WRONG[locale]);
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-erase-wrong-${size(combo)}`);

    // The right one: erased, logged out, told so on /signin.
    await password.fill(learner.password);
    await dialog.getByRole('button', { name: t(locale, 'profile.erase.open') }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(
      page.getByRole('status').filter({ hasText: t(locale, 'auth.erased') }),
    ).toBeVisible();
    const accountMenu = t(locale, 'header.accountMenu', { name: '' }).replace(/,\s*$/, '');
    await expect(page.getByRole('button', { name: new RegExp(`^${accountMenu}`) })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-erased-signin-${size(combo)}`);

    // Gone: the password opens nothing, and the old token neither.
    expect(await loginByApi(page.request, learner.username, learner.password)).toBe(401);
    expect(await loginByApi(page.request, learner.email, learner.password)).toBe(401);
    const withOldToken = await page.request.get(`/api/org/${DOUGHMAIN}/account/settings`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(withOldToken.status()).toBe(401);
  });

  test(`${comboName(combo)}: an administrator downloads a person's data and erases them`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(longTest(60_000));
    const learner = newLearner('erased');
    await signUpByApi(page.request, learner);
    const adminToken = await tokenOf(page.request, ORG_ADMIN);
    const person = await findPerson(page, adminToken, learner.username);
    const name = `${person.first} ${person.last}`;
    await openAt(
      page,
      combo,
      `/admin/people?q=${encodeURIComponent(learner.email)}&person=${person._id}`,
      adminToken,
    );
    const panel = page.getByRole('complementary');
    await expect(panel.getByRole('heading', { name })).toBeVisible();

    // Their data, as a file (the reading is audited).
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: t(locale, 'admin.people.download') }).click();
    const download = await downloading;
    const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
      account: { id: string; email: string };
    };
    expect(saved.account).toMatchObject({ id: person._id, email: learner.email });

    // The erasure, confirmed with the administrator's own password.
    await panel.getByRole('button', { name: t(locale, 'admin.people.erase') }).click();
    const dialog = page.getByRole('dialog', {
      name: t(locale, 'admin.people.eraseTitle', { name }),
    });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel(t(locale, 'admin.people.erasePassword'));
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-console-erase-${size(combo)}`);

    // Escape closes the dialog, not the person's panel.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: t(locale, 'admin.people.erase') }).click();

    await password.fill(ORG_ADMIN.password);
    await dialog.getByRole('button', { name: t(locale, 'admin.people.eraseConfirm') }).click();
    const notice = page.getByRole('status').filter({
      hasText: t(locale, 'admin.people.erased', { name }),
    });
    await expect(notice).toBeVisible();
    await expect(panel).toHaveCount(0);
    await expect(page.getByText(t(locale, 'admin.people.noneFiltered'))).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-console-erased-${size(combo)}`);

    // Gone for good, and the audit log names the erasure.
    expect(await loginByApi(page.request, learner.username, learner.password)).toBe(401);
    const after = await page.request.get(
      `/api/org/${DOUGHMAIN}/admin/people/${encodeURIComponent(person._id)}`,
      { headers: { Authorization: `Bearer ${adminToken}` } },
    );
    expect(after.status()).toBe(404);
    await page.goto(
      `/admin/audit?action=person.erase&target=${encodeURIComponent(`person:${person._id}`)}`,
    );
    const audit = page.getByRole('table', { name: t(locale, 'admin.audit.table') });
    await expect(audit.getByRole('row').nth(1)).toContainText(
      t(locale, 'admin.audit.action.person.erase'),
    );
  });
}

test('the console offers no erasure of the administrator’s own account', async ({ page }) => {
  const combo = COMBOS[1]!;
  const adminToken = await tokenOf(page.request, ORG_ADMIN);
  const self = await findPerson(page, adminToken, ORG_ADMIN.username);
  await openAt(page, combo, `/admin/people?person=${self._id}`, adminToken);
  const panel = page.getByRole('complementary');
  await expect(
    panel.getByRole('button', { name: t(combo.locale, 'admin.people.download') }),
  ).toBeVisible();
  await expect(
    panel.getByRole('button', { name: t(combo.locale, 'admin.people.erase') }),
  ).toHaveCount(0);
  await expect(panel.getByText(t(combo.locale, 'admin.people.eraseSelf'))).toBeVisible();
});

/** The demo pack's single sign-on group, through the development provider (see sso.spec.ts). */
const SSO_GROUP = 'doughmain-sso';

/**
 * The provider's pages, whichever of them show (its login form only without a provider
 * session of this browser; its consent form), until the portal's callback takes over.
 */
async function throughProvider(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dev-oidc\/|\/oauth\/callback\//);
  for (let step = 0; step < 3 && page.url().includes('/dev-oidc/'); step++) {
    const login = page.locator('input[name="login"]');
    if (await login.isVisible()) {
      await login.fill('sso.learner');
      await page.locator('input[name="password"]').fill('any password');
    }
    const before = page.url();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.href !== before);
  }
}

// The shared demo identity of the single sign-on is never erased here: its dialog is only
// opened, then "Log in again" is followed through the provider, back to the profile.
for (const combo of [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
] satisfies Combo[]) {
  const { locale } = combo;
  test(`${comboName(combo)}: an account of single sign-on is told a recent log-in confirms, and logs in again`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(longTest(60_000));
    const logInWith = t(locale, 'sso.login', {
      organisation: text(readPack('doughmain').organisation.name, locale),
    });
    await openAt(page, combo, `/sso?oauth=${SSO_GROUP}`);
    await page.getByRole('button', { name: logInWith }).click();
    await throughProvider(page);
    const accountMenu = t(locale, 'header.accountMenu', { name: '' }).replace(/,\s*$/, '');
    await expect(page.getByRole('button', { name: new RegExp(`^${accountMenu}`) })).toBeVisible();
    await page.goto('/account');

    await page.getByRole('button', { name: t(locale, 'profile.erase.open') }).click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'profile.erase.title') });
    await expect(dialog).toContainText(t(locale, 'profile.erase.sso'));
    await expect(dialog.getByLabel(t(locale, 'profile.erase.password'))).toHaveCount(0);
    await expect(
      dialog.getByRole('button', { name: t(locale, 'profile.erase.keep') }),
    ).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, testInfo, `privacy-erase-sso-${size(combo)}`);

    // Log in again: out, through the group's single sign-on, and back on the profile.
    await dialog.getByRole('button', { name: t(locale, 'privacy.logInAgain') }).click();
    await expect(page).toHaveURL(new RegExp(`/sso\\?oauth=${SSO_GROUP}$`));
    await page.getByRole('button', { name: logInWith }).click();
    await throughProvider(page);
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'profile.title') }),
    ).toBeVisible();
  });
}
