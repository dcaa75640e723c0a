import { randomBytes } from 'node:crypto';
import { E2E_PORT, expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import {
  CONSOLE_ADMIN,
  CONSOLE_ORG,
  CONSOLE_SITE,
  docsShot,
  openConsoleAsAdmin,
} from './support/console';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27: a user group's single sign-on in the console. The administrator tests a wrong
 * issuer and is told what is wrong, tests the development provider this server mounts and is
 * told it answers, saves the client id and secret, and reads the change in the audit log, which
 * never shows the secret. On the console's own organisation.
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];
const DEV_ISSUER = `http://localhost:${E2E_PORT}/dev-oidc`;

for (const run of RUNS) {
  test(`${run.locale} ${run.viewport.width}: an administrator tests a provider, is told what is wrong, then saves a working one`, async ({
    page,
  }) => {
    test.setTimeout(longTest(90_000));
    const { locale } = run;
    const suffix = randomBytes(3).toString('hex');
    const id = `sso-${suffix}`;
    const secret = `secret-${randomBytes(8).toString('hex')}`;
    const login = await page.request.post(`/api/org/${CONSOLE_ORG}/login`, {
      data: { username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
    const made = await page.request.post(`/api/org/${CONSOLE_ORG}/admin/groups`, {
      headers,
      data: { _id: id, name: { 'en-US': `Staff ${suffix}`, 'fr-CA': `Personnel ${suffix}` } },
    });
    expect(made.status(), await made.text()).toBe(201);

    await openConsoleAsAdmin(page, run, `/admin/groups/${id}`);
    const section = page.getByRole('form', { name: t(locale, 'admin.groups.sso.title') });
    await expect(section).toBeVisible();
    await expect(section).toContainText(`/oauth/callback/${id}`);
    const issuer = section.getByLabel(t(locale, 'admin.groups.sso.issuer'));
    const testButton = section.getByRole('button', { name: t(locale, 'admin.groups.sso.test') });

    // A wrong issuer: said in words, with what was found.
    await issuer.fill(`http://localhost:${E2E_PORT}/api/no-provider-here`);
    await testButton.click();
    await expect(section.locator('.message-box--error')).toContainText(
      t(locale, 'admin.groups.sso.problem.httpError', {
        issuer: `http://localhost:${E2E_PORT}/api/no-provider-here`,
      }),
    );
    await expect(section.locator('.message-box--error code').first()).toContainText('HTTP 404');

    // The provider this server mounts answers as it should.
    await issuer.fill(DEV_ISSUER);
    await testButton.click();
    await expect(section.locator('.message-box--success')).toContainText(
      t(locale, 'admin.groups.sso.ok', { issuer: DEV_ISSUER }),
    );
    await expect(section.locator('.admin-sso__endpoints')).toContainText(`${DEV_ISSUER}/`);
    await section.getByLabel(t(locale, 'admin.groups.sso.clientId')).fill('console-portal');
    await section.getByLabel(t(locale, 'admin.groups.sso.secret')).fill(secret);
    await expectNoAxeViolations(page);
    await docsShot(page, `console-sso-${locale}-${run.viewport.width}`);
    await section.getByRole('button', { name: t(locale, 'admin.groups.sso.save') }).click();
    await expect(section.getByText(t(locale, 'admin.groups.sso.saved'))).toBeVisible();
    await expect(section.getByLabel(t(locale, 'admin.groups.sso.secret'))).toHaveValue('');
    await expect(section).toContainText(t(locale, 'admin.groups.sso.secretSet'));

    // The audit log has it, never the secret.
    await page.goto(`${CONSOLE_SITE}/admin/audit?target=group%3A${id}`);
    const rows = page.getByRole('table', { name: t(locale, 'admin.audit.table') }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(t(locale, 'admin.audit.action.group.sso'));
    await expect(rows.nth(1)).toContainText(DEV_ISSUER);
    await expect(page.locator('main')).not.toContainText(secret);
    await expectNoAxeViolations(page);
  });
}
