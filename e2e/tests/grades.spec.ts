import { expect, test, type APIRequestContext, type Page } from './support/test';
import { newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { fetchTopic, sidebar, turns, visiblePages } from './support/topics';

const TOPIC = 'budgeting-basics';

/** The scored quiz of budgeting-basics (content/doughmain.json) answered right: 7 points. */
const CORRECT = {
  'budget-q-fixed': 'rent',
  'budget-q-income': 'net',
  'budget-q-needs': 1800,
  'budget-q-static': false,
  'budget-q-method': 'zero-based budgeting',
};

/** The scored fields as the report card names them, with their weights. */
const ROWS = [
  { name: 'Fixed expense', weight: '1 point' },
  { name: 'Income to budget with', weight: '1 point' },
  { name: 'Needs under 50/30/20', weight: '2 points' },
  { name: 'A budget never changes', weight: '1 point' },
  { name: 'Budgeting method', weight: '2 points' },
];

/**
 * PUT /{org}/workbook with one worksheet of budgeting-basics. Each edit is stamped now: the
 * server keeps the newest edit of each field (docs/design.md §8).
 */
async function saveAnswers(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<void> {
  const now = new Date().toISOString();
  const response = await request.put('/api/org/doughmain/workbook', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      workbook: {
        topics: {
          [TOPIC]: [
            {
              _id: 'e2e-grades-sheet',
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
}

/** A learner of their own (the demo learner's workbook is shared by every test running). */
async function learnerWithAnswers(page: Page, data: Record<string, unknown>): Promise<string> {
  const token = await signUpByApi(page.request, newLearner('grades'));
  await saveAnswers(page.request, token, data);
  return token;
}

function reportRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

test.describe('report card', () => {
  test('shows every scored field by page, right or wrong, its weight and the total', async ({
    page,
  }) => {
    const token = await learnerWithAnswers(page, CORRECT);
    await openSignedIn(page, token, `/topic/${TOPIC}/reportcard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report card');
    await expect(page.getByTestId('report-score')).toHaveText('7 / 7');
    await expect(page.getByTestId('report-percent')).toHaveText('100%');

    const quiz = page.getByRole('region', { name: 'Check your understanding' });
    await expect(quiz.getByRole('rowheader')).toHaveCount(ROWS.length);
    for (const row of ROWS) {
      await expect(reportRow(page, row.name)).toContainText('Correct');
      await expect(reportRow(page, row.name)).toContainText(row.weight);
    }
    await expectNoAxeViolations(page);
  });

  test('a wrong answer changes the marks, the score and the percentage', async ({ page }) => {
    const token = await learnerWithAnswers(page, CORRECT);
    await openSignedIn(page, token, `/topic/${TOPIC}/reportcard`);
    await expect(page.getByTestId('report-score')).toHaveText('7 / 7');

    await saveAnswers(page.request, token, { 'budget-q-needs': 1500, 'budget-q-static': true });
    await page.reload();
    await expect(page.getByTestId('report-score')).toHaveText('4 / 7');
    await expect(page.getByTestId('report-percent')).toHaveText('57%');
    await expect(reportRow(page, 'Needs under 50/30/20')).toContainText('Incorrect');
    await expect(reportRow(page, 'A budget never changes')).toContainText('Incorrect');
    await expect(reportRow(page, 'Fixed expense')).toContainText('Correct');
    await expect(reportRow(page, 'Fixed expense')).not.toContainText('Incorrect');
    await expect(page.getByRole('region', { name: 'Check your understanding' })).toContainText(
      'Page score: 4 / 7',
    );
  });

  test('follows an answer changed on the quiz page', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    const token = await learnerWithAnswers(page, CORRECT);
    await openSignedIn(page, token, `/topic/${TOPIC}/page/budget-quiz`);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/org/doughmain/workbook') &&
        response.request().method() === 'PUT' &&
        response.ok(),
    );
    await page.getByRole('combobox', { name: /Income to budget with/ }).selectOption('gross');
    await saved;
    await sidebar(page, topic.name).getByRole('link', { name: 'Report card' }).click();
    await expect(page.getByTestId('report-score')).toHaveText('6 / 7');
    await expect(page.getByTestId('report-percent')).toHaveText('86%');
    await expect(reportRow(page, 'Income to budget with')).toContainText('Incorrect');
  });

  test('is reached from the sidebar, after the last page and before Other Topics', async ({
    page,
  }) => {
    const topic = await fetchTopic(page, TOPIC);
    const last = visiblePages(topic).at(-1)!;
    const token = await learnerWithAnswers(page, { 'budget-q-fixed': 'gas' });
    await openSignedIn(page, token, `/topic/${TOPIC}/page/${last._id}`);

    await turns(page).getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(`/topic/${TOPIC}/reportcard`);
    await expect(page.getByTestId('report-score')).toHaveText('0 / 7');
    await expect(page.getByTestId('report-percent')).toHaveText('0%');
    await expect(reportRow(page, 'Fixed expense')).toContainText('Incorrect');

    await turns(page).getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(`/topic/${TOPIC}/others`);
    await turns(page)
      .getByRole('link', { name: /^Previous/ })
      .click();
    await expect(page).toHaveURL(`/topic/${TOPIC}/reportcard`);

    await sidebar(page, topic.name).getByRole('link', { name: 'Home' }).click();
    await sidebar(page, topic.name).getByRole('link', { name: 'Report card' }).click();
    await expect(page).toHaveURL(`/topic/${TOPIC}/reportcard`);
    await expect(page.getByTestId('report-score')).toHaveText('0 / 7');
  });

  test('clears the saved history of the learner who opens it', async ({ page }) => {
    const token = await learnerWithAnswers(page, CORRECT);
    const topic = await fetchTopic(page, TOPIC);
    const first = visiblePages(topic)[0]!;
    await openSignedIn(page, token, `/topic/${TOPIC}/page/${first._id}`);
    const history = async () => {
      const response = await page.request.get('/api/org/doughmain/workbook', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as {
        workbook: { workbook: { history?: { topicId: string; pageId?: string } | null } };
      };
      return body.workbook.workbook.history ?? null;
    };
    await expect.poll(async () => (await history())?.pageId).toBe(first._id);
    await sidebar(page, topic.name).getByRole('link', { name: 'Report card' }).click();
    await expect(page.getByTestId('report-score')).toHaveText('7 / 7');
    await expect.poll(async () => (await history())?.pageId).toBeUndefined();
  });

  test('asks a visitor to sign in', async ({ page }) => {
    await page.goto(`/topic/${TOPIC}/reportcard`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report card');
    await expect(page.getByText('Log in to see your report card.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
