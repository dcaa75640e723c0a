import { expect, test, type Page } from '@playwright/test';
import { newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { fetchTopic, openTopicScreen } from './support/topics';

const TOPIC = 'budgeting-basics';

/** Signs up a learner of this test's own with answers in budgeting-basics. */
async function learnerWithAnswers(page: Page): Promise<string> {
  const token = await signUpByApi(page.request, newLearner('print'));
  const now = new Date().toISOString();
  const data = {
    'budget-income': 4200,
    'budget-q-method': 'zero-based budgeting',
    'budget-q-income': 'net',
  };
  const response = await page.request.put('/api/org/doughmain/workbook', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      workbook: {
        topics: {
          [TOPIC]: [
            {
              _id: 'e2e-print-sheet',
              name: 'New Worksheet',
              createdAt: '2024-01-01T00:00:00.000Z',
              data,
              fieldTimes: Object.fromEntries(Object.keys(data).map((id) => [id, now])),
              completedPages: [],
            },
          ],
        },
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return token;
}

function controls(page: Page) {
  return page.getByRole('main').locator('input, select, textarea');
}

/** The pages of a PDF: its page objects (not the /Pages tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test.describe('print view', () => {
  test('shows every page with the learner answers, every input disabled', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    const token = await learnerWithAnswers(page);
    await openSignedIn(page, token, `/print/topic/${TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.name);
    for (const shown of topic.pages.filter((p) => !p.showCondition?.enabled))
      await expect(page.getByRole('heading', { level: 2, name: shown.name })).toBeVisible();

    await expect(controls(page).first()).toBeVisible();
    const count = await controls(page).count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index += 1)
      await expect(controls(page).nth(index)).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Budgeting method' })).toHaveValue(
      'zero-based budgeting',
    );
    await expectNoAxeViolations(page);
  });

  test('is opened from the topic subheader; Cancel goes back and Print prints', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await openTopicScreen(page, `/topic/${TOPIC}`);
    await page.getByRole('link', { name: 'Print Budgeting basics' }).click();
    await expect(page).toHaveURL(`/print/topic/${TOPIC}`);
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/topic/${TOPIC}`);
  });

  test('prints only the topic: no header, footer or buttons, one page per sheet', async ({
    page,
  }) => {
    const topic = await fetchTopic(page, TOPIC);
    const token = await learnerWithAnswers(page);
    await openSignedIn(page, token, `/print/topic/${TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.name);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: `Pages of ${topic.name}` })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const colours = await page
      .getByRole('heading', { level: 1 })
      .evaluate((heading) => [
        getComputedStyle(heading).color,
        getComputedStyle(document.body).backgroundColor,
      ]);
    expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
    // Each page of the topic starts a sheet of its own.
    const breaks = await page
      .locator('.print-page')
      .evaluateAll((sections) => sections.map((s) => getComputedStyle(s).breakBefore));
    expect(breaks.slice(1).every((value) => value === 'page')).toBe(true);

    const pdf = await page.pdf({ format: 'A4' });
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);
  });
});
