import { expect, test } from './support/test';
import { newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { expectNoAxeViolations, fetchOrganisation, openApp } from './support/app';
import { t, type Locale } from './support/i18n';
import { readPack, text } from './support/packs';

const org = readPack('doughmain').organisation;

test('switching EN → FR turns interface and content French, and survives a reload', async ({
  page,
}) => {
  expect(org.locales).toEqual(['en-US', 'fr-CA']);
  await openApp(page, '/');
  await expect(page.getByRole('banner').getByRole('group', { name: 'Language' })).toBeVisible();
  // The group is named in the current language ("Langue" once French), so find the buttons directly.
  const en = page.getByRole('banner').getByRole('button', { name: /^EN\b/ });
  const fr = page.getByRole('banner').getByRole('button', { name: /^FR\b/ });
  await expect(en).toHaveText(/^EN/);
  await expect(fr).toHaveText(/^FR/);
  await expect(en).toHaveAttribute('aria-pressed', 'true');

  await fr.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(fr).toHaveAttribute('aria-pressed', 'true');
  // Interface strings from the fr-CA catalog…
  await expect(page.getByRole('link', { name: 'Parcourir les sujets' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('navigation', { name: 'Plan du site' }),
  ).toBeVisible();
  // …and the organisation's content in French.
  const frenchTitle = text(org.homePage.title, 'fr-CA');
  expect(frenchTitle).not.toBe(text(org.homePage.title, 'en-US'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchTitle);
  await expect(page.getByText(text(org.homePage.subtitle, 'fr-CA'), { exact: true })).toBeVisible();
  const firstPromo = org.homePage.promos[0];
  if (firstPromo)
    await expect(
      page.getByRole('heading', { name: text(firstPromo.title, 'fr-CA') }),
    ).toBeVisible();
  const french = await fetchOrganisation(page, org.alias, 'fr-CA');
  const firstTopic = french.topics[0];
  if (firstTopic) {
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: firstTopic.name, exact: true }),
    ).toBeVisible();
  }
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr-CA');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(frenchTitle);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

  await expect(page.getByRole('banner').getByRole('group', { name: 'Langue' })).toBeVisible();
  await en.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text(org.homePage.title, 'en-US'),
  );
  await expect(page.getByRole('link', { name: 'Browse topics' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');
});

/*
 * Issue 24, point 9: docs/product-spec.md §2 puts the locales in the avatar menu on small screens
 * only; on a laptop they stay in the header, beside the avatar, and the menu does not repeat them.
 */
for (const [size, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const)
  for (const locale of ['en-US', 'fr-CA'] as const satisfies Locale[])
    test(`signed in, the locales are in the avatar menu on a phone only (${size}, ${locale})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const token = await signUpByApi(request, newLearner('locales'));
      await openSignedIn(page, token, '/');
      if (locale === 'fr-CA') {
        await page.evaluate(() => window.localStorage.setItem('locale', 'fr-CA'));
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      }
      const language = t(locale, 'header.language');
      // "Account menu, Robin Ortega": the button's name, and the menu's.
      const accountMenu = new RegExp(`^${t(locale, 'header.accountMenu', { name: '' })}`);
      const avatar = page.getByRole('banner').getByRole('button', { name: accountMenu });
      await avatar.click();
      const menu = page.getByRole('menu', { name: accountMenu });
      await expect(menu).toBeVisible();
      // The header's own switch (EN / FR buttons), not the menu's group.
      const headerSwitch = page.locator('.locale-switcher');
      if (size === 'phone') {
        await expect(menu.getByRole('group', { name: language })).toBeVisible();
        await expect(menu.getByRole('menuitemradio')).toHaveCount(2);
        await expect(headerSwitch).toBeHidden();
        // Choosing French there turns the page French.
        if (locale === 'en-US') {
          await menu.getByRole('menuitemradio', { name: /^FR/ }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
          const frenchMenu = new RegExp(`^${t('fr-CA', 'header.accountMenu', { name: '' })}`);
          await page.getByRole('banner').getByRole('button', { name: frenchMenu }).click();
          await expect(page.getByRole('menuitemradio', { name: /^FR/ })).toHaveAttribute(
            'aria-checked',
            'true',
          );
        }
      } else {
        await expect(menu.getByRole('menuitemradio')).toHaveCount(0);
        await expect(menu.getByRole('group', { name: language })).toHaveCount(0);
        await expect(headerSwitch).toBeVisible();
        await expect(headerSwitch.getByRole('button')).toHaveCount(2);
      }
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    });
