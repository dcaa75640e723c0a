import { expect, test } from './support/test';
import { fetchOrganisation, openApp } from './support/app';
import { readPack, text } from './support/packs';

const pack = readPack('doughmain');
const org = pack.organisation;

test.describe('doughmain home page', () => {
  test.beforeEach(async ({ page }) => {
    await openApp(page, '/');
  });

  test('shows title, subtitle, hero with attribution and the browse buttons', async ({ page }) => {
    await expect(page).toHaveTitle(text(org.name));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(org.homePage.title));
    await expect(page.getByText(text(org.homePage.subtitle), { exact: true })).toBeVisible();

    const hero = org.homePage.heroImage;
    expect(hero, 'the doughmain pack has a hero image').toBeDefined();
    const attribution = hero?.unsplashAttribution;
    expect(attribution, 'the doughmain hero image has a photo attribution').toBeDefined();
    const credit = `Photo by ${attribution?.photographerName} (@${attribution?.photographerHandle.replace(/^@/, '')})`;
    const figure = page.getByRole('figure', { name: credit });
    await expect(figure).toBeVisible();
    const image = figure.locator('img');
    await expect(image).toHaveAttribute('src', hero?.secure_url ?? '');
    expect(
      await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    await expect(page.getByRole('link', { name: 'Browse topics' })).toHaveAttribute(
      'href',
      '/topics',
    );
    await expect(page.getByRole('link', { name: 'Browse store' })).toHaveAttribute(
      'href',
      '/store',
    );
  });

  test('lists the promos with their sanitised descriptions', async ({ page }) => {
    const promos = page.getByRole('region', { name: 'Highlights' }).getByRole('listitem');
    await expect(promos).toHaveCount(org.homePage.promos.length);
    for (const [index, promo] of org.homePage.promos.entries()) {
      await expect(promos.nth(index).getByRole('heading')).toHaveText(text(promo.title));
    }
    await expect(page.locator('.promo script, .promo [onerror], .promo [onclick]')).toHaveCount(0);
  });

  test('shows the footer site map and contact lines', async ({ page }) => {
    const answer = await fetchOrganisation(page, org.alias);
    const footer = page.getByRole('contentinfo');
    const siteMap = footer.getByRole('navigation', { name: 'Site map' });
    expect(org.homePage.showSiteMap).toBe(true);
    for (const group of answer.topicGroups) {
      await expect(siteMap.getByRole('link', { name: group.name, exact: true })).toHaveAttribute(
        'href',
        `/topicGroup/${group._id}`,
      );
    }
    for (const topic of answer.topics) {
      await expect(siteMap.getByRole('link', { name: topic.name, exact: true })).toHaveAttribute(
        'href',
        `/topic/${topic._id}`,
      );
    }
    await expect(siteMap.getByRole('link', { name: 'Browse all topics' })).toHaveAttribute(
      'href',
      '/topics',
    );

    const contact = org.contact;
    if (contact.address?.line1)
      await expect(footer.getByText(contact.address.line1, { exact: true })).toBeVisible();
    if (contact.phone1) {
      await expect(footer.getByRole('link', { name: contact.phone1 })).toHaveAttribute(
        'href',
        /^tel:\+?\d+$/,
      );
    }
    if (contact.email) {
      await expect(footer.getByRole('link', { name: contact.email })).toHaveAttribute(
        'href',
        `mailto:${contact.email}`,
      );
    }
    if (contact.website) {
      const website = contact.website.replace(/^https?:\/\//, '').replace(/\/$/, '');
      await expect(footer.getByRole('link', { name: website, exact: true })).toHaveAttribute(
        'href',
        contact.website,
      );
    }
  });
});
