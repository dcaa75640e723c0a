import { expect, test } from './support/test';
import { fetchOrganisation, openApp } from './support/app';
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
