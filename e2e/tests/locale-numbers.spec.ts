import { expect, test, type Browser, type Page } from './support/test';
import { newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { t, type Locale } from './support/i18n';
import { fetchWorkbook, formulaValue } from './support/workbook';

/*
 * Numbers read as people type them in their locale (issue 24, point 2): "1,500" in English and
 * "1 500" in French are 1500, shown grouped once the field is left, stored as the number, and
 * the formulas count 1500; what could be read two ways is refused on the field, in its locale,
 * and nothing of it is saved. At a phone's and a laptop's size, in en-US and fr-CA.
 */

const BUDGET_NUMBERS = '/topic/budgeting-basics/page/budget-numbers';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

interface Combo {
  locale: Locale;
  viewport: { width: number; height: number };
}

const COMBOS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'en-US', viewport: PHONE },
  { locale: 'fr-CA', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

/** What is typed and seen, per locale. */
const WORDS = {
  'en-US': {
    housing: 'Housing ($)',
    transport: 'Transportation ($)',
    total: 'Total monthly expenses ($)',
    typedHousing: '1,500',
    typedTransport: '301.50',
    shownHousing: '1,500',
    shownTransport: '301.5',
    totalText: /^\$1,801\.50$/,
    ambiguous: '1,5',
  },
  'fr-CA': {
    housing: 'Logement ($)',
    transport: 'Transport ($)',
    total: 'Total des dépenses mensuelles ($)',
    typedHousing: '1 500',
    typedTransport: '301,50',
    shownHousing: '1\u00a0500',
    shownTransport: '301,5',
    totalText: /^1\s801,50\s\$$/,
    ambiguous: '1.500',
  },
} as const;

async function openAt(browser: Browser, combo: Combo, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: combo.viewport });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(
    ([value, locale]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', locale);
    },
    [token, combo.locale] as const,
  );
  await page.goto(BUDGET_NUMBERS);
  await expect(page.locator('html')).toHaveAttribute('lang', combo.locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** Types into a field from the keyboard: focus, select what is there, type, Tab away. */
async function typeInto(page: Page, name: string, text: string) {
  const input = page.getByRole('textbox', { name, exact: true });
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

for (const combo of COMBOS) {
  test(`numbers typed the ${combo.locale} way at ${combo.viewport.width}px: read, shown grouped, stored, refused when ambiguous`, async ({
    browser,
    request,
  }) => {
    const w = WORDS[combo.locale];
    const token = await signUpByApi(request, newLearner('numbers-locale'));
    const page = await openAt(browser, combo, token);
    const saved = page.locator('.save-status__text');
    const housing = page.getByRole('textbox', { name: w.housing, exact: true });

    await typeInto(page, w.housing, w.typedHousing);
    await typeInto(page, w.transport, w.typedTransport);
    // The total counts 1500; left, the field shows the number written the locale's way.
    await expect(formulaValue(page, w.total)).toHaveText(w.totalText);
    await expect(housing).toHaveValue(w.shownHousing);
    await expect(page.getByRole('textbox', { name: w.transport, exact: true })).toHaveValue(
      w.shownTransport,
    );
    await expect(housing).not.toHaveAttribute('aria-invalid', 'true');
    await expect(saved).toHaveText(t(combo.locale, 'workbook.save.saved'));
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(housing).toHaveValue(w.shownHousing);
    await expect(formulaValue(page, w.total)).toHaveText(w.totalText);
    let stored = (await fetchWorkbook(request, token)).topics['budgeting-basics']?.[0]?.data;
    expect(stored).toMatchObject({ 'budget-housing': 1500, 'budget-transport': 301.5 });

    // What could be read two ways is refused on the field, in its locale, and not kept.
    await typeInto(page, w.housing, w.ambiguous);
    await expect(housing).toHaveValue(w.ambiguous);
    await expect(housing).toHaveAttribute('aria-invalid', 'true');
    const message = t(combo.locale, 'fields.number.ambiguous');
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    const describedBy = (await housing.getAttribute('aria-describedby')) ?? '';
    const error = page.locator(`[id="${describedBy.split(' ').at(-1) ?? ''}"]`);
    await expect(error).toHaveText(message);
    await expect(formulaValue(page, w.total)).toHaveText(w.totalText);
    await expect(saved).toHaveText(t(combo.locale, 'workbook.save.saved'));
    await expectNoAxeViolations(page);
    stored = (await fetchWorkbook(request, token)).topics['budgeting-basics']?.[0]?.data;
    expect(stored).toMatchObject({ 'budget-housing': 1500 });
    await page.context().close();
  });
}
