import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTest } from './support/limits';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { avatarButton, newLearner, openSignedIn, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { t } from './support/i18n';
import { inviteLinkIn, waitForMail } from './support/mail';
import { buySeatsByApi, inviteByApi } from './support/seats';
import { expectAllSaved, saveWorkbook, worksheetWith } from './support/workbook';

/** With E2E_DOCS_SHOTS=1 the screens of docs/images/ are written too (README, "Screens"). */
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

/**
 * Issue 17: a group's administrators see their learners. The demo pack's Small Business Toolkit
 * grants the Small Business Cohort; its Pricing quiz is scored (8 points over 3 pages). Since
 * issue 23 a buyer of 2+ seats administers a cohort of their own under that group, named after
 * them (newLearner's Robin Ortega): its page is theirs.
 */
const COHORT = {
  'en-US': 'Robin Ortega · Small Business Cohort',
  'fr-CA': 'Robin Ortega · Cohorte Petite entreprise',
} as const;

test.describe('group administrators (issue 17)', () => {
  test('a buyer of 5 seats invites 3 people by pasted emails; two join by mail, answer, and the buyer sees their completion and scores', async ({
    page,
    browser,
  }) => {
    test.setTimeout(longTest(120_000));
    const buyer = newLearner('group-buyer');
    await openSignedIn(
      page,
      await signUpByApi(page.request, buyer),
      '/bundle/small-business-toolkit',
    );
    await page.getByLabel('Number of seats').fill('5');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('button', { name: 'Pay US$355.50' }).click();
    const popup = page.getByRole('dialog', { name: 'Checkout complete' });
    await expect(popup).toContainText('You now have access to Small Business Toolkit.');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    // My groups, in the avatar menu, by keyboard.
    await avatarButton(page).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('group', { name: 'My groups' })).toBeVisible();
    // The buyer's own cohort, not the bundle's group (which they are not an administrator of).
    await expect(menu.getByRole('menuitem', { name: /Small Business Cohort/ })).toHaveCount(1);
    const item = menu.getByRole('menuitem', { name: COHORT['en-US'] });
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/group\/cohort-[\w-]+$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(COHORT['en-US']);
    // The cohort's own seats: this purchase's five, none used yet.
    const seats = main.getByRole('region', { name: 'Seats' });
    await expect(seats.getByRole('definition')).toHaveText(['5', '0', '5']);
    const members = main.getByRole('region', { name: /^Members \(\d+\)$/ });
    await expect(members.getByRole('heading', { level: 2 })).toHaveText(/^Members \(\d+\)$/);
    await expectNoAxeViolations(page);

    // Three people by pasted emails; an invalid one is listed, not sent.
    const people = [newLearner('group-ann'), newLearner('group-bob'), newLearner('group-cid')];
    const field = main.getByLabel('Invite people by email');
    await field.fill(`${people[0]!.email}, not-an-email\n${people[1]!.email}; ${people[2]!.email}`);
    await field.press('Tab');
    await page.keyboard.press('Enter');
    const invitations = main.getByRole('region', { name: 'Invitations' });
    await expect(invitations.getByText('3 invitations sent.')).toBeVisible();
    await expect(invitations.getByRole('alert')).toContainText(
      'not-an-email: not an email address',
    );
    await expect(field).toHaveValue('not-an-email');
    for (const person of people)
      await expect(
        invitations.getByRole('listitem').filter({ hasText: person.email }),
      ).toContainText('Pending');
    await expectNoAxeViolations(page);

    // Sent again: nothing goes twice.
    await field.fill(people[0]!.email);
    await invitations.getByRole('button', { name: 'Send invitations' }).click();
    await expect(invitations.getByText('No invitation was sent.')).toBeVisible();
    await expect(invitations.getByRole('alert')).toContainText(
      `${people[0]!.email}: already invited`,
    );

    // Two of them sign up through their mail and answer the Pricing quiz.
    await joinAndAnswer(browser, people[0]!, { 'Gross margin of the candle (%)': '20' });
    await joinAndAnswer(browser, people[1]!, { 'Gross margin of the candle (%)': '5' });

    await page.reload();
    await expect(seats.getByRole('definition')).toHaveText(['5', '2', '3']);
    await expect(members.getByRole('heading', { level: 2 })).toHaveText('Members (2)');
    const row = (email: string) => members.getByRole('row').filter({ hasText: email });
    const pricing = (email: string) =>
      row(email).getByRole('button', { name: /Pricing your product, worksheet 1/ });
    await expect(pricing(people[0]!.email)).toHaveAccessibleName(
      /Pricing your product, worksheet 1: \d of 3 pages, score 2 of 8$/,
    );
    await expect(pricing(people[1]!.email)).toHaveAccessibleName(/score 0 of 8$/);
    await expectNoAxeViolations(page);

    // Bob answers better: the buyer sees his score change.
    await answerAgain(browser, people[1]!, { 'Markup on the candle (%)': '25' });
    await page.reload();
    await expect(pricing(people[1]!.email)).toHaveAccessibleName(/score 2 of 8$/);

    // Sorted by score, highest first; filtered by name.
    await members.getByLabel('Sort by').selectOption({ label: 'Score, highest first' });
    await expect(members.getByRole('status')).toContainText(/^Members 1–\d+ of \d+$/);
    await members.getByLabel('Filter by name or email').fill(people[1]!.username);
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(row(people[1]!.email)).toBeVisible();
    await members.getByLabel('Filter by name or email').fill('');
    await expect(row(people[0]!.email)).toBeVisible();

    // A row opens the member's report card, read-only, without answers.
    await pricing(people[0]!.email).focus();
    await page.keyboard.press('Enter');
    const report = page.getByRole('dialog', { name: /Pricing your product · worksheet 1$/ });
    await expect(report).toContainText('Score 2 of 8');
    await expect(report).toContainText('Answers stay private');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();
    await expect(pricing(people[0]!.email)).toBeFocused();
  });
});

test.describe('the group page at a phone’s and a laptop’s size, in en-US and fr-CA', () => {
  for (const locale of ['en-US', 'fr-CA'] as const)
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ])
      test(`fits ${viewport.width} px in ${locale}; the table scrolls inside; axe clean`, async ({
        page,
      }) => {
        test.setTimeout(longTest(90_000));
        await page.setViewportSize(viewport);
        const { token, cohortId } = await buyerWithMembers(page.request);
        await page.goto('/healthz');
        await page.evaluate(
          ({ value, language }) => {
            window.localStorage.setItem('token', value);
            window.localStorage.setItem('locale', language);
          },
          { value: token, language: locale },
        );
        await page.goto(`/group/${cohortId}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(COHORT[locale]);
        await expect(main.locator('.group-table')).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
        const name = `group-page-${locale}-${viewport.width}`;
        if (isTakingShots) {
          await main.locator('.group-table-scroll').scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${SHOTS}/${name}.png` });
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: `${SHOTS}/${name}-top.png` });
        }
        // A member's report card, read-only.
        await main.locator('.group-progress').first().click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.locator('.group-report')).toBeVisible();
        await expectNoAxeViolations(page);
        if (isTakingShots)
          await page.screenshot({ path: `${SHOTS}/group-report-${locale}-${viewport.width}.png` });
        await page.keyboard.press('Escape');
        // A topic with nothing scored says so, never "Score 0 of 0" (issue 24, point 10).
        const nothing = t(locale, 'grades.nothingGraded');
        const cashFlow = main
          .getByRole('button', {
            name: new RegExp(`${CASH_FLOW[locale]}.*${nothing.toLowerCase()}$`),
          })
          .first();
        await cashFlow.click();
        const ungraded = page.getByRole('dialog').locator('.group-report__total');
        await expect(ungraded).toHaveText(new RegExp(`^${nothing} · `));
        await expect(ungraded).not.toContainText(/0 (of|sur) 0/);
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        // My groups in the avatar menu.
        await page.getByRole('banner').locator('.avatar-button').click();
        await expect(page.getByRole('menu').getByRole('group').first()).toBeVisible();
        if (isTakingShots && locale === 'en-US')
          await page.screenshot({ path: `${SHOTS}/avatar-menu-my-groups-${viewport.width}.png` });
      });
});

/** The demo's Small Business topic with no scored question, as each locale names it. */
const CASH_FLOW = { 'en-US': 'Cash-flow forecasting', 'fr-CA': 'Prévoir sa trésorerie' } as const;

/**
 * A buyer of 3 seats (through the API) whose two invited members joined their cohort and
 * answered: one the Pricing quiz's first question right, one two pages of the Pricing topic.
 * Answers the buyer's token and cohort.
 */
async function buyerWithMembers(
  request: APIRequestContext,
): Promise<{ token: string; cohortId: string }> {
  const token = await signUpByApi(request, newLearner('shots-buyer'));
  const { cohortId } = await buySeatsByApi(request, token, 3);
  const people = [newLearner('shots-ann'), newLearner('shots-bob')];
  const invites = await inviteByApi(
    request,
    token,
    cohortId!,
    people.map((p) => p.email),
  );
  for (const [i, person] of people.entries()) {
    const invite = invites.find((x) => x.email === person.email.toLowerCase())!;
    const joined = await request.post('/api/org/doughmain/signup', {
      data: { ...person, inviteId: invite._id },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const memberToken = ((await joined.json()) as { token: string }).token;
    await saveWorkbook(request, memberToken, {
      topics: {
        'pricing-your-product': [
          {
            ...worksheetWith(
              `shots-${i}`,
              i === 0
                ? { 'price-q-margin': 20 }
                : { 'price-q-margin': 20, 'price-q-markup': 25, 'price-materials': 3 },
            ),
            completedPages: i === 0 ? ['price-quiz'] : ['price-costs', 'price-quiz'],
          },
        ],
      },
    });
  }
  return { token, cohortId: cohortId! };
}

/** Signs `learner` up by their invitation mail, then answers fields of the Pricing quiz. */
async function joinAndAnswer(
  browser: Browser,
  learner: ReturnType<typeof newLearner>,
  answers: Record<string, string>,
) {
  const link = inviteLinkIn(await waitForMail(learner.email));
  await asVisitor(browser, async (page) => {
    await page.goto(link.pathname + link.search);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Email')).toHaveValue(learner.email);
    await main.getByLabel('Username').fill(learner.username);
    await main.getByLabel('Password').fill(learner.password);
    await main.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL('/topics');
    await answer(page, answers);
  });
}

/** Logs `learner` in (a new browser) and answers more fields of the Pricing quiz. */
async function answerAgain(
  browser: Browser,
  learner: ReturnType<typeof newLearner>,
  answers: Record<string, string>,
) {
  await asVisitor(browser, async (page) => {
    const response = await page.request.post('/api/org/doughmain/login', {
      data: { username: learner.username, password: learner.password },
    });
    expect(response.status()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    await openSignedIn(page, token, '/topics');
    await answer(page, answers);
  });
}

async function answer(page: Page, answers: Record<string, string>) {
  await page.goto('/topic/pricing-your-product/page/price-quiz');
  for (const [label, value] of Object.entries(answers)) {
    await page.getByRole('main').getByLabel(label).fill(value);
    await page.getByRole('main').getByLabel(label).press('Tab');
  }
  await expectAllSaved(page);
}

async function asVisitor(browser: Browser, journey: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
  }
}
