import { expect, test, type Page } from './support/test';
import { ACME_URL, openApp } from './support/app';
import { readPack, rgb, type Theme } from './support/packs';

const VARIABLES: Record<keyof Theme, string> = {
  primaryColor: '--primary-color',
  secondaryColor: '--secondary-color',
  tertiaryColor: '--tertiary-color',
  primaryBackgroundColor: '--primary-background-color',
  secondaryBackgroundColor: '--secondary-background-color',
  tertiaryBackgroundColor: '--tertiary-background-color',
};

async function computed(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
}

for (const [alias, url] of [
  ['doughmain', '/'],
  ['acme', `${ACME_URL}/`],
] as const) {
  test(`${alias} wears the theme of its pack`, async ({ page }) => {
    const theme = readPack(alias).organisation.theme;
    await openApp(page, url);

    for (const [key, variable] of Object.entries(VARIABLES) as [keyof Theme, string][]) {
      const value = await computed(page, 'html', variable);
      expect(value.trim().toLowerCase(), variable).toBe(theme[key].toLowerCase());
    }
    expect(await computed(page, 'body', 'background-color')).toBe(
      rgb(theme.primaryBackgroundColor),
    );
    expect(await computed(page, '.site-header', 'background-color')).toBe(rgb(theme.primaryColor));
    expect(await computed(page, '.home-hero', 'background-color')).toBe(
      rgb(theme.secondaryBackgroundColor),
    );
    const browseTopics = page.getByRole('link', { name: 'Browse topics' });
    expect(await browseTopics.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      rgb(theme.primaryColor),
    );
    if ((await page.locator('.promo').count()) > 0) {
      expect(await computed(page, '.promo', 'background-color')).toBe(
        rgb(theme.tertiaryBackgroundColor),
      );
      expect(await computed(page, '.promo', 'border-top-color')).toBe(rgb(theme.tertiaryColor));
    }
  });
}

test('the store button is a neutral secondary action; the secondary colour themes the field cards', async ({
  page,
}) => {
  // Issue 15 point 15: one primary action per view (Browse topics), secondary actions neutral.
  const theme = readPack('doughmain').organisation.theme;
  await openApp(page, '/');
  const browseStore = page.getByRole('link', { name: 'Browse store' });
  await expect(browseStore).toHaveClass(/button--secondary/);
  const storeBackground = await browseStore.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(storeBackground).not.toBe(rgb(theme.primaryColor));
  expect(storeBackground).not.toBe(rgb(theme.secondaryColor));
  // The organisation's secondary colour still marks each field on a page.
  await openApp(page, '/topic/budgeting-basics/page/budget-numbers');
  const card = page.locator('.field-block').first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(
    rgb(theme.secondaryColor),
  );
});
