import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from './app';
import type { Combo } from './combos';
import { expect, test, type Page } from './test';

const DOCS_IMAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/images',
);

/** A full-page screenshot for the README: docs/images when E2E_DOCS_SHOTS=1, else the test's output. */
export async function docsShot(page: Page, name: string): Promise<void> {
  const file =
    process.env.E2E_DOCS_SHOTS === '1'
      ? path.join(DOCS_IMAGES, `${name}.png`)
      : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

/**
 * The console's own organisation (playwright.config.ts): a copy of acme with an administrator,
 * at consoledemo.localhost, which no other test reads, so its settings, groups and bundles can
 * change.
 */
export const CONSOLE_ORG = 'consoledemo';
export const CONSOLE_SITE = `http://${CONSOLE_ORG}.localhost:${E2E_PORT}`;
export const CONSOLE_ADMIN = {
  username: 'consoleadmin',
  password: 'consoleadmin-demo-1',
  email: 'consoleadmin@consoledemo.example',
};

/** Opens `at` on the console's organisation as its administrator, in the combo's locale. */
export async function openConsoleAsAdmin(page: Page, combo: Combo, at: string): Promise<void> {
  const { username, password } = CONSOLE_ADMIN;
  const login = await page.request.post(`/api/org/${CONSOLE_ORG}/login`, {
    data: { username, password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  await page.setViewportSize(combo.viewport);
  await page.goto(`${CONSOLE_SITE}/healthz`);
  await page.evaluate(
    ([value, locale]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', locale);
    },
    [token, combo.locale] as const,
  );
  await page.goto(`${CONSOLE_SITE}${at}`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
}
