import { inflateSync } from 'node:zlib';
import { expect, test, type Page } from './support/test';
import { newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { fetchTopic, openTopicScreen, sidebar, turns, visiblePages } from './support/topics';
import { fetchWorkbook, saveWorkbook, worksheetWith } from './support/workbook';

const TOPIC = 'budgeting-basics';
/** The demo's public topic that allows several worksheets. */
const JOBS = 'compare-job-offers';
const EMPLOYER = 'Employer and position';

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

/** A learner of their own with two worksheets of compare-job-offers, each its own employer. */
async function learnerWithTwoOffers(page: Page): Promise<string> {
  const token = await signUpByApi(page.request, newLearner('printsheets'));
  await saveWorkbook(page.request, token, {
    topics: {
      [JOBS]: [
        {
          ...worksheetWith('e2e-offer-a', { 'job-employer': 'Acme, analyst' }),
          name: 'Acme offer',
        },
        {
          ...worksheetWith('e2e-offer-b', { 'job-employer': 'Beta, team lead' }),
          name: 'Beta offer',
        },
      ],
    },
  });
  return token;
}

function currentWorksheet(page: Page) {
  return page
    .getByRole('region', { name: 'Worksheets' })
    .getByRole('combobox', { name: 'Current worksheet' });
}

/** The print view shows the worksheet of `name`, with `employer`, and no other's answer. */
async function expectPrintedOffer(page: Page, name: string, employer: string, other: string) {
  await expect(page).toHaveURL(`/print/topic/${JOBS}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare job offers');
  await expect(page.getByText(`Worksheet: ${name}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: EMPLOYER })).toHaveValue(employer);
  const values = await controls(page).evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
  expect(values).not.toContain(other);
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

  test('prints the worksheet selected on the topic home of a topic with several', async ({
    page,
  }) => {
    const token = await learnerWithTwoOffers(page);
    await openSignedIn(page, token, `/topic/${JOBS}`);
    await expect(currentWorksheet(page)).toHaveValue('0');
    await currentWorksheet(page).selectOption({ label: '2. Beta offer' });
    await expect(page.getByRole('textbox', { name: 'Worksheet name' })).toHaveValue('Beta offer');

    await page.getByRole('link', { name: 'Print Compare job offers' }).click();
    await expectPrintedOffer(page, 'Beta offer', 'Beta, team lead', 'Acme, analyst');

    // The topic home clears the saved history (docs/product-spec.md §4), and the selection lives only in the
    // running app: printed again after a reload, the topic starts on its first worksheet.
    expect((await fetchWorkbook(page.request, token)).history ?? null).toBeNull();
    await page.reload();
    await expectPrintedOffer(page, 'Acme offer', 'Acme, analyst', 'Beta, team lead');
  });

  test('keeps the worksheet selected on a page through a reload of the print view', async ({
    page,
  }) => {
    const token = await learnerWithTwoOffers(page);
    await openSignedIn(page, token, `/topic/${JOBS}/page/job-numbers`);
    await currentWorksheet(page).selectOption({ label: '2. Beta offer' });
    await expect(page.getByRole('textbox', { name: EMPLOYER })).toHaveValue('Beta, team lead');
    // Entering a page saves the history with the worksheet (docs/product-spec.md §4).
    await expect
      .poll(async () => (await fetchWorkbook(page.request, token)).history)
      .toMatchObject({ topicId: JOBS, pageId: 'job-numbers', worksheetIndex: 1 });

    await page.getByRole('link', { name: 'Print Compare job offers' }).click();
    await expectPrintedOffer(page, 'Beta offer', 'Beta, team lead', 'Acme, analyst');
    await page.reload();
    await expectPrintedOffer(page, 'Beta offer', 'Beta, team lead', 'Acme, analyst');
  });

  test('Ctrl+P on a page of a topic prints the page alone, black on white', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    const [first] = visiblePages(topic);
    await openTopicScreen(page, `/topic/${TOPIC}/page/${first!._id}`);
    await expect(sidebar(page, topic.name)).toBeVisible();
    await expect(turns(page)).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(sidebar(page, topic.name)).toBeHidden();
    await expect(turns(page)).toBeHidden();
    await expect(page.getByRole('link', { name: /^Print/ })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
  });
});

/**
 * The printable box of each sheet of a PDF that Chromium printed, as margins in millimetres:
 * every page's content stream begins with its scale (`… cm`) and the clip of its printable area
 * (`x y w h re W* n`), in that scale; `width` and `height` are the sheet's, in points.
 */
function pdfMargins(
  pdf: Buffer,
  sheet: { width: number; height: number },
): { left: number; top: number; right: number; bottom: number }[] {
  const text = pdf.toString('latin1');
  const margins = [];
  const mm = (points: number) => Math.round((points / 72) * 25.4 * 10) / 10;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    const box =
      /^([\d.]+) 0 0 -[\d.]+ 0 [\d.]+ cm\s+q\s+([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\s+W\*? n/.exec(
        content,
      );
    if (!box) continue;
    const [scale, x, y, w, h] = box.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    margins.push({
      left: mm(x * scale),
      top: mm(y * scale),
      right: mm(sheet.width - (x + w) * scale),
      bottom: mm(sheet.height - (y + h) * scale),
    });
  }
  return margins;
}

test.describe('printed margins (issue 24, point 10)', () => {
  /** A4 in points. */
  const A4 = { width: 595.28, height: 841.89 };

  test('the print view prints every sheet with margins on all four sides', async ({ page }) => {
    const token = await learnerWithAnswers(page);
    await openSignedIn(page, token, `/print/topic/${TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const pdf = await page.pdf({ format: 'A4' });
    const margins = pdfMargins(pdf, A4);
    expect(margins.length).toBe(pdfPageCount(pdf));
    for (const sheet of margins)
      for (const side of ['left', 'top', 'right', 'bottom'] as const)
        expect(sheet[side], `${side} margin in mm`).toBeGreaterThanOrEqual(12);
  });

  test('any screen printed with Ctrl+P has the same margins', async ({ page }) => {
    await openTopicScreen(page, `/topic/${TOPIC}`);
    const pdf = await page.pdf({ format: 'A4' });
    const margins = pdfMargins(pdf, A4);
    expect(margins.length).toBeGreaterThan(0);
    for (const sheet of margins) expect(Math.min(sheet.left, sheet.top)).toBeGreaterThanOrEqual(12);
  });
});
