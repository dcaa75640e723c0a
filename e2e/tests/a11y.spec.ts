import { expect, test } from './support/test';
import { ACME_URL, NOPE_URL, expectNoAxeViolations, openApp } from './support/app';

test.describe('axe: no WCAG 2.1 A/AA violations', () => {
  test('doughmain home, in English', async ({ page }) => {
    await openApp(page, '/');
    await expectNoAxeViolations(page);
  });

  test('doughmain home, in French', async ({ page }) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: /^FR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('link', { name: 'Parcourir les sujets' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('acme home', async ({ page }) => {
    await openApp(page, `${ACME_URL}/`);
    await expectNoAxeViolations(page);
  });

  test('not-found page', async ({ page }) => {
    await openApp(page, '/no/such/page');
    await expectNoAxeViolations(page);
  });

  test('the single sign-on page of an unknown group', async ({ page }) => {
    await openApp(page, '/sso?oauth=group1');
    await expectNoAxeViolations(page);
  });

  test('open topics menu and contact card', async ({ page }) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Topics' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Contact' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('unknown organisation screen', async ({ page }) => {
    await page.goto(`${NOPE_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
