import { expect, test, type Page } from './support/test';
import { DOUGHMAIN, newLearner, openSignedIn } from './support/accounts';
import {
  ALL_FIELDS_TOPIC,
  expectAllSaved,
  fetchWorkbook,
  formulaValue,
  openAsNewLearner,
  saveWorkbook,
  serveEveryFieldTopic,
  sidebarLink,
} from './support/workbook';

const JOBS = '/topic/compare-job-offers';

function selector(page: Page) {
  return page.getByRole('region', { name: 'Worksheets' });
}

function currentWorksheet(page: Page) {
  return selector(page).getByRole('combobox', { name: 'Current worksheet' });
}

async function fill(page: Page, name: string, text: string) {
  const input = page.getByRole('textbox', { name, exact: true });
  await input.fill(text);
  await input.blur();
}

/** A fresh token for an existing account, as a new sign-in would get. */
async function logIn(page: Page, username: string, password: string): Promise<string> {
  const response = await page.request.post(`/api/org/${DOUGHMAIN}/login`, {
    data: { username, password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test.describe('worksheets', () => {
  test('add up to the cap, switch every answer, rename on the topic home, remove after a confirmation', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(page, 'sheets', `${JOBS}/page/job-numbers`);
    await fill(page, 'Employer and position', 'Acme, analyst');
    await fill(page, 'Base salary per year ($)', '60000');
    await expect(formulaValue(page, 'Total yearly compensation ($)')).toHaveText('$60,000.00');
    await expect(currentWorksheet(page).locator('option')).toHaveText(['1. New Worksheet']);
    await expect(
      selector(page).getByRole('button', { name: 'Remove this worksheet' }),
    ).toBeDisabled();

    // A new worksheet: selected, with the topic's defaults and none of the other's answers.
    await selector(page).getByRole('button', { name: 'Add a worksheet' }).click();
    await expect(currentWorksheet(page).locator('option')).toHaveText([
      '1. New Worksheet',
      '2. New Worksheet',
    ]);
    await expect(currentWorksheet(page)).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: 'Employer and position' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Hours worked per week' })).toHaveValue('37.5');
    await fill(page, 'Employer and position', 'Beta, lead');
    await fill(page, 'Base salary per year ($)', '72000');
    await expect(formulaValue(page, 'Total yearly compensation ($)')).toHaveText('$72,000.00');

    // Switching brings every answer of the other worksheet back.
    await currentWorksheet(page).selectOption('0');
    await expect(page.getByRole('textbox', { name: 'Employer and position' })).toHaveValue(
      'Acme, analyst',
    );
    await expect(formulaValue(page, 'Total yearly compensation ($)')).toHaveText('$60,000.00');

    // The third is the last the organisation allows (maxTopicWorksheets: 3).
    const add = selector(page).getByRole('button', { name: 'Add a worksheet' });
    await add.click();
    await expect(currentWorksheet(page).locator('option')).toHaveCount(3);
    await expect(add).toBeDisabled();
    await expect(selector(page).getByText('This topic allows at most 3 worksheets.')).toBeVisible();
    await expectAllSaved(page);

    // Rename the third one on the topic home: Enter saves.
    await page
      .getByRole('navigation', { name: 'Pages of Compare job offers' })
      .getByRole('link', { name: 'Home' })
      .click();
    const name = page.getByRole('textbox', { name: 'Worksheet name' });
    await expect(name).toHaveValue('New Worksheet');
    await name.fill('Offer C');
    await page.keyboard.press('Escape');
    await expect(name).toHaveValue('New Worksheet');
    await name.fill('Offer C');
    await page.keyboard.press('Enter');
    await expect(currentWorksheet(page).locator('option')).toHaveText([
      '1. New Worksheet',
      '2. New Worksheet',
      '3. Offer C',
    ]);
    await expectAllSaved(page);

    // Remove the second, after the confirmation: the first is selected after.
    await currentWorksheet(page).selectOption('1');
    await selector(page).getByRole('button', { name: 'Remove this worksheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this worksheet?' });
    await expect(dialog).toContainText('“New Worksheet” and all of its answers will be removed.');
    await dialog.getByRole('button', { name: 'Remove the worksheet' }).click();
    await expect(currentWorksheet(page).locator('option')).toHaveText([
      '1. New Worksheet',
      '2. Offer C',
    ]);
    await expect(currentWorksheet(page)).toHaveValue('0');
    await expect(add).toBeEnabled();
    await expectAllSaved(page);

    const saved = await fetchWorkbook(page.request, token);
    const sheets = saved.topics['compare-job-offers'] ?? [];
    expect(sheets.map((sheet) => [sheet.name, sheet.data['job-employer'] ?? null])).toEqual([
      ['New Worksheet', 'Acme, analyst'],
      ['Offer C', null],
    ]);

    await page.reload();
    await expect(currentWorksheet(page).locator('option')).toHaveText([
      '1. New Worksheet',
      '2. Offer C',
    ]);
  });

  test('opening another topic starts on worksheet 0; the general topic has no selector', async ({
    page,
  }) => {
    await openAsNewLearner(page, 'sheetreset', `${JOBS}/page/job-numbers`);
    await selector(page).getByRole('button', { name: 'Add a worksheet' }).click();
    await expect(currentWorksheet(page)).toHaveValue('1');
    await expectAllSaved(page);
    // Through the app's own links, as a learner goes from topic to topic.
    const openTopic = async (name: string) => {
      await page.getByRole('banner').getByRole('button', { name: 'Topics' }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    };
    await openTopic('Budgeting basics');
    await expect(selector(page)).toHaveCount(0);
    await openTopic('Compare job offers');
    await expect(currentWorksheet(page)).toHaveValue('0');
    await expect(currentWorksheet(page).locator('option')).toHaveCount(2);
    await page.goto('/topic/general');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(selector(page)).toHaveCount(0);
  });
});

test.describe('completion', () => {
  test('a page without scored questions completes when its end scrolls into view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 600 });
    const { token } = await openAsNewLearner(
      page,
      'scroll',
      '/topic/budgeting-basics/page/budget-why',
    );
    const link = sidebarLink(page, 'Budgeting basics', 'Why a budget helps');
    await expect(link).toHaveAccessibleName('Why a budget helps');
    await page.locator('.topic-page__end').scrollIntoViewIfNeeded();
    await expect(link).toHaveAccessibleName('Why a budget helps completed');
    await expect(link.locator('.topic-sidebar__done')).toBeVisible();
    await expectAllSaved(page);
    const saved = await fetchWorkbook(page.request, token);
    expect(saved.topics['budgeting-basics']?.[0]?.completedPages).toEqual(['budget-why']);
    await page.reload();
    await expect(link).toHaveAccessibleName('Why a budget helps completed');
  });

  test('a page with scored questions completes once its other fields are answered', async ({
    page,
  }) => {
    await serveEveryFieldTopic(page);
    const { token } = await openAsNewLearner(
      page,
      'scored',
      `/topic/${ALL_FIELDS_TOPIC}/page/scored-check`,
    );
    const link = sidebarLink(page, 'Every field', 'A scored check');
    await page.locator('.topic-page__end').scrollIntoViewIfNeeded();
    await page.getByRole('radio', { name: 'Groceries' }).check();
    await expectAllSaved(page);
    // Scrolling and the scored question do not count; the other field does.
    await expect(link).toHaveAccessibleName('A scored check');
    await page.getByRole('textbox', { name: 'Your reasoning' }).fill('Rent is fixed each month');
    await expect(link).toHaveAccessibleName('A scored check completed');
    await page.getByRole('textbox', { name: 'Your reasoning' }).blur();
    await expectAllSaved(page);
    const saved = await fetchWorkbook(page.request, token);
    expect(saved.topics[ALL_FIELDS_TOPIC]?.[0]?.completedPages).toEqual(['scored-check']);
  });
});

test.describe('history and resume', () => {
  test('a learner signing in again on "/" goes back where they left off; /topics clears it', async ({
    page,
    browser,
  }) => {
    const learner = newLearner('resume');
    await page.goto('/healthz');
    const signup = await page.request.post(`/api/org/${DOUGHMAIN}/signup`, {
      data: { ...learner },
    });
    expect(signup.ok()).toBe(true);
    const first = ((await signup.json()) as { token: string }).token;
    await openSignedIn(page, first, `${JOBS}/page/job-fit`);
    await selector(page).getByRole('button', { name: 'Add a worksheet' }).click();
    await expectAllSaved(page);
    expect((await fetchWorkbook(page.request, first)).history).toMatchObject({
      topicId: 'compare-job-offers',
      pageId: 'job-fit',
      worksheetIndex: 1,
    });

    // Later, elsewhere: a new sign-in, straight to "/".
    const token = await logIn(page, learner.username, learner.password);
    const context = await browser.newContext();
    const later = await context.newPage();
    await later.goto('/healthz');
    await later.evaluate((value) => localStorage.setItem('token', value), token);
    await later.goto('/');
    await expect(later).toHaveURL(`${JOBS}/page/job-fit`);
    await expect(later.getByRole('heading', { level: 1 })).toHaveText('The fit');
    await expect(currentWorksheet(later)).toHaveValue('1');

    // Opening the topics list clears the history: "/" then stays home.
    await later.goto('/topics');
    await expect(later.getByRole('heading', { level: 1 })).toHaveText('Topics');
    await expect
      .poll(async () => (await fetchWorkbook(later.request, token)).history?.pageId ?? null)
      .toBeNull();
    await later.goto('/');
    await expect(later.getByRole('heading', { level: 1 })).toHaveText(
      'Money skills for everyday life and growing businesses',
    );
    await expect(later).toHaveURL('/');
    await context.close();
  });

  test('a history pointing at a page the topic no longer has is cleared, and the learner goes to "/"', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(page, 'stale', '/topics');
    await saveWorkbook(page.request, token, {
      history: {
        topicId: 'budgeting-basics',
        pageId: 'a-page-since-removed',
        worksheetIndex: 0,
        updatedAt: new Date().toISOString(),
      },
    });
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect
      .poll(async () => (await fetchWorkbook(page.request, token)).history?.pageId ?? null)
      .toBeNull();
  });
});

test.describe('saves', () => {
  test('a failed save shows its error and is retried; "All changes saved" only once the server has it', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(
      page,
      'failsave',
      '/topic/understanding-credit/page/credit-your-debts',
    );
    await expectAllSaved(page);
    let isDown = true;
    await page.route(`**/api/org/${DOUGHMAIN}/workbook`, (route) =>
      isDown && route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { errors: ['The service is unavailable'] } })
        : route.fallback(),
    );
    await page.getByRole('checkbox', { name: 'I carry debt' }).check();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your latest answers are not saved yet:');
    await expect(alert).toContainText('The service is unavailable');
    await expect(page.getByText('All changes saved')).toHaveCount(0);
    expect(
      (await fetchWorkbook(page.request, token)).topics['understanding-credit']?.[0]?.data[
        'credit-has-debt'
      ],
    ).toBeUndefined();

    isDown = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectAllSaved(page);
    await expect(alert).toHaveCount(0);
    expect(
      (await fetchWorkbook(page.request, token)).topics['understanding-credit']?.[0]?.data[
        'credit-has-debt'
      ],
    ).toBe(true);
  });

  test("a visitor's answers are kept in the browser and saved to the account made at sign-up", async ({
    page,
  }) => {
    await page.goto('/topic/general/page/general-about-you');
    await page.getByRole('radio', { name: 'Running or starting a small business' }).check();
    await page.getByRole('combobox', { name: 'Region' }).selectOption('us');
    const goal = page.getByRole('textbox', { name: 'My 12-month money goal' });
    await goal.fill('Open a business account');
    await goal.blur();
    await expect(page.locator('.save-status__text')).toContainText(
      'Your answers are kept in this browser.',
    );
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('us');

    const learner = newLearner('carry');
    await page.goto('/signup');
    const main = page.getByRole('main');
    await main.getByLabel('Username').fill(learner.username);
    await main.getByLabel('Email').fill(learner.email);
    await main.getByLabel('Password').fill(learner.password);
    await main.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL('/topics');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const saved = await fetchWorkbook(page.request, token ?? '');
    expect(saved.general.data).toMatchObject({
      'general-focus': 'business',
      'general-region': 'us',
      'general-goal': 'Open a business account',
    });
    expect(await page.evaluate(() => localStorage.getItem('anonymousWorkbook'))).toBeNull();
    await page.goto('/topic/general/page/general-about-you');
    await expect(
      page.getByRole('radio', { name: 'Running or starting a small business' }),
    ).toBeChecked();
  });
});
