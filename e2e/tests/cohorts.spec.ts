import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTest } from './support/limits';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { DOUGHMAIN, newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { literal, t, type Locale } from './support/i18n';
import { inviteLinkIn, waitForMail } from './support/mail';
import { buySeatsByApi, COACH, SHARED_GROUP, TOOLKIT } from './support/seats';

/*
 * Cohorts (issue 23; docs/design.md §9, §10, §12): a buyer of 2+ seats of Small Business Toolkit
 * administers a cohort of their own under the Small Business Cohort, whose page is the one seat
 * screen; nobody reaches another buyer's cohort; the group's coach (`groupadmin`) opens every
 * cohort from a picker; an invited member joins by mail, asks privately, and reads the answer
 * given in their thread; the header's Messages link counts what is unread with the panel
 * closed. The tests run at a phone's and a laptop's size, in en-US and fr-CA (the first, slow
 * for its two purchases in the browser, at two of the four), each with its own new learners: the
 * demo accounts are shared by parallel tests and stay unchanged; only the coach, who changes
 * nothing here but what they have read, is a demo account. Setup nobody looks at goes through
 * the API (support/seats.ts).
 *
 * With E2E_DOCS_SHOTS=1 the screens are written to docs/images/cohort-*.png.
 */

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

interface Combo {
  locale: Locale;
  viewport: { width: number; height: number };
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const COMBOS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'en-US', viewport: PHONE },
  { locale: 'fr-CA', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
];

const GROUP_NAME: Record<Locale, string> = {
  'en-US': 'Small Business Cohort',
  'fr-CA': 'Cohorte Petite entreprise',
};

/** A buyer's cohort is named after their company, then the bundle's group (docs/design.md §9). */
const cohortName = (company: string, locale: Locale) => `${company} · ${GROUP_NAME[locale]}`;
/** Short and unique to this test: several runs of these tests share one server. */
const tag = () => randomBytes(2).toString('hex').toUpperCase();

const api = (p: string) => `/api/org/${DOUGHMAIN}${p}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new learner with a company (which names their cohort): their token. */
async function newBuyer(request: APIRequestContext, company: string): Promise<string> {
  const token = await signUpByApi(request, newLearner('cohort-buyer'));
  const response = await request.put(api('/account/settings'), {
    headers: bearer(token),
    data: { company },
  });
  expect(response.status(), await response.text()).toBe(200);
  return token;
}

/** A page of its own (a new browser context) at `combo`'s size and locale, signed in with `token`. */
async function openAs(
  browser: Browser,
  combo: Combo,
  token: string | null,
  at: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: combo.viewport });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(
    ([value, locale]) => {
      if (value) window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', locale);
    },
    [token, combo.locale] as const,
  );
  await page.goto(at);
  await expect(page.locator('html')).toHaveAttribute('lang', combo.locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

async function loginByApi(request: APIRequestContext, account: typeof COACH): Promise<string> {
  const response = await request.post(api('/login'), {
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Writes docs/images/cohort-{name}-{locale}-{width}.png when taking the docs' screenshots. */
async function shot(page: Page, combo: Combo, name: string, fullPage = false): Promise<void> {
  if (!isTakingShots) return;
  await page.screenshot({
    path: `${SHOTS}/cohort-${name}-${combo.locale}-${combo.viewport.width}.png`,
    fullPage,
  });
}

const isPhone = (combo: Combo) => combo.viewport.width < 600;

/** The header's Messages button; on a phone it is inside the header's Menu, opened first. */
async function messagesLink(page: Page, combo: Combo) {
  const banner = page.getByRole('banner');
  if (isPhone(combo)) {
    // The folded Menu's name carries the unread count while it is closed ("Menu 2 unread…").
    const menu = banner.getByRole('button', {
      name: new RegExp(`^${t(combo.locale, 'header.menu')}(?:$|\\s\\d)`),
    });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  return banner.getByRole('button', { name: new RegExp(`^${t(combo.locale, 'messages.link')}`) });
}

/** What the Messages button is called with `count` unread messages. */
const linkName = (locale: Locale, count: number) =>
  count === 0
    ? t(locale, 'messages.link')
    : `${t(locale, 'messages.link')} ${t(locale, 'messages.unread', { count })}`;

async function openPanel(page: Page, combo: Combo) {
  await (await messagesLink(page, combo)).click();
  const panel = page.getByRole('complementary', { name: t(combo.locale, 'messages.title') });
  await expect(panel).toBeVisible();
  return panel;
}

/** Buys `seats` on the bundle page and the local checkout; the popup leads to the seat screen. */
async function buyInBrowser(page: Page, combo: Combo, seats: number): Promise<string> {
  const { locale } = combo;
  await page.getByLabel(t(locale, 'store.quantity.label')).fill(String(seats));
  await page.getByRole('button', { name: t(locale, 'store.purchase.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await page
    .getByRole('button', { name: new RegExp(`^${t(locale, 'checkout.pay', { total: '' })}`) })
    .click();
  const popup = page.getByRole('dialog', { name: t(locale, 'store.purchased.title') });
  await popup.getByRole('link', { name: t(locale, 'store.purchased.seats') }).click();
  await expect(page).toHaveURL(/\/group\/cohort-[\w-]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The coach's "Cohort" select on a group's page. */
function cohortPicker(page: Page, locale: Locale) {
  return page
    .getByRole('main')
    .getByRole('region', {
      name: new RegExp(
        `^${t(locale, 'groups.cohorts.title', { count: 0 }).replace('(0)', '\\(\\d+\\)')}$`,
      ),
    })
    .getByLabel(t(locale, 'groups.cohorts.picker'), { exact: true });
}

/** The figures of a seat screen's Seats region: bought, used, free. */
function seatFigures(page: Page, locale: Locale) {
  return page
    .getByRole('main')
    .getByRole('region', { name: t(locale, 'invitations.seats.title'), exact: true })
    .getByRole('definition');
}

for (const combo of COMBOS) {
  const { locale } = combo;
  const size = `${combo.viewport.width}×${combo.viewport.height}`;

  test.describe(`cohorts in ${locale} at ${size}`, () => {
    // Two of the four: the purchases are the slow part, and the coach's picker is shown (and
    // written to docs/images) by the next test at every size and locale.
    if (combo.viewport === PHONE ? locale === 'fr-CA' : locale === 'en-US')
      test('two buyers each land on their own cohort; neither reaches the other’s nor the shared group; the coach opens both', async ({
        browser,
        request,
      }) => {
        // Three browser contexts and an accessibility audit at each step: alone about 40 s, twice
        // that beside another worker on a slow two-core machine.
        test.setTimeout(longTest(120_000));
        const id = tag();
        const companies = [`Harbour Bakery ${id}`, `Pine Street Studio ${id}`] as const;
        // Both buy at once, each in a browser of their own; each lands on their cohort's page.
        const [a, b] = await Promise.all(
          companies.map(async (company, i) => {
            const token = await newBuyer(request, company);
            const page = await openAs(browser, combo, token, `/bundle/${TOOLKIT}`);
            const cohortId = await buyInBrowser(page, combo, i + 2);
            const main = page.getByRole('main');
            await expect(main.getByRole('heading', { level: 1 })).toHaveText(
              cohortName(company, locale),
            );
            await expect(main).toContainText(
              t(locale, 'groups.cohortOf', { group: GROUP_NAME[locale] }),
            );
            await expect(seatFigures(page, locale)).toHaveText([`${i + 2}`, '0', `${i + 2}`]);
            await expect(
              main.getByRole('region', { name: t(locale, 'invitations.title'), exact: true }),
            ).toContainText(t(locale, 'invitations.open', { count: i + 2 }));
            await expect(
              main.getByRole('region', { name: t(locale, 'groups.members.title', { count: 0 }) }),
            ).toBeVisible();
            return { page, cohortId };
          }),
        );
        expect(a!.cohortId).not.toBe(b!.cohortId);
        await expectNoAxeViolations(a!.page);
        await b!.page.context().close();

        // Buyer A cannot open B's cohort, nor the group both cohorts belong to.
        for (const other of [b!.cohortId, SHARED_GROUP]) {
          await a!.page.goto(`/group/${other}`);
          const main = a!.page.getByRole('main');
          await expect(main.getByText(t(locale, 'groups.loadError'))).toBeVisible();
          await expect(main.getByRole('heading', { level: 1 })).toHaveText(
            t(locale, 'groups.title'),
          );
          await expect(seatFigures(a!.page, locale)).toHaveCount(0);
          await expect(main).not.toContainText(companies[1]);
        }
        await expectNoAxeViolations(a!.page);
        await a!.page.context().close();

        // The coach: both cohorts in the picker of the group's page; each opens.
        const coach = await openAs(
          browser,
          combo,
          await loginByApi(request, COACH),
          `/group/${SHARED_GROUP}`,
        );
        const main = coach.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(GROUP_NAME[locale]);
        const picker = cohortPicker(coach, locale);
        for (const [i, company] of companies.entries()) {
          await picker.selectOption({ label: cohortName(company, locale) });
          await main.getByRole('button', { name: t(locale, 'groups.cohorts.open') }).click();
          await expect(coach).toHaveURL(`/group/${[a, b][i]!.cohortId}`);
          await expect(main.getByRole('heading', { level: 1 })).toHaveText(
            cohortName(company, locale),
          );
          await expect(seatFigures(coach, locale)).toHaveText([`${i + 2}`, '0', `${i + 2}`]);
          if (i === 1) await expectNoAxeViolations(coach);
          // The coach administers the group: its name is a way back.
          await main
            .getByRole('link', {
              name: t(locale, 'groups.cohortOf', { group: GROUP_NAME[locale] }),
            })
            .click();
          await expect(coach).toHaveURL(`/group/${SHARED_GROUP}`);
        }
        await coach.context().close();
      });

    test('an invited member joins by mail, asks privately; the buyer sees the unread count with the panel closed and answers in the thread; the member reads it', async ({
      browser,
      request,
    }) => {
      // Three browser contexts, a mail and an audit at each step (as above).
      test.setTimeout(longTest(150_000));
      const company = `Lakeside Books ${tag()}`;
      const cohort = cohortName(company, locale);
      const buyerToken = await newBuyer(request, company);
      const { cohortId } = await buySeatsByApi(request, buyerToken, 3);
      const member = { ...newLearner('cohort-member'), first: 'Lena', last: 'Fischer' };
      const memberName = `${member.first} ${member.last}`;

      // The buyer invites by email on the seat screen: the invitation is pending.
      const buyer = await openAs(browser, combo, buyerToken, `/group/${cohortId}`);
      const main = buyer.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(cohort);
      const invitations = main.getByRole('region', {
        name: t(locale, 'invitations.title'),
        exact: true,
      });
      await invitations.getByLabel(t(locale, 'invitations.form.label')).fill(member.email);
      await invitations.getByRole('button', { name: t(locale, 'invitations.form.send') }).click();
      await expect(
        invitations.getByText(t(locale, 'invitations.form.sent', { count: 1 })),
      ).toBeVisible();
      await expect(
        invitations.getByRole('listitem', {
          name: `${member.email} ${t(locale, 'invitations.state.pending')}`,
        }),
      ).toBeVisible();

      // The member signs up by the mailed link and joins the cohort.
      const link = inviteLinkIn(await waitForMail(member.email));
      const learner = await openAs(browser, combo, null, link.pathname + link.search);
      const form = learner.getByRole('main');
      await expect(form.getByLabel(t(locale, 'auth.field.email'))).toHaveValue(member.email);
      await form.getByLabel(t(locale, 'auth.field.username')).fill(member.username);
      await form
        .getByLabel(t(locale, 'auth.field.password'), { exact: true })
        .fill(member.password);
      await form.getByLabel(t(locale, 'auth.field.first')).fill(member.first);
      await form.getByLabel(t(locale, 'auth.field.last')).fill(member.last);
      await form.getByRole('button', { name: t(locale, 'auth.signup.submit') }).click();
      await expect(learner).toHaveURL('/topics');
      await expect(
        learner.getByRole('main').getByText(t(locale, 'topics.joined', { group: cohort })),
      ).toBeVisible();
      await expectNoAxeViolations(learner);
      await shot(learner, combo, 'joined');

      // …and asks the administrators privately, in their own thread.
      const question = `Could you check my first invoice? ${tag()}`;
      let panel = await openPanel(learner, combo);
      await panel.getByRole('tab', { name: t(locale, 'messages.mode.private') }).click();
      await panel
        .getByRole('textbox', { name: t(locale, 'messages.compose.label') })
        .fill(question);
      await panel.getByRole('button', { name: t(locale, 'messages.compose.send') }).click();
      await expect(panel.getByRole('log').getByText(question)).toBeVisible();
      await learner.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // The buyer's page, panel closed: the Messages link counts it within a poll (10 s).
      // Meanwhile the coach opens the group's page: this cohort is in its picker, and the
      // panel's group picker says what is unread in it.
      const coachSees = (async () => {
        const coach = await openAs(
          browser,
          combo,
          await loginByApi(request, COACH),
          `/group/${SHARED_GROUP}`,
        );
        const picker = cohortPicker(coach, locale);
        await picker.selectOption({ label: cohort });
        await expectNoAxeViolations(coach);
        if (isTakingShots) {
          await picker.scrollIntoViewIfNeeded();
          await shot(coach, combo, 'picker');
        }
        const coachPanel = await openPanel(coach, combo);
        const groups = coachPanel.getByLabel(t(locale, 'messages.group'), { exact: true });
        await expect(
          groups.locator('option', {
            hasText: literal(t(locale, 'messages.groupUnread', { group: cohort, count: 1 })),
          }),
        ).toHaveCount(1);
        await coach.context().close();
      })();
      const toggle = await messagesLink(buyer, combo);
      await expect(toggle).toHaveAccessibleName(linkName(locale, 1), { timeout: longTest(12_000) });
      // (This seat screen is checked with axe below, once its member shows.)
      await shot(buyer, combo, 'unread-link');
      await coachSees;

      // The buyer opens the panel: the private threads, the member's with its count.
      panel = await openPanel(buyer, combo);
      const threadsTab = panel.getByRole('tab', {
        name: new RegExp(`^${t(locale, 'messages.mode.threads')}`),
      });
      await expect(threadsTab).toHaveAccessibleName(
        `${t(locale, 'messages.mode.threads')} ${t(locale, 'messages.unread', { count: 1 })}`,
      );
      await threadsTab.click();
      const thread = panel.getByRole('button', { name: new RegExp(`^${memberName}`) });
      await expect(thread).toContainText(t(locale, 'messages.unread', { count: 1 }));
      await expectNoAxeViolations(buyer);
      await shot(buyer, combo, 'threads');
      await thread.click();
      await expect(
        panel.getByRole('heading', {
          name: t(locale, 'messages.threads.with', { name: memberName }),
        }),
      ).toBeFocused();
      await expect(panel.getByRole('log').getByText(question)).toBeVisible();
      // Read: the counts clear.
      await expect(await messagesLink(buyer, combo)).toHaveAccessibleName(linkName(locale, 0));
      if (isPhone(combo)) await buyer.keyboard.press('Escape');
      await expect(threadsTab).toHaveAccessibleName(t(locale, 'messages.mode.threads'));

      // The answer goes into the member's thread.
      const answer = `Of course: send it over. ${tag()}`;
      await panel.getByRole('textbox', { name: t(locale, 'messages.compose.label') }).fill(answer);
      await panel.getByRole('button', { name: t(locale, 'messages.compose.send') }).click();
      await expect(panel.getByRole('log').getByText(answer)).toBeVisible();
      await expectNoAxeViolations(buyer);
      await shot(buyer, combo, 'thread');
      await panel.getByRole('button', { name: t(locale, 'messages.threads.back') }).click();
      await expect(thread).toBeFocused();

      // The member reads it in their private tab.
      panel = await openPanel(learner, combo);
      await panel.getByRole('tab', { name: t(locale, 'messages.mode.private') }).click();
      const answered = panel.getByRole('log').getByRole('listitem').filter({ hasText: answer });
      await expect(answered).toBeVisible();
      await expect(answered).toContainText('Robin Ortega');
      await expect(panel.getByRole('log').getByText(question)).toBeVisible();
      await expectNoAxeViolations(learner);
      await shot(learner, combo, 'member-private');
      await learner.context().close();

      // The buyer's seat screen and the bundle's "Your team": one seat used, two free.
      await buyer.keyboard.press('Escape');
      await buyer.reload();
      await expect(seatFigures(buyer, locale)).toHaveText(['3', '1', '2']);
      await expect(
        main.getByRole('region', { name: t(locale, 'groups.members.title', { count: 1 }) }),
      ).toContainText(member.email);
      await expectNoAxeViolations(buyer);
      await shot(buyer, combo, 'seats', true);
      await buyer.goto(`/bundle/${TOOLKIT}`);
      const team = main.getByRole('region', { name: t(locale, 'store.team.title'), exact: true });
      await expect(team.getByRole('link', { name: t(locale, 'store.team.open') })).toHaveAttribute(
        'href',
        `/group/${cohortId}`,
      );
      await expect(seatFigures(buyer, locale)).toHaveText(['3', '1', '2']);
      await expect(
        main.getByRole('region', { name: t(locale, 'store.purchase.forTeam') }),
      ).toBeVisible();
      await expectNoAxeViolations(buyer);
      if (isTakingShots) {
        await team.scrollIntoViewIfNeeded();
        await shot(buyer, combo, 'bundle-team');
      }
      await buyer.context().close();
    });

    test('a learner who has the bundle buys seats for a team: 2 at least; Cancel on the checkout charges nothing', async ({
      browser,
      request,
    }) => {
      const token = await signUpByApi(request, newLearner('team-buyer'));
      const { cohortId } = await buySeatsByApi(request, token, 1);
      expect(cohortId).toBeNull();
      const page = await openAs(browser, combo, token, `/bundle/${TOOLKIT}`);
      const main = page.getByRole('main');
      const form = main.getByRole('region', { name: t(locale, 'store.purchase.forTeam') });
      await expect(form).toContainText(
        `${t(locale, 'store.purchase.owned')}. ${t(locale, 'store.purchase.ownedHint')}`,
      );
      // No team yet: one seat is the learner's own.
      await expect(
        main.getByRole('region', { name: t(locale, 'store.team.title'), exact: true }),
      ).toHaveCount(0);
      const quantity = form.getByLabel(t(locale, 'store.quantity.label'));
      await expect(quantity).toHaveValue('2');
      await quantity.fill('1');
      const submit = form.getByRole('button', { name: t(locale, 'store.purchase.forTeam') });
      await quantity.press('Enter');
      await expect(form.getByText(t(locale, 'store.quantity.team'))).toBeVisible();
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
      await expect(quantity).toBeFocused();
      await expectNoAxeViolations(page);
      if (isTakingShots) {
        await form.scrollIntoViewIfNeeded();
        await shot(page, combo, 'buy-for-team');
      }

      await quantity.fill('2');
      await submit.click();
      await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
      await page.getByRole('button', { name: t(locale, 'checkout.cancel'), exact: true }).click();
      await expect(page).toHaveURL(`/bundle/${TOOLKIT}?cancelled=1`);
      await expect(main.getByText(t(locale, 'store.cancelled'))).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, combo, 'cancelled');
      // Nothing was bought: still no team.
      await expect(
        main.getByRole('region', { name: t(locale, 'store.team.title'), exact: true }),
      ).toHaveCount(0);
      await page.context().close();
    });
  });
}
