import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './support/test';
import { ACME_URL, expectNoAxeViolations, openApp } from './support/app';
import { openAsNewLearner } from './support/workbook';

/** Screenshots of the changed screens, linked from the README. */
// docs/images only with E2E_DOCS_SHOTS=1 (README, "Screens"): a plain run changes no tracked file.
const IMAGES =
  process.env.E2E_DOCS_SHOTS === '1'
    ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images')
    : path.join(os.tmpdir(), 'portal-e2e-shots');

/**
 * Issue 15, point 15: button colours carry meaning. One primary action per view in the brand
 * colour, neutral secondary actions, red destructive ones, each readable (AA) in every theme.
 */
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
const JOBS = '/topic/compare-job-offers';

interface ButtonLook {
  role: 'primary' | 'secondary' | 'danger' | 'quiet' | 'other';
  text: string;
  background: [number, number, number, number];
  color: [number, number, number, number];
}

/**
 * Every visible `.button` of the screen (the header's buttons on the brand colour aside): its
 * role class, text and computed colours.
 */
async function buttons(page: Page): Promise<ButtonLook[]> {
  return page
    .locator('main .button:visible, [role="dialog"] .button:visible')
    .evaluateAll((elements) => {
      const rgba = (value: string) => {
        const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1] as const;
      };
      return elements.map((element) => {
        const style = getComputedStyle(element);
        const role = (['primary', 'secondary', 'danger', 'quiet'] as const).find((r) =>
          element.classList.contains(`button--${r}`),
        );
        return {
          role: role ?? 'other',
          text: (element.textContent ?? '').trim(),
          background: rgba(style.backgroundColor),
          color: rgba(style.color),
        };
      }) as never;
    });
}

function luminance([r, g, b]: readonly number[]): number {
  const [R, G, B] = [r ?? 0, g ?? 0, b ?? 0].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

function contrast(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const saturation = ([r, g, b]: readonly number[]) =>
  (Math.max(r ?? 0, g ?? 0, b ?? 0) - Math.min(r ?? 0, g ?? 0, b ?? 0)) / 255;
const isRed = ([r, g, b]: readonly number[]) => (r ?? 0) > 140 && (g ?? 0) < 80 && (b ?? 0) < 80;

/** Filled buttons read at AA; secondary ones are neutral greys; danger ones are red. */
async function expectMeaningfulButtons(page: Page, expected: Record<string, ButtonLook['role']>) {
  const looks = await buttons(page);
  for (const [text, role] of Object.entries(expected)) {
    const look = looks.find((l) => l.text === text);
    expect(look, `a visible "${text}" button`).toBeDefined();
    expect(look?.role, text).toBe(role);
  }
  for (const look of looks) {
    if (look.role === 'primary' || look.role === 'secondary' || look.role === 'danger') {
      expect(look.background[3], `${look.text} is filled`).toBeGreaterThan(0.9);
      expect(contrast(look.color, look.background), look.text).toBeGreaterThanOrEqual(4.5);
    }
    if (look.role === 'secondary')
      expect(saturation(look.background), `${look.text} is neutral`).toBeLessThan(0.1);
    if (look.role === 'danger') expect(isRed(look.background), `${look.text} is red`).toBe(true);
    expect(look.role, `${look.text} says what it is`).not.toBe('other');
  }
  expect(looks.filter((l) => l.role === 'primary').length).toBeLessThanOrEqual(1);
}

/** On a phone the page list (with the worksheets) sits behind a "Page 1 of 2" button. */
async function revealWorksheets(page: Page) {
  const drawer = page.getByRole('button', { name: /^Page \d+ of \d+/ });
  const worksheets = page.getByRole('region', { name: 'Worksheets' });
  // Wait for the topic to be drawn (one or the other shows) before deciding.
  await expect(drawer.or(worksheets).first()).toBeVisible();
  if (!(await worksheets.isVisible())) await drawer.click();
  await expect(worksheets).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`button roles at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('home pages: Browse topics is primary, Browse store neutral, in both themes', async ({
      page,
    }) => {
      await openApp(page, '/');
      await expectMeaningfulButtons(page, {
        'Browse topics': 'primary',
        'Browse store': 'secondary',
      });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${IMAGES}/buttons-home-${viewport.width}.png` });
      await openApp(page, `${ACME_URL}/`);
      await expectMeaningfulButtons(page, { 'Browse topics': 'primary' });
      await expectNoAxeViolations(page);
    });

    test('worksheets: Add is neutral; removing asks with a red Remove and a neutral Keep it', async ({
      page,
    }) => {
      await openAsNewLearner(page, 'buttons', `${JOBS}/page/job-numbers`);
      await revealWorksheets(page);
      const sheets = page.getByRole('region', { name: 'Worksheets' });
      await sheets.getByRole('button', { name: 'Add a worksheet' }).click();
      await expectMeaningfulButtons(page, { 'Add a worksheet': 'secondary' });
      await sheets.getByRole('button', { name: 'Remove this worksheet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this worksheet?' });
      await expect(dialog).toBeVisible();
      const looks = await buttons(page);
      const remove = looks.find((l) => l.text === 'Remove the worksheet');
      expect(remove?.role).toBe('danger');
      expect(isRed(remove?.background ?? [])).toBe(true);
      await expectMeaningfulButtons(page, {
        'Remove the worksheet': 'danger',
        'Keep it': 'secondary',
      });
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: `${IMAGES}/buttons-remove-worksheet-${viewport.width}.png`,
      });
    });

    test('the print view: Print is primary, Cancel neutral; in French too', async ({ page }) => {
      await openApp(page, '/');
      await page.goto(`/print${JOBS}`);
      await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
      await expectMeaningfulButtons(page, { Print: 'primary', Cancel: 'secondary' });
      await expectNoAxeViolations(page);
      await page.goto('/');
      await page.getByRole('button', { name: /^FR\b/ }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
      await page.goto(`/print${JOBS}`);
      await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
      await expectMeaningfulButtons(page, { Imprimer: 'primary', Annuler: 'secondary' });
      await expectNoAxeViolations(page);
    });
  });
}
