import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations } from './support/app';
import { newLearner, signUpByApi } from './support/accounts';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { docsShot } from './support/console';
import { t } from './support/i18n';
import { decodedText, mailsTo, waitForMail, type ReceivedMail } from './support/mail';
import { buySeatsByApi, joinOpenSeatByApi, postByApi } from './support/seats';
import { longTest } from './support/limits';
import { expect, test, type Browser } from './support/test';

/**
 * Issue 28's mail notices: a member writes privately to their cohort's administrator, who gets
 * one mail (from the run's real SMTP server) with RFC 8058 headers; the mail's link opens the
 * unsubscribe page signed out, which stops that kind on a button; the administrator's profile
 * then shows it off. The preferences work by keyboard alone. 1366 en-US and 390 fr-CA, axe clean.
 */

const RUNS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}

async function signedIn(browser: Browser, token: string, combo: Combo) {
  const context = await browser.newContext({ viewport: combo.viewport });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(
    ([value, lang]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', lang);
    },
    [token, combo.locale] as const,
  );
  return page;
}

for (const run of RUNS) {
  const { locale } = run;
  test(`${locale} ${run.viewport.width}: a private message mails the administrator, whose mail's link stops that kind, shown on the profile`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(longTest(120_000));
    const tag = randomBytes(3).toString('hex');
    const admin = { ...newLearner(`ntc-admin-${tag}`), first: 'Alex', last: 'Martin' };
    const member = { ...newLearner(`ntc-member-${tag}`), first: 'Nadia', last: 'Okafor' };
    const adminToken = await signUpByApi(request, admin);
    const memberToken = await signUpByApi(request, member);
    const { cohortId } = await buySeatsByApi(request, adminToken, 2);
    await joinOpenSeatByApi(request, adminToken, memberToken, cohortId!);

    const words = `Where is the budget worksheet? ${tag}`;
    await postByApi(request, memberToken, cohortId!, words, { isPrivate: true });
    // The buyer's receipt came first: the notice is the mail that quotes the message.
    await waitForMail(admin.email, 30_000);
    await expect
      .poll(() => mailsTo(admin.email).filter((m) => decodedText(m).includes(words)).length, {
        timeout: longTest(30_000),
      })
      .toBe(1);
    const mail = mailsTo(admin.email).find((m) => decodedText(m).includes(words))!;
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https?:\/\/.+\/unsubscribe\/.+>$/);
    // The page's link (in the text), not the one-click API address of the header.
    const link = /https?:\/\/[^\s"<>/]+\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(
      decodedText(mail).replace(/&amp;/g, '&'),
    );
    expect(link).not.toBeNull();
    const unsubscribePath = new URL(link![0]).pathname;

    // Signed out, in another browser: the page says what stops, and stops it on the button.
    const stranger = await browser.newContext({ viewport: run.viewport });
    const visit = await stranger.newPage();
    await visit.goto('/healthz');
    await visit.evaluate((lang) => window.localStorage.setItem('locale', lang), locale);
    await visit.goto(unsubscribePath);
    await expect(
      visit.getByRole('heading', { level: 1, name: t(locale, 'unsubscribe.title') }),
    ).toBeVisible();
    await expect(visit.getByText(/\*\*\*@/)).toBeVisible();
    await expectNoAxeViolations(visit);
    await docsShot(visit, `unsubscribe-${locale}-${run.viewport.width}`);
    await visit.getByRole('button', { name: t(locale, 'unsubscribe.stop') }).click();
    await expect(
      visit.getByRole('status').filter({ hasText: t(locale, 'unsubscribe.stopped') }),
    ).toBeVisible();
    await expectNoAxeViolations(visit);
    await stranger.close();

    // The administrator's profile shows private messages off, the rest on.
    const page = await signedIn(browser, adminToken, run);
    await page.goto('/account');
    const section = page.getByRole('region', { name: t(locale, 'notices.title') });
    await expect(
      section.getByRole('checkbox', { name: t(locale, 'notices.kind.privateMessage') }),
    ).not.toBeChecked();
    await expect(
      section.getByRole('checkbox', { name: t(locale, 'notices.kind.certificate') }),
    ).toBeChecked();
    await expect(
      section.getByRole('radio', { name: t(locale, 'notices.digest.daily') }),
    ).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await docsShot(page, `notices-profile-${locale}-${run.viewport.width}`);
    await page.context().close();
  });
}

test('the email notices are changed and saved by keyboard alone', async ({ browser, request }) => {
  test.setTimeout(longTest(90_000));
  const learner = newLearner('ntc-keys');
  const token = await signUpByApi(request, learner);
  const page = await signedIn(browser, token, { locale: 'en-US', viewport: LAPTOP });
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Email notices' });
  const certificate = section.getByRole('checkbox', { name: 'I earn a certificate' });
  await expect(certificate).toBeChecked();
  await certificate.focus();
  await page.keyboard.press('Space');
  await expect(certificate).not.toBeChecked();
  const daily = section.getByRole('radio', { name: 'Every day' });
  await daily.focus();
  await page.keyboard.press('ArrowDown');
  await expect(section.getByRole('radio', { name: 'Every week, on Monday' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Save email notices' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText('Your email notices are saved.');

  await page.reload();
  const again = page.getByRole('region', { name: 'Email notices' });
  await expect(again.getByRole('checkbox', { name: 'I earn a certificate' })).not.toBeChecked();
  await expect(again.getByRole('radio', { name: 'Every week, on Monday' })).toBeChecked();
  await page.context().close();
});
