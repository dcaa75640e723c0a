import { expect, type Page, type TestInfo } from '@playwright/test';
import type { Locale } from './i18n';

/** A screen size and a language the screens are checked at (issue 24: phone and laptop, both). */
export interface Combo {
  locale: Locale;
  viewport: { width: number; height: number };
}

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 900 };
export const COMBOS: Combo[] = [
  { locale: 'en-US', viewport: PHONE },
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
  { locale: 'fr-CA', viewport: LAPTOP },
];

export const comboName = (combo: Combo) => `${combo.locale} ${combo.viewport.width}`;
export const isPhone = (combo: Combo) => combo.viewport.width < 600;

/** Opens `at` in `page` at `combo`'s size and language, signed in with `token` (or a visitor). */
export async function openAt(
  page: Page,
  combo: Combo,
  at: string,
  token: string | null = null,
): Promise<void> {
  await page.setViewportSize(combo.viewport);
  await page.goto('/healthz');
  await page.evaluate(
    ([value, locale]) => {
      if (value) window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', locale);
    },
    [token, combo.locale] as const,
  );
  await page.goto(at);
  await expect(page.locator('html')).toHaveAttribute('lang', combo.locale);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A screenshot in the test's output folder, attached to its report (to be looked at). */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
