import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import { CONSOLE_ORG, CONSOLE_SITE, docsShot, openConsoleAsAdmin } from './support/console';
import { decodedText, mailsTo } from './support/mail';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 28: a learner completes a topic that offers a certificate (manual handling, on the
 * console's own organisation); within a minute it is on their profile with its PDF; a stranger
 * signed out opens its verify page and reads it valid, and downloads its Open Badge; the
 * administrator revokes it and the verify page says so, with the reason, and offers no download.
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];
const API = `/api/org/${CONSOLE_ORG}`;

for (const run of RUNS) {
  test(`${run.locale} ${run.viewport.width}: a learner earns a certificate, a stranger verifies it, a revocation shows`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(longTest(120_000));
    const { locale } = run;
    const tag = randomBytes(4).toString('hex');
    const learner = {
      username: `cert${tag}`,
      email: `cert${tag}@example.com`,
      password: `pw-${tag}-certificate`,
      first: 'Noémie',
      last: `Tremblay ${tag}`,
    };
    const signedUp = await page.request.post(`${API}/signup`, { data: learner });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const token = ((await signedUp.json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };

    // The topic home says what is left to earn it.
    await page.setViewportSize(run.viewport);
    await page.goto(`${CONSOLE_SITE}/healthz`);
    await page.evaluate(
      ([value, lang]) => {
        window.localStorage.setItem('token', value);
        window.localStorage.setItem('locale', lang);
      },
      [token, locale] as const,
    );
    await page.goto(`${CONSOLE_SITE}/topic/manual-handling`);
    await expect(page.locator('.topic-hero__certificate')).toHaveText(
      locale === 'fr-CA'
        ? 'Ce sujet donne une attestation : 2 pages à terminer.'
        : 'This topic gives a certificate: 2 pages left to complete.',
    );

    // Every page completed (as the pages' "complete" buttons save it).
    const saved = await page.request.put(`${API}/workbook`, {
      headers,
      data: {
        workbook: {
          general: { data: {}, completedPages: [] },
          topics: {
            'manual-handling': [
              { name: 'Mine', data: {}, completedPages: ['mh-before', 'mh-lift'] },
            ],
          },
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect
      .poll(
        async () =>
          (
            (await (
              await page.request.get(`${API}/account/certificates?locale=${locale}`, { headers })
            ).json()) as { certificates: unknown[] }
          ).certificates.length,
        { timeout: longTest(60_000) },
      )
      .toBe(1);
    // The learner is told by mail (the run's SMTP server), with the verify link.
    await expect
      .poll(
        () => mailsTo(learner.email).filter((m) => decodedText(m).includes('/verify/')).length,
        {
          timeout: longTest(30_000),
        },
      )
      .toBe(1);

    // On the profile: the PDF and the public link.
    await page.goto(`${CONSOLE_SITE}/account`);
    const section = page.getByRole('region', { name: t(locale, 'certificates.title') });
    await expect(section.locator('.certificates-list__item')).toHaveCount(1);
    const pdfLink = section.getByRole('link', {
      name: new RegExp(t(locale, 'certificates.download', { topic: '.*' })),
    });
    // The PDF answers on any host: fetched from the test (Node does not resolve *.localhost).
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Beside it, the Open Badge: a signed credential (VC-JWT) naming the learner.
    const badgeLink = section.getByRole('link', {
      name: new RegExp(t(locale, 'certificates.downloadBadge', { topic: '.*' })),
    });
    const badge = await page.request.get((await badgeLink.getAttribute('href'))!);
    expect(badge.status()).toBe(200);
    expect(badge.headers()['content-type']).toBe('application/vc+jwt');
    expect(badge.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.jwt"$/);
    const [, claims] = (await badge.text()).split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'))).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      credentialSubject: { name: `${learner.first} ${learner.last}` },
    });
    await expectNoAxeViolations(page);
    await section
      .getByRole('link', {
        name: new RegExp(t(locale, 'certificates.verifyLink', { topic: '.*' })),
      })
      .click();
    await expect(page).toHaveURL(/\/verify\/[0-9a-z]{26}$/);
    const verifyUrl = page.url();

    // A stranger, signed out, in another browser.
    const stranger = await browser.newContext({ viewport: run.viewport, locale });
    const visit = await stranger.newPage();
    await visit.goto(`${CONSOLE_SITE}/healthz`);
    await visit.evaluate((lang) => window.localStorage.setItem('locale', lang), locale);
    await visit.goto(verifyUrl);
    await expect(
      visit.getByRole('status').filter({ hasText: t(locale, 'verify.valid') }),
    ).toBeVisible();
    await expect(visit.locator('.verify-page__name')).toHaveText(
      `${learner.first} ${learner.last}`,
    );
    await expect(visit.locator('main')).not.toContainText(learner.email);
    await expectNoAxeViolations(visit);
    await docsShot(visit, `certificate-verify-${locale}-${run.viewport.width}`);
    // The stranger downloads the badge from the verify page too (a file, by the browser).
    const badgeDownload = visit.waitForEvent('download');
    await visit.getByRole('link', { name: t(locale, 'verify.downloadBadge') }).click();
    expect((await badgeDownload).suggestedFilename()).toMatch(
      /^open-badge-manual-handling-.+\.jwt$/,
    );

    // The administrator finds it in the console and revokes it, with a reason.
    const reason = locale === 'fr-CA' ? 'Délivrée par erreur' : 'Issued by mistake';
    await openConsoleAsAdmin(page, run, `/admin/certificates?learner=${learner.email}`);
    const list = page.getByRole('list', { name: t(locale, 'admin.certificates.list') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list
      .getByRole('button', { name: new RegExp(t(locale, 'admin.certificates.revoke')) })
      .click();
    const dialog = page.getByRole('dialog', { name: t(locale, 'admin.certificates.revokeTitle') });
    await dialog.getByLabel(t(locale, 'admin.certificates.reason')).fill(reason);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: t(locale, 'admin.certificates.confirm') }).click();
    await expect(page.locator('.message-box--success')).toBeVisible();
    await expect(list).toContainText(t(locale, 'admin.certificates.revoked'));
    await docsShot(page, `console-certificates-${locale}-${run.viewport.width}`);
    await visit.reload();
    await expect(
      visit.getByRole('status').filter({ hasText: t(locale, 'verify.revoked') }),
    ).toBeVisible();
    await expect(visit.locator('.verify-page__facts')).toContainText(reason);
    await expect(visit.getByRole('link', { name: t(locale, 'verify.download') })).toHaveCount(0);
    await expect(visit.getByRole('link', { name: t(locale, 'verify.downloadBadge') })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(visit);
    await docsShot(visit, `certificate-revoked-${locale}-${run.viewport.width}`);
    await stranger.close();
  });
}
