import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './support/test';
import { DEMO, newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations, openApp } from './support/app';

/** Screenshots of the changed screens, linked from the README. */
// docs/images only with E2E_DOCS_SHOTS=1 (README, "Screens"): a plain run changes no tracked file.
const IMAGES =
  process.env.E2E_DOCS_SHOTS === '1'
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images')
    : path.join(os.tmpdir(), 'portal-e2e-shots');

/**
 * Issue 15, point 19 (one spelling per locale) and point 21 (the server's errors in the
 * learner's locale), at 390×844 and 1366×900.
 */
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function toFrench(page: Page) {
  await openApp(page, '/');
  await page.getByRole('button', { name: /^FR\b/ }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the header says "Log in" in English and "Connexion" in French', async ({ page }) => {
      await openApp(page, '/');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
      await expect(page.getByText('Login', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Browse topics', exact: true })).toBeVisible();
      await toFrench(page);
      await expect(header.getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
    });

    test('the sidebar says "Report card" and "Other topics", as the pages do', async ({ page }) => {
      await openApp(page, '/topic/budgeting-basics');
      // The sidebar may sit in a closed drawer on a phone: its links are there all the same.
      await expect(page.locator('a:text-is("Other topics")').first()).toBeAttached();
      await expect(page.locator('a:text-is("Other Topics")')).toHaveCount(0);
      await page.goto('/topic/budgeting-basics/others');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Other topics', exact: true }),
      ).toBeVisible();
    });

    test('a French learner reads the server’s wrong-password message in French', async ({
      page,
    }) => {
      await toFrench(page);
      await page.goto('/signin');
      const main = page.getByRole('main');
      await main.getByLabel('Nom d’utilisateur ou courriel').fill(DEMO.learner.username);
      await main.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe');
      await main.getByRole('button', { name: 'Se connecter' }).click();
      const alert = main.getByRole('alert');
      await expect(alert).toHaveText('Nom d’utilisateur, courriel ou mot de passe incorrect');
      await expect(alert).not.toContainText('Incorrect');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/error-in-french-${viewport.width}.png` });
    });

    test('a French sign-up with a taken username says so in French; English stays English', async ({
      page,
    }) => {
      const taken = newLearner('taken');
      await signUpByApi(page.request, taken);
      await toFrench(page);
      await page.goto('/signup');
      const main = page.getByRole('main');
      await main.getByLabel('Nom d’utilisateur', { exact: true }).fill(taken.username);
      await main.getByLabel('Courriel', { exact: true }).fill(`other-${taken.email}`);
      await main.getByLabel('Mot de passe', { exact: true }).fill('long-enough-password');
      await main.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(main.getByRole('alert')).toContainText('Ce nom d’utilisateur est déjà pris.');

      await page.getByRole('button', { name: /^EN\b/ }).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await page.goto('/signin');
      await main.getByLabel('Username or email').fill(DEMO.learner.username);
      await main.getByLabel('Password', { exact: true }).fill('not-the-password');
      await main.getByRole('button', { name: 'Log in' }).click();
      await expect(main.getByRole('alert')).toHaveText('Incorrect username, email or password');
    });
  });
}
