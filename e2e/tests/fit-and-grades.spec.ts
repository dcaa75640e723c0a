import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './support/test';
import { newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations, openApp } from './support/app';
import { saveWorkbook, worksheetWith } from './support/workbook';

/**
 * Issue 15, points 1–4, at a phone's size and a laptop's: unanswered questions on the report
 * card, table fields at 320–390 px, menus inside the viewport, the home hero uncropped.
 *
 * With E2E_DOCS_SHOTS=1 the tests also write the screenshots of docs/images/ (left off by
 * default, so that a test run does not rewrite the documentation).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const VIEWPORTS = [PHONE, LAPTOP] as const;

async function shoot(page: Page, name: string, fullPage = false) {
  if (isTakingShots) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Signed in as a new learner, in `locale`, at `url`. */
async function openAsLearner(page: Page, url: string, locale = 'en-US', data = {}) {
  const token = await signUpByApi(page.request, newLearner('fit'));
  if (Object.keys(data).length)
    await saveWorkbook(page.request, token, {
      topics: { 'budgeting-basics': [worksheetWith('fit-sheet', data)] },
    });
  await page.goto('/healthz');
  await page.evaluate(
    ({ value, language }) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', language);
    },
    { value: token, language: locale },
  );
  await page.goto(url);
  await expect(avatarButton(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** The header's avatar menu button, in either language. */
function avatarButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: ACCOUNT_MENU });
}

const ACCOUNT_MENU = /^(Account menu|Menu du compte)/;

/** The page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('report card: questions not answered', () => {
  for (const locale of ['en-US', 'fr-CA'] as const) {
    for (const viewport of VIEWPORTS) {
      test(`says "not answered", neither right nor wrong, and how many are left (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        // One wrong answer; the four other scored questions are left empty.
        await openAsLearner(page, '/topic/budgeting-basics/reportcard', locale, {
          'budget-q-fixed': 'gas',
        });
        const words =
          locale === 'en-US'
            ? {
                wrong: 'Incorrect',
                none: 'Not answered',
                left: /^4 questions are not answered yet/,
              }
            : { wrong: 'Mauvaise réponse', none: 'Sans réponse', left: /^4 questions n’ont pas/ };

        // The total stays the weight of every scored question (docs/design.md §6).
        await expect(page.getByTestId('report-score')).toHaveText('0 / 7');
        await expect(page.getByTestId('report-unanswered')).toHaveText(words.left);
        const results = page.locator('.report-table__result');
        await expect(results).toHaveCount(5);
        await expect(results.filter({ hasText: words.none })).toHaveCount(4);
        await expect(results.filter({ hasText: words.wrong })).toHaveCount(1);
        await expect(page.locator('.report-section__score')).toContainText(
          locale === 'en-US' ? '4 not answered' : '4 sans réponse',
        );
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        // The title, the total and the first questions in one screen.
        await page.getByRole('heading', { level: 1 }).evaluate((h) => h.scrollIntoView());
        await shoot(page, `report-card-not-answered-${locale}-${viewport.width}`);
      });
    }
  }
});

/** Where the focused table cell and its row label are, and the frame that scrolls them. */
function focusedCellAndLabel(page: Page) {
  return page.evaluate(() => {
    const input = document.activeElement as HTMLElement;
    const cell = input.closest('td')!;
    const label = cell.parentElement!.firstElementChild!;
    const frame = cell.closest('.field-block__table-scroll')!;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right };
    };
    return {
      name: input.getAttribute('aria-label'),
      cell: box(cell),
      label: box(label),
      frame: box(frame),
      innerWidth: window.innerWidth,
    };
  });
}

test.describe('table field', () => {
  for (const viewport of [{ width: 320, height: 700 }, ...VIEWPORTS]) {
    test(`every cell can be reached and read beside its row label at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAsLearner(page, '/topic/cash-flow-forecasting/page/cash-forecast');
      const table = page.getByRole('table', { name: 'My three-month forecast' });
      await expect(table).toBeVisible();
      await expectNoSidewaysScroll(page);

      // The label column stays on screen, and leaves room for the cells beside it.
      const labelBox = (await table.getByRole('rowheader').first().boundingBox())!;
      const frameBox = (await page.locator('.field-block__table-scroll').boundingBox())!;
      expect(labelBox.x).toBeGreaterThanOrEqual(0);
      expect(labelBox.width).toBeLessThanOrEqual(frameBox.width * 0.55);

      // Tab through a long row label's three months: each cell in view, beside its label.
      await table
        .getByRole('textbox', { name: 'Cash in: other (loans, grants, owner investment), Month 1' })
        .focus();
      for (const month of [1, 2, 3]) {
        const at = await focusedCellAndLabel(page);
        expect(at.name).toBe(`Cash in: other (loans, grants, owner investment), Month ${month}`);
        expect(at.label.left).toBeGreaterThanOrEqual(at.frame.left - 1);
        expect(at.label.right).toBeLessThanOrEqual(at.innerWidth);
        expect(at.cell.left).toBeGreaterThanOrEqual(at.label.right - 1);
        expect(at.cell.right).toBeLessThanOrEqual(Math.min(at.frame.right, at.innerWidth) + 1);
        if (month === 3 && viewport.width !== 320)
          await shoot(page, `table-field-last-column-${viewport.width}`);
        if (month < 3) await page.keyboard.press('Tab');
      }
      // Back to the first month with Shift+Tab: it comes out from under the labels.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      const back = await focusedCellAndLabel(page);
      expect(back.name).toMatch(/Month 1$/);
      expect(back.cell.left).toBeGreaterThanOrEqual(back.label.right - 1);
      await page.keyboard.type('1200');
      await expect(
        table.getByRole('textbox', {
          name: 'Cash in: other (loans, grants, owner investment), Month 1',
        }),
      ).toHaveValue('1200');
      await expectNoSidewaysScroll(page);
    });
  }

  test('the page with a table is accessible in French too', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openAsLearner(page, '/topic/cash-flow-forecasting/page/cash-forecast', 'fr-CA');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** Every item of the open menu lies inside the viewport. */
async function expectItemsInView(page: Page, menuName: RegExp | string) {
  const menu = page.getByRole('menu', { name: menuName });
  await expect(menu).toBeVisible();
  const { width } = page.viewportSize()!;
  const items = menu.locator('[role^="menuitem"]');
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const box = (await items.nth(index).boundingBox())!;
    expect(box.x, `item ${index} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `item ${index} ends on screen`).toBeLessThanOrEqual(width);
  }
  return menu;
}

test.describe('header menus', () => {
  for (const locale of ['en-US', 'fr-CA'] as const) {
    for (const viewport of VIEWPORTS) {
      test(`the avatar menu opens under its button, inside the viewport (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await openAsLearner(page, '/', locale);
        const button = avatarButton(page);
        await button.click();
        const menu = await expectItemsInView(page, ACCOUNT_MENU);
        await expectNoSidewaysScroll(page);
        // Aligned to its trigger: the menu ends where the button ends (it fits there).
        const buttonBox = (await button.boundingBox())!;
        const menuBox = (await menu.boundingBox())!;
        expect(Math.abs(menuBox.x + menuBox.width - (buttonBox.x + buttonBox.width))).toBeLessThan(
          1,
        );
        expect(menuBox.y).toBeGreaterThan(buttonBox.y + buttonBox.height - 1);
        await expect(menu.getByRole('menuitem').last()).toBeInViewport({ ratio: 1 });
        await expectNoAxeViolations(page);
        if (locale === 'en-US') await shoot(page, `avatar-menu-${viewport.width}`);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(button).toBeFocused();
      });
    }
  }

  for (const viewport of VIEWPORTS) {
    test(`the topics menu opens under its button, inside the viewport (${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openApp(page, '/');
      // On a phone Topics is inside the header's Menu (issue 15, point 8).
      const folded = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
      if (viewport === PHONE) await folded.click();
      const button = page.getByRole('banner').getByRole('button', { name: 'Topics' });
      await button.click();
      const menu = await expectItemsInView(page, 'Topics');
      await expectNoSidewaysScroll(page);
      const buttonBox = (await button.boundingBox())!;
      const menuBox = (await menu.boundingBox())!;
      expect(Math.abs(menuBox.x - buttonBox.x)).toBeLessThan(1);
      await shoot(page, `topics-menu-${viewport.width}`);
    });
  }
});

test.describe('home hero image', () => {
  for (const viewport of [{ width: 320, height: 700 }, ...VIEWPORTS]) {
    test(`is shown whole, as its author made it, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openApp(page, '/');
      const image = page.locator('.home-hero__image');
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const shape = await image.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return {
          rendered: box.width / box.height,
          natural: img.naturalWidth / img.naturalHeight,
          fit: getComputedStyle(img).objectFit,
          right: box.right,
        };
      });
      // Not cropped: drawn at its own shape (or fitted whole inside its box).
      if (shape.fit !== 'contain') expect(shape.rendered).toBeCloseTo(shape.natural, 1);
      expect(shape.right).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);
      if (viewport.width !== 320) await shoot(page, `home-hero-${viewport.width}`);
    });
  }

  test('the home page is accessible in French at a phone size', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/healthz');
    await page.evaluate(() => window.localStorage.setItem('locale', 'fr-CA'));
    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expectNoAxeViolations(page);
  });
});
