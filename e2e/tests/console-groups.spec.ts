import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import { CONSOLE_ADMIN, CONSOLE_SITE, docsShot, openConsoleAsAdmin } from './support/console';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27: the console's user groups. An administrator makes a group named in both languages,
 * grants it a topic, names an administrator by email (by keyboard), and reads each change in the
 * audit log with before and after. On the console's own organisation (playwright.config.ts).
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

for (const run of RUNS) {
  test(`${run.locale} ${run.viewport.width}: an administrator makes a group with a topic and an administrator, and reads it in the audit log`, async ({
    page,
  }) => {
    test.setTimeout(longTest(90_000));
    const { locale } = run;
    const suffix = randomBytes(3).toString('hex');
    const id = `night-${suffix}`;
    await openConsoleAsAdmin(page, run, '/admin/groups');
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.groups.title') }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'acme-staff' }).or(page.getByText('Acme')),
    ).not.toHaveCount(0);
    await expectNoAxeViolations(page);

    // The new group, named in both languages, its id given.
    const form = page.getByRole('form', { name: t(locale, 'admin.groups.new') });
    const names = form.getByRole('group', { name: t(locale, 'admin.groups.name') });
    await names.getByRole('textbox').nth(0).fill(`Night shift ${suffix}`);
    await names.getByRole('textbox').nth(1).fill(`Équipe de nuit ${suffix}`);
    await form.getByLabel(t(locale, 'admin.groups.id')).fill(id);
    await form.getByRole('button', { name: t(locale, 'admin.groups.create') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/groups/${id}$`));
    const title = locale === 'fr-CA' ? `Équipe de nuit ${suffix}` : `Night shift ${suffix}`;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // A topic it grants.
    await page.getByRole('checkbox', { name: /fire safety|sécurité incendie/i }).check();
    await page.getByRole('button', { name: t(locale, 'admin.groups.save') }).click();
    await expect(page.getByText(t(locale, 'admin.groups.saved'))).toBeVisible();

    // An administrator, by email, by keyboard.
    const email = page.getByLabel(t(locale, 'admin.groups.adminEmail'));
    await email.focus();
    await page.keyboard.type(CONSOLE_ADMIN.email);
    await page.keyboard.press('Enter');
    await expect(page.getByText(CONSOLE_ADMIN.email)).toBeVisible();
    await expectNoAxeViolations(page);
    await docsShot(page, `console-groups-${locale}-${run.viewport.width}`);

    // Each change in the audit log, with before and after.
    await page.goto(`${CONSOLE_SITE}/admin/audit?target=group%3A${id}`);
    const rows = page.getByRole('table', { name: t(locale, 'admin.audit.table') }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText(t(locale, 'admin.audit.action.group.admins'));
    await expect(rows.nth(1)).toContainText(`[] → ["${CONSOLE_ADMIN.email}"]`);
    await expect(rows.nth(2)).toContainText(t(locale, 'admin.audit.action.group.save'));
    await expect(rows.nth(2)).toContainText('["fire-safety"]');
    await expect(rows.nth(3)).toContainText(t(locale, 'admin.audit.action.group.create'));
    await expectNoAxeViolations(page);
  });
}
