import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/app';
import {
  ALL_FIELDS_TOPIC,
  expectAllSaved,
  fetchWorkbook,
  formulaValue,
  openAsNewLearner,
  saveWorkbook,
  serveEveryFieldTopic,
  sidebarLink,
  worksheetWith,
} from './support/workbook';

const BUDGET_NUMBERS = '/topic/budgeting-basics/page/budget-numbers';

/** Types into a field from the keyboard: focus, select what is there, type, Tab away. */
async function typeInto(page: Page, name: string, text: string) {
  const input = page.getByRole('textbox', { name, exact: true });
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

/** Presses `key` on the focused upload control and picks a small CSV file in the chooser it opens. */
async function chooseFileWithKey(page: Page, key: 'Enter' | 'Space', name: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press(key)]);
  await chooser.setFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from('Line,Month 1\nSales,1000\n'),
  });
}

test.describe('fields', () => {
  test('numbers by keyboard: formulas and a show condition follow, saved on blur, there after a reload', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(page, 'numbers', BUDGET_NUMBERS);
    const overspending = page.getByRole('heading', { name: 'You are spending more than you earn' });
    const leftOver = page.getByRole('heading', { name: 'You have money left over' });
    // Nothing answered yet: a placeholder, not a made-up 0 (issue 15, point 10).
    await expect(formulaValue(page, 'Total monthly expenses ($)')).toHaveText(
      'Waiting for your answers',
    );
    await expect(leftOver).toHaveCount(0);

    await typeInto(page, 'Monthly take-home pay ($)', '4000');
    await expect(leftOver).toBeVisible();
    await typeInto(page, 'Housing ($)', '1500');
    await typeInto(page, 'Transportation ($)', '300');
    await typeInto(page, 'Groceries and meals ($)', '500');
    await typeInto(page, 'Debt payments ($)', '200');
    await typeInto(page, 'Everything else ($)', '300');
    // Money in the organisation's currency (CAD, written "$"), a share as a percentage.
    await expect(formulaValue(page, 'Total monthly expenses ($)')).toHaveText('$2,800.00');
    await expect(formulaValue(page, 'Left at the end of the month ($)')).toHaveText('$1,200.00');
    await expect(formulaValue(page, 'Share of income left over (%)')).toHaveText('30%');
    await expect(overspending).toHaveCount(0);

    // The formula recomputes as a key is typed, before the field is left.
    const other = page.getByRole('textbox', { name: 'Everything else ($)', exact: true });
    await other.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('5');
    await expect(formulaValue(page, 'Left at the end of the month ($)')).toHaveText('-$1,505.00');
    await expect(overspending).toBeVisible();
    await expect(leftOver).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expectAllSaved(page);

    // Text that is not a number says so and is not kept.
    await typeInto(page, 'Housing ($)', '15OO');
    await expect(page.getByText('Enter a number, such as 1,250 or 12.5.')).toBeVisible();
    await typeInto(page, 'Housing ($)', '1500');
    await expect(page.getByText('Enter a number, such as 1,250 or 12.5.')).toHaveCount(0);
    await expectAllSaved(page);

    const saved = await fetchWorkbook(page.request, token);
    expect(saved.topics['budgeting-basics']?.[0]?.data).toMatchObject({
      'budget-income': 4000,
      'budget-housing': 1500,
      'budget-other': 3005,
    });

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Monthly take-home pay ($)' })).toHaveValue(
      '4,000',
    );
    await expect(page.getByRole('textbox', { name: 'Everything else ($)' })).toHaveValue('3,005');
    await expect(formulaValue(page, 'Left at the end of the month ($)')).toHaveText('-$1,505.00');
    await expect(overspending).toBeVisible();
  });

  test('radio, select and text by mouse on the general topic, there after a reload and in another browser', async ({
    page,
    browser,
  }) => {
    const { token } = await openAsNewLearner(
      page,
      'general',
      '/topic/general/page/general-about-you',
    );
    const personalTips = page.getByRole('heading', { name: 'Where to start' });
    await expect(personalTips).toHaveCount(0);
    await page.getByRole('radio', { name: 'Managing my personal finances' }).click();
    await expect(personalTips).toBeVisible();
    await expectAllSaved(page);

    const region = page.getByRole('combobox', { name: 'Region' });
    // No default: the empty "Select a value" comes first (docs/product-spec.md §5).
    await expect(region.locator('option').first()).toHaveText('Select a value');
    await region.selectOption({ label: 'Québec' });
    await expectAllSaved(page);

    const goal = page.getByRole('textbox', { name: 'My 12-month money goal' });
    await expect(goal).toHaveAttribute('rows', '3');
    await goal.click();
    await page.keyboard.type('Save $2,000 for emergencies\nPay off the card');
    await expect(page.locator('.save-status__text')).toHaveText('Unsaved changes');
    await page.getByRole('heading', { level: 1 }).click();
    await expectAllSaved(page);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Managing my personal finances' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('quebec');
    await expect(page.getByRole('textbox', { name: 'My 12-month money goal' })).toHaveValue(
      'Save $2,000 for emergencies\nPay off the card',
    );

    // Another browser, the same learner: the answers are on the server.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await elsewhere.goto('/healthz');
    await elsewhere.evaluate((value) => localStorage.setItem('token', value), token);
    await elsewhere.goto('/topic/general/page/general-about-you');
    await expect(elsewhere.getByRole('combobox', { name: 'Region' })).toHaveValue('quebec');
    await expect(elsewhere.getByRole('heading', { name: 'Where to start' })).toBeVisible();
    await other.close();
  });

  test('radio by keyboard: arrow keys move the choice, which is saved at once', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(
      page,
      'radiokeys',
      '/topic/general/page/general-about-you',
    );
    await page.getByRole('radio', { name: 'Managing my personal finances' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('radio', { name: 'Running or starting a small business' }),
    ).toBeChecked();
    await expect(page.getByRole('heading', { name: 'For your business' })).toBeVisible();
    await expectAllSaved(page);
    expect((await fetchWorkbook(page.request, token)).general.data['general-focus']).toBe(
      'business',
    );
    // The select from the keyboard too.
    await page.getByRole('combobox', { name: 'Region' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expectAllSaved(page);
    expect((await fetchWorkbook(page.request, token)).general.data['general-region']).toBe(
      'canada-other',
    );
  });

  test('slider by keyboard and by mouse: saved when let go, formulas follow', async ({ page }) => {
    const learner = await openAsNewLearner(page, 'slider', '/topics');
    await saveWorkbook(page.request, learner.token, {
      topics: {
        'budgeting-basics': [worksheetWith('ws-from-api', { 'budget-income': 4000 })],
      },
    });
    await page.goto('/topic/budgeting-basics/page/budget-guideline');
    const slider = page.getByRole('slider', { name: 'Savings target (% of take-home pay)' });
    const target = formulaValue(page, 'Monthly savings target ($)');
    // The default (10) counts until the learner moves it.
    await expect(slider).toHaveValue('10');
    await expect(target).toHaveText('$400.00');

    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('15');
    await expect(slider).toHaveAttribute('aria-valuetext', '15');
    await expect(page.locator('.field-block__slider-value')).toHaveText('15');
    await expect(target).toHaveText('$600.00');
    await expectAllSaved(page);
    expect(
      (await fetchWorkbook(page.request, learner.token)).topics['budgeting-basics']?.[0]?.data[
        'budget-savings-goal-pct'
      ],
    ).toBe(15);

    // A drag: the value follows the pointer, and is saved once the button is released.
    const box = await slider.boundingBox();
    if (!box) throw new Error('the slider has no box');
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const dragged = Number(await slider.inputValue());
    expect(dragged).toBeGreaterThan(30);
    // Money in the organisation's currency (CAD, written "$" in en-US).
    const money = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
    });
    await expect(target).toHaveText(money.format(40 * dragged));
    await expectAllSaved(page);
    await page.reload();
    await expect(slider).toHaveValue(String(dragged));
  });

  test('boolean, a show condition and a table: cells trimmed, read-only headers, there after a reload', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(
      page,
      'table',
      '/topic/understanding-credit/page/credit-your-debts',
    );
    const table = page.getByRole('table', { name: 'My debts' });
    await expect(table).toHaveCount(0);
    await expect(sidebarLink(page, 'Understanding credit', 'Paying it down faster')).toHaveCount(0);

    const hasDebt = page.getByRole('checkbox', { name: 'I carry debt' });
    await hasDebt.click();
    await expect(table).toBeVisible();
    await expect(sidebarLink(page, 'Understanding credit', 'Paying it down faster')).toBeVisible();
    await expectAllSaved(page);

    await expect(table.getByRole('columnheader')).toHaveText([
      'Debt',
      'Balance ($)',
      'Interest rate (% per year)',
      'Minimum payment ($ per month)',
    ]);
    await expect(table.getByRole('rowheader').first()).toHaveText('Debt 1');
    const maxWidth = await table
      .getByRole('columnheader')
      .first()
      .evaluate((el) => getComputedStyle(el).minWidth);
    expect(maxWidth).toMatch(/px$/);

    // From the keyboard: a cell, Tab to the next one in the row.
    await table.getByRole('textbox', { name: 'Debt 1, Balance ($)' }).focus();
    await page.keyboard.type('  2500  ');
    await page.keyboard.press('Tab');
    await expect(
      table.getByRole('textbox', { name: 'Debt 1, Interest rate (% per year)' }),
    ).toBeFocused();
    await page.keyboard.type('19.99');
    await page.keyboard.press('Tab');
    await expect(table.getByRole('textbox', { name: 'Debt 1, Balance ($)' })).toHaveValue('2500');
    // By mouse.
    await table.getByRole('textbox', { name: 'Debt 2, Balance ($)' }).click();
    await page.keyboard.type('Car loan 8000');
    await page.getByRole('heading', { level: 1 }).click();
    await expectAllSaved(page);

    // The fields the condition reveals, and their formulas.
    await typeInto(page, 'Balance of that debt ($)', '2500');
    await typeInto(page, 'Its interest rate (% per year)', '24');
    await expect(formulaValue(page, 'Interest charged on it this month ($)')).toHaveText('$50.00');
    await expect(
      formulaValue(page, 'Interest over a year if the balance stays the same ($)'),
    ).toHaveText('$600.00');
    await expectAllSaved(page);

    const saved = await fetchWorkbook(page.request, token);
    const rows = saved.topics['understanding-credit']?.[0]?.data['credit-debt-list'] as string[][];
    expect(rows[1]).toEqual(['Debt 1', '2500', '19.99', '']);
    expect(rows[2]?.[1]).toBe('Car loan 8000');

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'I carry debt' })).toBeChecked();
    await expect(
      table.getByRole('textbox', { name: 'Debt 1, Interest rate (% per year)' }),
    ).toHaveValue('19.99');
    await expect(formulaValue(page, 'Interest charged on it this month ($)')).toHaveText('$50.00');

    await page.getByRole('checkbox', { name: 'I carry debt' }).press('Space');
    await expect(table).toHaveCount(0);
    await expect(sidebarLink(page, 'Understanding credit', 'Paying it down faster')).toHaveCount(0);
    await expectAllSaved(page);
  });

  test('file: a visitor is told to log in; a learner uploads, sees an error, removes', async ({
    page,
  }) => {
    await page.goto('/topic/cash-flow-forecasting/page/cash-forecast');
    await expect(page.getByText('You must be logged in to upload a file')).toBeVisible();
    await expect(page.getByLabel('My completed template (optional)')).toBeDisabled();

    const learner = await openAsNewLearner(
      page,
      'upload',
      '/topic/cash-flow-forecasting/page/cash-forecast',
    );
    const input = page.getByLabel('My completed template (optional)');
    // The upload's own event (other events, such as a field answered, may come first).
    const event = page.waitForRequest(
      (request) =>
        request.url().endsWith('/analytics/events') &&
        request.method() === 'POST' &&
        (request.postDataJSON() as { name?: string } | null)?.name === 'UPLOAD_FILE',
    );
    await input.setInputFiles({
      name: 'forecast.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Line,Month 1\nSales,1000\n'),
    });
    expect((await event).postDataJSON()).toEqual({
      name: 'UPLOAD_FILE',
      category: 'UPLOAD',
      data: {
        email: learner.email,
        fileName: 'forecast.csv',
        topicName: 'Cash-flow forecasting',
        pageName: 'Build your forecast',
      },
    });
    const link = page.getByRole('link', { name: 'forecast.csv' });
    await expect(link).toBeVisible();
    await expectAllSaved(page);
    const saved = await fetchWorkbook(page.request, learner.token);
    const value = saved.topics['cash-flow-forecasting']?.[0]?.data['cash-forecast-upload'] as {
      secure_url: string;
      original_filename: string;
      public_id: string;
    };
    expect(value.original_filename).toBe('forecast.csv');
    expect(value.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await page.request.get(value.secure_url)).ok()).toBe(true);

    // A refused file: the error under the field; removing the file resets it.
    await input.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
    });
    await expect(page.getByRole('alert')).toContainText('File type must be');
    await page.getByRole('button', { name: 'Remove the file forecast.csv' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(link).toHaveCount(0);
    await expectAllSaved(page);
    expect(
      (await fetchWorkbook(page.request, learner.token)).topics['cash-flow-forecasting']?.[0]?.data[
        'cash-forecast-upload'
      ],
    ).toBeNull();
  });

  test('select and file by keyboard only: Tab to the list, a letter and arrows choose; Space or Enter opens the file chooser, Enter removes the file', async ({
    page,
  }) => {
    const { token } = await openAsNewLearner(
      page,
      'selectfilekeys',
      '/topic/general/page/general-about-you',
    );
    const savedRegion = async () =>
      (await fetchWorkbook(page.request, token)).general.data['general-region'];
    const region = page.getByRole('combobox', { name: 'Region' });
    await expect(region).toHaveValue('');

    // Tab from the radio group (nothing chosen yet) to the list; a letter picks the first match.
    await page.getByRole('radio', { name: 'Managing my personal finances' }).focus();
    await page.keyboard.press('Tab');
    await expect(region).toBeFocused();
    await page.keyboard.press('u');
    await expect(region).toHaveValue('us');
    await expectAllSaved(page);
    expect(await savedRegion()).toBe('us');
    // Arrows and Home move the choice, each saved at once: the list never loses focus.
    await page.keyboard.press('ArrowDown');
    await expect(region).toHaveValue('other');
    await expect.poll(savedRegion).toBe('other');
    await page.keyboard.press('Home');
    await expect(region).toHaveValue('');
    await expect.poll(savedRegion).toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(region).toHaveValue('canada-other');
    await expect.poll(savedRegion).toBe('canada-other');
    await expect(region).toBeFocused();
    await expectAllSaved(page);
    await page.reload();
    await expect(region).toHaveValue('canada-other');

    // The file: Shift+Tab back from the next field to the upload control, Space opens the chooser.
    await page.goto('/topic/cash-flow-forecasting/page/cash-forecast');
    const upload = page.getByLabel('My completed template (optional)');
    const nextField = page.getByRole('textbox', {
      name: 'Cash in the bank at the start of next month ($)',
    });
    const link = page.getByRole('link', { name: 'forecast.csv' });
    const remove = page.getByRole('button', { name: 'Remove the file forecast.csv' });
    const savedFile = async () =>
      (await fetchWorkbook(page.request, token)).topics['cash-flow-forecasting']?.[0]?.data[
        'cash-forecast-upload'
      ];
    await nextField.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(upload).toBeFocused();
    await chooseFileWithKey(page, 'Space', 'forecast.csv');
    await expect(page.getByText('forecast.csv uploaded.')).toBeVisible();
    await expect(link).toBeVisible();
    // The control keeps the keyboard's focus through the upload.
    await expect(upload).toBeFocused();
    await expectAllSaved(page);
    expect(await savedFile()).toMatchObject({ original_filename: 'forecast.csv' });

    // Shift+Tab to the Remove button (before the control), Enter: the file is gone, said so,
    // and the focus is back on the control.
    await page.keyboard.press('Shift+Tab');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(link).toHaveCount(0);
    await expect(remove).toHaveCount(0);
    await expect(page.getByText('forecast.csv uploaded.')).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'forecast.csv removed.' }),
    ).toBeVisible();
    await expect(upload).toBeFocused();
    await expect.poll(savedFile).toBeNull();
    await expectAllSaved(page);

    // After a reload it is still gone, and Enter opens the chooser as well.
    await page.reload();
    await expect(upload).toBeEnabled();
    await expect(link).toHaveCount(0);
    await nextField.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(upload).toBeFocused();
    await chooseFileWithKey(page, 'Enter', 'plan.csv');
    await expect(page.getByRole('link', { name: 'plan.csv' })).toBeVisible();
    await expectAllSaved(page);
    expect(await savedFile()).toMatchObject({ original_filename: 'plan.csv' });
  });

  test('a page with every field type is accessible (axe, WCAG 2.1 A and AA)', async ({ page }) => {
    await serveEveryFieldTopic(page);
    await openAsNewLearner(page, 'axe', `/topic/${ALL_FIELDS_TOPIC}/page/all-fields`);
    for (const label of [
      'A choice from a list',
      'An amount',
      'A note',
      'I agree',
      'A level',
      'A document',
    ])
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'One of a few' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'A small table' })).toBeVisible();
    await typeInto(page, 'An amount', '2000');
    await expect(page.getByText('Enter a number between 0 and 1,000.')).toBeVisible();
    await expectNoAxeViolations(page);
    await typeInto(page, 'An amount', '21');
    await expect(formulaValue(page, 'Twice the amount')).toHaveText('42');
    await page.getByRole('checkbox', { name: 'I agree' }).check();
    await expectAllSaved(page);
    await expectNoAxeViolations(page);
  });

  test('the demo pages with fields are accessible too', async ({ page }) => {
    await openAsNewLearner(page, 'axe2', '/topic/cash-flow-forecasting/page/cash-forecast');
    await expect(page.getByRole('table', { name: 'My three-month forecast' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/topic/compare-job-offers/page/job-fit');
    await expect(page.getByRole('slider').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
