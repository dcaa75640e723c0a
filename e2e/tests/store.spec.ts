import { longTest } from './support/limits';
import { expect, test, type Browser, type Page } from './support/test';
import { newLearner, openSignedIn, signUpByApi, type Learner } from './support/accounts';
import { expectNoAxeViolations, openApp } from './support/app';
import { inviteLinkIn, waitForMail } from './support/mail';
import { readPack, text } from './support/packs';
import { COMBOS, comboName, openAt, shot } from './support/combos';
import { t } from './support/i18n';
import { buySeatsByApi } from './support/seats';

/** The demo pack's bundles: Small Business Toolkit (79) and Personal Finance Club (29), in USD: US$79.00 on screen, the demo's own money being CAD. */
const pack = readPack('doughmain');
const privateTopic = pack.topics?.find((topic) => topic._id === 'invoicing-and-getting-paid');
/** A buyer's cohort is named after them (newLearner's Robin Ortega), then the bundle's group. */
const COHORT = 'Robin Ortega · Small Business Cohort';

/** No sideways scrolling: everything fits the viewport's width. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Focuses `locator` and presses Enter: the keyboard's way of pressing a button or link. */
async function press(page: Page, locator: ReturnType<Page['getByRole']>) {
  await locator.focus();
  await page.keyboard.press('Enter');
}

test.describe('store (docs/product-spec.md §2, §4, §5)', () => {
  test('a visitor browses the cards and a bundle page; prices, tiers and the discount dialog', async ({
    page,
  }) => {
    await openApp(page, '/store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store');
    const cards = page.getByRole('list', { name: 'Bundles' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Small Business Toolkit' })).toContainText('US$79.00');
    await expect(cards.filter({ hasText: 'Personal Finance Club' })).toContainText('US$29.00');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await press(page, page.getByRole('link', { name: 'Small Business Toolkit' }));
    await expect(page).toHaveURL('/bundle/small-business-toolkit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small Business Toolkit');
    await expect(page.getByRole('link', { name: /Back to the store/ })).toHaveAttribute(
      'href',
      '/store',
    );
    await expect(page.getByText('US$79.00 per seat')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What you get' })).toBeVisible();
    await expect(page.getByText('Total for 1 seat: US$79.00')).toBeVisible();

    const seats = page.getByLabel('Number of seats');
    await seats.fill('5');
    await expect(page.getByText('Total for 5 seats: US$355.50')).toBeVisible();
    await expect(page.getByText(/Group discount: 10% off for 5 or more seats/)).toBeVisible();
    await seats.fill('20');
    await expect(page.getByText('Total for 20 seats: US$1,264.00')).toBeVisible();

    await press(page, page.getByRole('button', { name: 'Group discounts' }));
    const dialog = page.getByRole('dialog', { name: 'Group discounts' });
    await expect(dialog.getByRole('listitem')).toHaveText([
      '5+ seats: 10% off',
      '20+ seats: 20% off',
    ]);
    await expectNoAxeViolations(page);
    await press(page, dialog.getByRole('button', { name: 'OK' }));
    await expect(dialog).toBeHidden();

    await seats.fill('01');
    await press(page, page.getByRole('button', { name: 'Purchase' }));
    await expect(page.getByText('Write the number without a leading zero.')).toBeVisible();
    await expect(seats).toBeFocused();
    await expect(seats).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
  });

  test('prices read the fr-CA way, still in USD', async ({ page }) => {
    await openApp(page, '/store');
    await page.getByRole('button', { name: /^FR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('link', { name: 'Trousse de la petite entreprise' })).toBeVisible();
    await expect(page.getByText(/^79,00\s\$\sUS$/)).toBeVisible();
  });

  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    test(`store and bundle page fit ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openApp(page, '/store');
      await expectNoHorizontalScroll(page);
      await openApp(page, '/bundle/small-business-toolkit');
      await expectNoHorizontalScroll(page);
    });
  }

  // Needs the server half of issue 11 (purchase, orders, local checkout, fulfilment).
  test('a visitor buys one seat by keyboard: auth dialog, sign up, local checkout, popup, Purchased tab, private topic', async ({
    page,
  }) => {
    const learner = newLearner('buyer');
    await openApp(page, '/bundle/small-business-toolkit');
    await expect(page.getByText(/You will log in or create an account first/)).toBeVisible();
    await press(page, page.getByRole('button', { name: 'Purchase' }));

    const auth = page.getByRole('dialog', { name: 'Sign up' });
    await expect(auth).toBeVisible();
    await auth.getByLabel('Username').fill(learner.username);
    await auth.getByLabel('Email').fill(learner.email);
    await auth.getByLabel('Password').fill(learner.password);
    await auth.getByLabel('Password').press('Enter');

    await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
    await expect(page.getByText('Test mode — no real payment')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('Small Business Toolkit');
    await expect(summary).toContainText('US$79.00');
    await expectNoAxeViolations(page);
    await press(page, page.getByRole('button', { name: 'Pay US$79.00' }));

    await expect(page).toHaveURL('/store?purchased=small-business-toolkit');
    const popup = page.getByRole('dialog', { name: 'Checkout complete' });
    await expect(popup).toContainText('You now have access to Small Business Toolkit.');
    await expectNoAxeViolations(page);
    await press(page, popup.getByRole('button', { name: 'OK' }));
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL('/store');

    const all = page.getByRole('tab', { name: 'All bundles' });
    await all.focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Purchased' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const purchased = page.getByRole('tabpanel', { name: 'Purchased' });
    await expect(purchased.getByRole('link')).toHaveText(['Small Business Toolkit']);
    await expectNoAxeViolations(page);

    // One seat is the buyer's own: no team, and the bundle page says it is theirs.
    await page.goto('/bundle/small-business-toolkit');
    const form = page.getByRole('region', { name: 'Buy seats for your team' });
    await expect(form).toContainText('Bundle has been purchased. You have access already;');
    await expect(form.getByLabel('Number of seats')).toHaveValue('2');
    await expect(form.getByRole('button', { name: 'Buy seats for your team' })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Your team', exact: true })).toHaveCount(0);

    await page.goto('/topic/invoicing-and-getting-paid');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(privateTopic?.name));
  });

  // Needs the server half of issue 11.
  test('a learner buys 5 seats with the tier: the checkout shows the discount; Cancel goes back', async ({
    page,
  }) => {
    const learner = newLearner('seats');
    const token = await signUpByApi(page.request, learner);
    await openSignedIn(page, token, '/bundle/personal-finance-club');
    await page.getByLabel('Number of seats').fill('5');
    await expect(page.getByText('Total for 5 seats: US$130.50')).toBeVisible();
    await page.getByRole('button', { name: 'Purchase' }).click();

    await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
    const facts = page.getByRole('region', { name: 'Order summary' }).locator('dd');
    await expect(facts).toHaveText([
      'Personal Finance Club',
      '5',
      'US$29.00',
      '10% (−US$14.50)',
      'US$130.50',
    ]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/bundle/personal-finance-club?cancelled=1');
    await expect(page.getByText('The checkout was cancelled: nothing was charged.')).toBeVisible();

    await page.getByLabel('Number of seats').fill('5');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('button', { name: 'Pay US$130.50' }).click();
    await expect(page.getByRole('dialog', { name: 'Checkout complete' })).toContainText(
      'You now have access to Personal Finance Club.',
    );
  });

  // Issue 23: 2+ seats make the buyer's own cohort, whose page (/group/{cohortId}) is the one
  // seat screen: its seats, its invitations (pending, open seats, used and revoked), its members.
  test('a buyer of 5 seats lands on their cohort’s seat screen; mails, copies and revokes invitations; invited people join by them, one seat each', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Four people's browsers, one after the other: more than the default.
    test.setTimeout(longTest(90_000));
    const buyer = newLearner('seat-buyer');
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
    await press(page, popup.getByRole('link', { name: 'Invite people to your seats' }));

    await expect(page).toHaveURL(/\/group\/cohort-[\w-]+$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(COHORT);
    await expect(main).toContainText('Part of Small Business Cohort');
    const seats = main.getByRole('region', { name: 'Seats' });
    await expect(seats.getByRole('definition')).toHaveText(['5', '0', '5']);
    const invitations = main.getByRole('region', { name: 'Invitations' });
    await expect(invitations.getByText('No pending invitation.')).toBeVisible();
    await expect(invitations.getByText('Open seats (5)')).toBeVisible();
    await expectNoAxeViolations(page);

    // Send by email: checked first, then a real mail with the sign-up link. It takes an open
    // seat, which shows as Pending (sent), not Open.
    const invited = newLearner('invited');
    const field = invitations.getByLabel('Invite people by email');
    const send = invitations.getByRole('button', { name: 'Send invitations' });
    await field.fill('not-an-email');
    await press(page, send);
    await expect(invitations.getByText('No invitation was sent.')).toBeVisible();
    await expect(invitations.getByRole('alert')).toContainText(
      'not-an-email: not an email address',
    );
    await field.fill(invited.email);
    await press(page, send);
    await expect(invitations.getByText('1 invitation sent.')).toBeVisible();
    const pending = invitations.getByRole('listitem', { name: `${invited.email} Pending` });
    await expect(pending).toContainText('only this address can use it');
    await expect(invitations.getByRole('heading', { name: 'Pending (1)' })).toBeVisible();
    await expect(invitations.getByText('Open seats (4)')).toBeVisible();
    const mailed = inviteLinkIn(await waitForMail(invited.email));
    expect(mailed.pathname).toBe('/signup');
    expect(mailed.searchParams.get('email')).toBe(invited.email);
    expect(new URL(await pending.getByLabel(/^Invitation link for /).inputValue()).search).toBe(
      mailed.search,
    );

    // One address holds one seat: sent again, nothing goes.
    await field.fill(invited.email.toUpperCase());
    await press(page, send);
    await expect(invitations.getByText('No invitation was sent.')).toBeVisible();
    await expect(invitations.getByRole('alert')).toContainText('already invited');
    await expect(invitations.getByText('Open seats (4)')).toBeVisible();

    // The open seats: a link to copy (the clipboard is allowed here; the unit tests cover a refusal).
    await invitations.getByText('Open seats (4)').click();
    const open = invitations.getByRole('listitem', { name: 'Open seat Open' });
    await expect(open).toHaveCount(4);
    const links = await open
      .getByLabel(/^Invitation link for /)
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL,
    });
    await press(page, open.first().getByRole('button', { name: 'Copy link' }));
    await expect(open.first().getByRole('status')).toHaveText('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(links[0]);
    expect(copied).toMatch(new RegExp(`^${baseURL}/signup\\?inviteId=[\\w-]+$`));

    // Revoke, after a confirmation in the modal dialog.
    await press(page, open.nth(1).getByRole('button', { name: 'Revoke' }));
    const confirm = page.getByRole('dialog', { name: 'Revoke the invitation for Open seat?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await press(page, confirm.getByRole('button', { name: 'Revoke invitation' }));
    await expect(confirm).toBeHidden();
    await expect(open).toHaveCount(3);
    // Its Revoke button is gone: focus goes to the disclosure of the revoked ones.
    await expect(invitations.getByText('Used (0) and revoked (1)')).toBeFocused();
    await invitations.getByText('Used (0) and revoked (1)').click();
    const revoked = invitations.getByRole('listitem', { name: /Revoked$/ });
    await expect(revoked).toHaveCount(1);
    await expect(revoked.getByRole('button')).toHaveCount(0);
    await expect(seats.getByRole('definition')).toHaveText(['5', '0', '5']);
    await expectNoAxeViolations(page);

    // The mailed link: sign up with the locked email, join the cohort. A second seat's link
    // does not give the same person a second seat.
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(mailed.pathname + mailed.search);
      const visitorMain = visitor.getByRole('main');
      await expect(visitorMain.getByText('You are signing up with an invitation.')).toBeVisible();
      await expect(visitorMain.getByLabel('Email')).toHaveValue(invited.email);
      await expect(visitorMain.getByLabel('Email')).not.toBeEditable();
      await visitorMain.getByLabel('Username').fill(invited.username);
      await visitorMain.getByLabel('Password').fill(invited.password);
      await visitorMain.getByRole('button', { name: 'Create my account' }).click();
      await expect(visitor).toHaveURL('/topics');
      await expect(visitorMain.getByText(`You joined ${COHORT}.`)).toBeVisible();
      await expectPrivateTopic(visitor);

      await visitor.goto(new URL(links[2]!).pathname + new URL(links[2]!).search);
      await visitorMain.getByRole('button', { name: 'Accept the invitation' }).click();
      await expect(visitorMain.getByRole('alert')).toHaveText(
        'You are already a member of this group.',
      );
    });

    // The copied link, by an account that exists: through Log in, it joins the cohort.
    const existing = newLearner('existing');
    await signUpByApi(page.request, existing);
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(copied);
      const visitorMain = visitor.getByRole('main');
      await visitorMain.getByRole('link', { name: 'Log in' }).click();
      await expect(visitor).toHaveURL(/\/signin\?inviteId=[\w-]+$/);
      await expect(
        visitorMain.getByText(
          'You are logging in with an invitation: you join its group once logged in.',
        ),
      ).toBeVisible();
      await logInOnPage(visitor, existing);
      await expect(visitor).toHaveURL('/topics');
      await expect(visitorMain.getByText(`You joined ${COHORT}.`)).toBeVisible();
      await expectPrivateTopic(visitor);
    });

    // The revoked link is refused, with a clear message, and makes no account.
    const refused = newLearner('refused');
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(links[1]!);
      const visitorMain = visitor.getByRole('main');
      await visitorMain.getByLabel('Username').fill(refused.username);
      await visitorMain.getByLabel('Email').fill(refused.email);
      await visitorMain.getByLabel('Password').fill(refused.password);
      await visitorMain.getByRole('button', { name: 'Create my account' }).click();
      await expect(visitorMain.getByRole('alert')).toHaveText(
        'This invitation is not valid or has already been used.',
      );
      await expect(visitor).toHaveURL(/\/signup\?/);
    });

    // The buyer sees who took the seats: two used, one revoked, two still open.
    await page.reload();
    await expect(seats.getByRole('definition')).toHaveText(['5', '2', '3']);
    await expect(invitations.getByText('No pending invitation.')).toBeVisible();
    await expect(invitations.getByText('Open seats (2)')).toBeVisible();
    await expect(invitations.getByText('Used (2) and revoked (1)')).toBeVisible();
    const members = main.getByRole('region', { name: 'Members (2)' });
    await expect(members).toContainText(invited.email);
    await expect(members).toContainText(existing.email);
    await expectNoAxeViolations(page);
  });

  test('an existing account logs in by a mailed invitation’s sign-in link', async ({ page }) => {
    const existing = newLearner('member-to-be');
    await signUpByApi(page.request, existing);
    const token = await signUpByApi(page.request, newLearner('seat-buyer2'));
    const { cohortId } = await buySeatsByApi(page.request, token, 2);
    await openSignedIn(page, token, `/group/${cohortId}`);
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations.getByLabel('Invite people by email').fill(existing.email);
    await invitations.getByRole('button', { name: 'Send invitations' }).click();
    await expect(invitations.getByText('1 invitation sent.')).toBeVisible();
    const link = inviteLinkIn(await waitForMail(existing.email));
    expect(link.pathname).toBe('/signin');

    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link.pathname + link.search);
    const main = page.getByRole('main');
    await expect(main.getByLabel('Username or email')).toHaveValue(existing.email);
    await main.getByLabel('Password').fill(existing.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/topics');
    await expect(main.getByText(`You joined ${COHORT}.`)).toBeVisible();
    await expectPrivateTopic(page);
  });

  test('a learner already signed in accepts an invitation by its link; the private topic opens', async ({
    page,
    browser,
  }) => {
    const invited = newLearner('signed-in-invitee');
    const invitedToken = await signUpByApi(page.request, invited);
    const token = await signUpByApi(page.request, newLearner('seat-buyer3'));
    const { cohortId } = await buySeatsByApi(page.request, token, 2);
    await openSignedIn(page, token, `/group/${cohortId}`);
    const invitations = page.getByRole('region', { name: 'Invitations' });
    await invitations.getByLabel('Invite people by email').fill(invited.email);
    await invitations.getByRole('button', { name: 'Send invitations' }).click();
    await expect(invitations.getByText('1 invitation sent.')).toBeVisible();
    const link = inviteLinkIn(await waitForMail(invited.email));

    const context = await browser.newContext();
    try {
      const learner = await context.newPage();
      await openSignedIn(learner, invitedToken, link.pathname + link.search);
      const main = learner.getByRole('main');
      await expect(main.getByText(/^You are logged in as /)).toBeVisible();
      await expectNoAxeViolations(learner);
      // Keyboard only: the button is reached and pressed with Enter.
      await press(learner, main.getByRole('button', { name: 'Accept the invitation' }));
      await expect(learner).toHaveURL('/topics');
      await expect(main.getByText(`You joined ${COHORT}.`)).toBeVisible();
      await expectNoAxeViolations(learner);
      // The server forgot the learner's cached viewer: the group's private topic opens at once.
      await expectPrivateTopic(learner);
    } finally {
      await context.close();
    }
  });
});

/** Runs `journey` in a browser context of its own: nobody signed in, nothing shared. */
async function asVisitor(browser: Browser, journey: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
  }
}

async function logInOnPage(page: Page, learner: Learner) {
  const main = page.getByRole('main');
  await main.getByLabel('Username or email').fill(learner.username);
  await main.getByLabel('Password').fill(learner.password);
  await main.getByRole('button', { name: 'Log in' }).click();
}

/** The bundle's group has a private topic: a member opens it. */
async function expectPrivateTopic(page: Page) {
  await page.goto('/topic/invoicing-and-getting-paid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(privateTopic?.name));
}

/*
 * Issue 24, point 10: what a buyer trips over. The store's tabs fit a French phone; prices read
 * the same currency sign in both languages (the demo organisation's money is CAD, so the US
 * dollar is named in both).
 */
test.describe('store tabs and prices at a phone’s and a laptop’s size, in both languages', () => {
  for (const combo of COMBOS) {
    test(`every tab is whole on screen, prices name the US dollar (${comboName(combo)})`, async ({
      page,
    }, testInfo) => {
      const token = await signUpByApi(page.request, newLearner('tabs'));
      await openAt(page, combo, '/store', token);
      const tabs = page.getByRole('tablist', { name: t(combo.locale, 'store.tabs') });
      await expect(tabs.getByRole('tab')).toHaveText([
        t(combo.locale, 'store.tab.all'),
        t(combo.locale, 'store.tab.unowned'),
        t(combo.locale, 'store.tab.purchased'),
      ]);
      // Each tab inside the viewport and inside its list's visible box (nothing clipped by a
      // scroll the eye cannot see).
      const boxes = await tabs.evaluate((list) => {
        const outer = list.getBoundingClientRect();
        return {
          list: {
            left: outer.left,
            right: outer.right,
            scrolls: list.scrollWidth > list.clientWidth,
          },
          tabs: [...list.querySelectorAll('[role="tab"]')].map((tab) => {
            const r = tab.getBoundingClientRect();
            return { left: r.left, right: r.right, text: tab.textContent };
          }),
        };
      });
      expect(boxes.list.scrolls).toBe(false);
      for (const tab of boxes.tabs) {
        expect(tab.left, tab.text ?? '').toBeGreaterThanOrEqual(Math.max(0, boxes.list.left) - 0.5);
        expect(tab.right, tab.text ?? '').toBeLessThanOrEqual(
          Math.min(combo.viewport.width, boxes.list.right) + 0.5,
        );
      }
      const price = combo.locale === 'en-US' ? 'US$79.00' : '79,00\u00a0$\u00a0US';
      await expect(
        page.getByRole('list', { name: t(combo.locale, 'store.cardsLabel') }).getByText(price, {
          exact: true,
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, testInfo, `store-tabs-${combo.locale}-${combo.viewport.width}`);
    });
  }
});
