import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ACME_URL = `http://acme.localhost:${E2E_PORT}`;
export const NOPE_URL = `http://nope.localhost:${E2E_PORT}`;

/** What GET /api/org/{alias} answers: the lists the home page and header are built from. */
export interface OrganisationAnswer {
  name: string;
  currentLocale: string;
  locales: string[];
  hasBundles: boolean;
  topics: { _id: string; name: string }[];
  topicGroups: { _id: string; name: string }[];
}

export async function fetchOrganisation(
  page: Page,
  alias: string,
  locale = 'en-US',
): Promise<OrganisationAnswer> {
  const response = await page.request.get(`/api/org/${alias}?locale=${locale}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OrganisationAnswer;
}

/**
 * Opens `url` and waits until the app has started (the organisation is loaded) and has taken
 * the page over: a page the server drew paints before its code runs (issue 14), and its buttons
 * work once it has hydrated (`<html data-app-ready>`, apps/web/src/app/app.tsx).
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Waits until React has taken the page over (hydrated a page the server drew, or drawn it). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
}

/** Runs axe with the WCAG 2.0/2.1 A and AA rules and expects no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}
