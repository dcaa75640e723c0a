import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, type Combo } from './support/combos';
import { t } from './support/i18n';
import { CONSOLE_SITE, docsShot, openConsoleAsAdmin } from './support/console';
import { longTest } from './support/limits';
import { expect, test } from './support/test';

/**
 * Issue 27: the console's settings. An administrator types a primary colour that does not read
 * and is told why (as typed, and by the server on save), then one that reads, sees it in the
 * preview of the real home page, publishes it, and a visitor in another browser sees it; the
 * audit log has the change with before and after. On an organisation of its own
 * (consoledemo, playwright.config.ts), so no other test sees its colours change.
 */

// A readable colour for each attempt: a retry (or a repeat) publishes one the organisation does
// not have yet, so that the audit log has a change of colour to show.
const RUNS: (Combo & { colours: string[] })[] = [
  { locale: 'en-US', viewport: LAPTOP, colours: ['#0b5d1e', '#0b4f6c', '#6b2e0b', '#3d2b6e'] },
  { locale: 'fr-CA', viewport: PHONE, colours: ['#5b1e6e', '#1e3a6e', '#6e1e2c', '#1e5e4a'] },
];

// Both runs publish the same organisation's settings: one after the other.
test.describe.configure({ mode: 'serial' });

for (const run of RUNS) {
  const name = `${run.locale} ${run.viewport.width}`;
  test(`${name}: an unreadable primary colour is refused and said why; a readable one is previewed, published and seen by a visitor`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(longTest(90_000));
    const { locale } = run;
    const colour =
      run.colours[(testInfo.retry + testInfo.repeatEachIndex * 2) % run.colours.length]!;
    await openConsoleAsAdmin(page, run, '/admin/settings');
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.settings.title') }),
    ).toBeVisible();
    const primary = page.getByRole('textbox', {
      name: t(locale, 'admin.settings.colour.primaryColor'),
      exact: true,
    });
    await expect(primary).toBeVisible();
    await expectNoAxeViolations(page);

    // A pale blue on white: said as it is typed, and refused by the server on save.
    await primary.fill('#7fd3ff');
    const status = page.getByRole('status').filter({
      hasText: t(locale, 'admin.settings.contrast.title'),
    });
    await expect(status).toContainText('1.6:1');
    await page.getByRole('button', { name: t(locale, 'admin.settings.save') }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText(
      locale === 'fr-CA' ? 'trop difficiles à lire' : 'too hard to read',
    );
    await expect(refusal).toContainText('1.6:1');
    await expectNoAxeViolations(page);

    // A logo uploaded from this computer: its address fills the field and the preview shows it.
    const logoPng = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 80;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#0b5d1e';
      g.fillRect(0, 0, 240, 80);
      g.fillStyle = '#ffffff';
      g.font = 'bold 28px sans-serif';
      g.fillText('Console Demo', 20, 50);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    const logoField = page.getByRole('textbox', { name: t(locale, 'admin.settings.logo') });
    // On a retry the logo is already an upload: the new one is told apart by its address.
    const logoBefore = await logoField.inputValue();
    await page
      .getByLabel(
        `${t(locale, 'admin.settings.uploadImage')} ${t(locale, 'admin.settings.uploadFor', { label: t(locale, 'admin.settings.logo') })}`,
      )
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(logoPng, 'base64'),
      });
    await expect(logoField).not.toHaveValue(logoBefore);
    await expect(logoField).toHaveValue(/^\/uploads\/.+\.png$/);
    const logoUrl = await logoField.inputValue();
    await expect(page.locator('.admin-preview header img').first()).toHaveAttribute('src', logoUrl);

    // A readable colour: the warning goes, the preview takes it at once.
    await primary.fill(colour);
    await expect(page.getByText(t(locale, 'admin.settings.contrast.ok'))).toBeVisible();
    // The refusal was of the previous colour: it goes with it.
    await expect(page.getByRole('alert')).toHaveCount(0);
    const preview = page.locator('.admin-preview');
    await expect(preview).toHaveAttribute(
      'style',
      new RegExp(`--primary-color:\\s*${colour}`, 'i'),
    );
    await expect(preview.locator('.surface-brand').first()).toHaveCSS(
      'background-color',
      rgb(colour),
    );
    await docsShot(page, `console-settings-${locale}-${run.viewport.width}`);

    // A real topic page of the organisation, in the drafted colours.
    await page.getByRole('button', { name: t(locale, 'admin.settings.previewTopic') }).click();
    const frame = page.frameLocator('iframe.admin-preview__frame');
    await expect(frame.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(frame.locator('html')).toHaveAttribute(
      'style',
      // With or without a space: the page drawn on the server writes none, and on a retry the
      // colour is already the published one.
      new RegExp(`--primary-color:\\s*${colour}`, 'i'),
    );
    await expect(frame.locator('.surface-brand').first()).toHaveCSS(
      'background-color',
      rgb(colour),
    );
    await expectNoAxeViolations(page);
    await docsShot(page, `console-settings-topic-${locale}-${run.viewport.width}`);
    await page.getByRole('button', { name: t(locale, 'admin.settings.previewHome') }).click();
    await expect(page.locator('.admin-preview.surface-page')).toBeVisible();

    await page.getByRole('button', { name: t(locale, 'admin.settings.publish') }).click();
    await expect(
      page.getByText(
        messagePattern(t(locale, 'admin.settings.publishedNotice', { version: 999999 })),
      ),
    ).toBeVisible();

    // A visitor, in another browser, sees the new colour on the home page.
    const visitor = await browser.newContext({ viewport: run.viewport });
    const visit = await visitor.newPage();
    await visit.goto(`${CONSOLE_SITE}/`);
    await expect(visit.locator('html')).toHaveAttribute('data-app-ready', '');
    await expect(visit.locator('.surface-brand').first()).toHaveCSS(
      'background-color',
      rgb(colour),
    );
    await visitor.close();

    // The audit log has the publication, with the colour before and after.
    await page.goto(`${CONSOLE_SITE}/admin/audit?action=settings.publish`);
    const row = page
      .getByRole('table', { name: t(locale, 'admin.audit.table') })
      .getByRole('row')
      .nth(1);
    await expect(row).toContainText(t(locale, 'admin.audit.action.settings.publish'));
    await expect(row).toContainText(`→ ${colour}`);
    await expect(row).toContainText(t(locale, 'admin.audit.key.primaryColor'));
    await expectNoAxeViolations(page);
  });
}

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** A message with its number left open (`version` given as 999999, which a locale may group as 999 999). */
function messagePattern(text: string): RegExp {
  const [before = '', after = ''] = text.split(/999\D?999/);
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before)}\\d+${escape(after)}`);
}
