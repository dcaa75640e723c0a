import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, openAt, type Combo } from './support/combos';
import { t } from './support/i18n';
import { docsShot } from './support/console';
import { mailsTo, resetLinkIn, waitForMail } from './support/mail';
import { ORG_ADMIN, tokenOf } from './support/studio';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27 (the People screen): an administrator imports a CSV of 1,000 rows, 3 of them bad,
 * which the dry run names by line; imports the rest and watches the progress to the end; finds
 * one of the new people, resends their invitation (a new mail); and the audit log has it all.
 */

const COMBOS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

/** 1,000 rows: line 11 has a bad email, line 501 repeats line 2's, line 901 names no group. */
function peopleCsv(tag: string): string {
  const lines = ['email,first name,last name,groups,roles'];
  for (let i = 1; i <= 1_000; i += 1) {
    const line = i + 1;
    if (line === 11) lines.push(`not-an-email-${tag},Bad,Email,,`);
    else if (line === 501) lines.push(`${tag}-1@example.com,Again,Twice,,`);
    else if (line === 901) lines.push(`${tag}-${i}@example.com,No,Group,no-such-group,`);
    else lines.push(`${tag}-${i}@example.com,Person${i},${tag},small-business-cohort,learner`);
  }
  return `${lines.join('\n')}\n`;
}

for (const combo of COMBOS) {
  const { locale } = combo;
  test(`${locale} ${combo.viewport.width}: an administrator imports people from a CSV, finds one and resends the invitation`, async ({
    page,
  }) => {
    test.setTimeout(longTest(120_000));
    const tag = `ppl${Date.now().toString(36)}${locale === 'en-US' ? 'e' : 'f'}`;
    await openAt(page, combo, '/admin/people', await tokenOf(page.request, ORG_ADMIN));
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.people.title') }),
    ).toBeVisible();
    await page.getByRole('link', { name: t(locale, 'admin.people.importLink') }).click();
    await expect(page).toHaveURL(/\/admin\/people\/import$/);

    // The dry run names the three bad rows by their line.
    await page.getByLabel(t(locale, 'admin.import.file')).setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(peopleCsv(tag)),
    });
    const problems = page.getByRole('table', { name: t(locale, 'admin.import.problems') });
    await expect(problems).toBeVisible();
    const rows = problems.getByRole('row');
    await expect(rows).toHaveCount(4);
    for (const [index, line, reason] of [
      [1, '11', 'badEmail'],
      [2, '501', 'duplicateInFile'],
      [3, '901', 'unknownGroup'],
    ] as const) {
      await expect(rows.nth(index).getByRole('cell').first()).toHaveText(line);
      await expect(rows.nth(index)).toContainText(t(locale, `admin.import.problem.${reason}`));
    }
    await expectNoAxeViolations(page);

    // The rest is imported, the progress bar going to the end.
    await page
      .getByRole('button', { name: t(locale, 'admin.import.startGood', { count: 997 }) })
      .click();
    const bar = page.getByRole('progressbar', { name: t(locale, 'admin.import.progress') });
    await expect(bar).toHaveAttribute('aria-valuemax', '997');
    await expect(bar).toHaveAttribute('aria-valuenow', '997', { timeout: longTest(60_000) });
    await expect(
      page.getByText(t(locale, 'admin.import.done', { created: 997, updated: 0 })),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Find one of them and resend the invitation: a second mail with a new link.
    const email = `${tag}-42@example.com`;
    const first = resetLinkIn(await waitForMail(email, 60_000));
    await page.getByRole('link', { name: t(locale, 'admin.import.back') }).click();
    await page.getByLabel(t(locale, 'admin.people.search')).fill(email);
    await page
      .getByRole('button', { name: t(locale, 'admin.people.filter.apply'), exact: true })
      .click();
    const list = page.getByRole('list', { name: t(locale, 'admin.people.list') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: new RegExp(`Person42 ${tag}`) }).click();
    const panel = page.getByRole('complementary');
    await expect(panel.getByText(email)).toBeVisible();
    await expect(panel).toContainText(t(locale, 'admin.people.status.invited'));
    await panel.getByRole('button', { name: t(locale, 'admin.people.resend') }).click();
    await expect(panel.getByText(t(locale, 'admin.people.resent'))).toBeVisible();
    await expectNoAxeViolations(page);
    await docsShot(page, `console-people-${locale}-${combo.viewport.width}`);

    // Into a group picked by its name, then found by it.
    const club = locale === 'fr-CA' ? 'Club des finances personnelles' : 'Personal Finance Club';
    await panel.getByLabel(t(locale, 'admin.people.groupId')).selectOption({ label: club });
    await panel.getByRole('button', { name: t(locale, 'admin.people.addToGroup') }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: club })).toHaveCount(1);
    await panel.getByRole('button', { name: t(locale, 'admin.people.close') }).click();
    await expect(panel).toHaveCount(0);
    await page
      .getByRole('search')
      .getByLabel(t(locale, 'admin.people.filter.group'), { exact: true })
      .selectOption({ label: club });
    await page
      .getByRole('button', { name: t(locale, 'admin.people.filter.apply'), exact: true })
      .click();
    await expect(page).toHaveURL(/group=personal-finance-club/);
    await expect(list.getByRole('button', { name: new RegExp(`Person42 ${tag}`) })).toBeVisible();
    await expect.poll(() => mailsTo(email).length, { timeout: longTest(30_000) }).toBe(2);
    expect(resetLinkIn(mailsTo(email)[1]!).href).not.toBe(first.href);

    // The audit log has the import with its counts and the invitation sent again.
    await page.goto('/admin/audit?action=people.import');
    const audit = page.getByRole('table', { name: t(locale, 'admin.audit.table') });
    await expect(audit.getByRole('row').nth(1)).toContainText(
      t(locale, 'admin.audit.action.people.import'),
    );
    await expect(audit.getByRole('row').nth(1)).toContainText(
      `${t(locale, 'admin.audit.key.created')}: — → 997`,
    );
    await page.goto('/admin/audit?action=person.invite');
    await expect(audit.getByRole('row').nth(1)).toContainText(
      t(locale, 'admin.audit.action.person.invite'),
    );
    await expectNoAxeViolations(page);
  });
}
