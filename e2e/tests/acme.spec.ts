import { expect, test } from './support/test';
import { ACME_URL, E2E_PORT, NOPE_URL, openApp } from './support/app';
import { readPack, text } from './support/packs';

const acme = readPack('acme').organisation;
const doughmain = readPack('doughmain').organisation;

test.describe('acme, chosen by host name', () => {
  test('is another organisation: its own name, logo and home page', async ({ page }) => {
    await openApp(page, `${ACME_URL}/`);
    expect(text(acme.name)).not.toBe(text(doughmain.name));
    await expect(page).toHaveTitle(text(acme.name));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(acme.homePage.title));
    const home = page.getByRole('banner').getByRole('link', { name: text(acme.name), exact: true });
    if (acme.logoImage) {
      await expect(home.getByRole('img')).toHaveAttribute('src', acme.logoImage.secure_url);
    } else {
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }),
      ).toBeVisible();
    }
  });

  test('has one locale and no store, sign up or contact: the header shows none of them', async ({
    page,
  }) => {
    expect(acme.locales).toHaveLength(1);
    expect(acme.disableSelfSignup).toBe(true);
    expect(acme.contact.enabled).toBe(false);
    await openApp(page, `${ACME_URL}/`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('group', { name: 'Language' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Store' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Contact' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse store' })).toHaveCount(0);
  });

  test('an unknown organisation host gets a clear answer', async ({ page }) => {
    await page.goto(`${NOPE_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'No organisation at this address',
    );
    await expect(page.getByText(`nope.localhost:${E2E_PORT}`)).toBeVisible();
  });
});
