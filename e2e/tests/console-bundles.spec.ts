import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import { CONSOLE_SITE, docsShot, openConsoleAsAdmin } from './support/console';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27: the console's bundles. An administrator makes a bundle, sees the store's card of it
 * as typed, changes its price; a visitor sees the new price in the store; the audit log has the
 * price before and after. On the console's own organisation (playwright.config.ts).
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

for (const run of RUNS) {
  test(`${run.locale} ${run.viewport.width}: an administrator makes a bundle, previews its card, changes its price, and a visitor sees it`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(longTest(90_000));
    const { locale } = run;
    const suffix = randomBytes(3).toString('hex');
    const id = `crew-${suffix}`;
    const name = `Crew pack ${suffix}`;
    await openConsoleAsAdmin(page, run, '/admin/bundles');
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.bundles.title') }),
    ).toBeVisible();
    await page.getByRole('link', { name: t(locale, 'admin.bundles.new') }).click();

    const form = page.getByRole('form', { name: t(locale, 'admin.bundles.form') });
    await form.getByLabel(t(locale, 'admin.bundles.id')).fill(id);
    const names = form.getByRole('group', { name: t(locale, 'admin.bundles.name') });
    await names.getByRole('textbox').nth(0).fill(name);
    await names.getByRole('textbox').nth(1).fill(name);
    await form.getByLabel(t(locale, 'admin.bundles.price')).fill('40');
    await form.getByRole('button', { name: t(locale, 'admin.bundles.tiers.add') }).click();
    // The store's card, as typed.
    const preview = page.locator('.admin-preview--store');
    await expect(preview.locator('.bundle-card__title')).toHaveText(name);
    await expect(preview.locator('.bundle-card__price')).toContainText('40');
    await form.getByRole('button', { name: t(locale, 'admin.bundles.create') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bundles/${id}$`));
    await expect(page.getByText(t(locale, 'admin.bundles.saved'))).toBeVisible();

    // A new price.
    const price = page.getByLabel(t(locale, 'admin.bundles.price'));
    await price.fill('55');
    await expect(preview.locator('.bundle-card__price')).toContainText('55');
    await expectNoAxeViolations(page);
    await docsShot(page, `console-bundles-${locale}-${run.viewport.width}`);
    await page.getByRole('button', { name: t(locale, 'admin.bundles.save') }).click();
    await expect(page.getByText(t(locale, 'admin.bundles.saved'))).toBeVisible();

    // A visitor, in another browser, sees it in the store.
    const visitor = await browser.newContext({ viewport: run.viewport });
    const visit = await visitor.newPage();
    await visit.goto(`${CONSOLE_SITE}/store`);
    const card = visit.locator('.bundle-card').filter({ hasText: name });
    await expect(card.locator('.bundle-card__price')).toContainText('55');
    await visitor.close();

    // The audit log has the price before and after.
    await page.goto(`${CONSOLE_SITE}/admin/audit?target=bundle%3A${id}`);
    const rows = page.getByRole('table', { name: t(locale, 'admin.audit.table') }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(t(locale, 'admin.audit.action.bundle.save'));
    await expect(rows.nth(1)).toContainText(`${t(locale, 'admin.audit.key.price')}: 40 → 55`);
    await expect(rows.nth(2)).toContainText(t(locale, 'admin.audit.action.bundle.create'));
    await expectNoAxeViolations(page);
  });
}
