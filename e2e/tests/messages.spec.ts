import { randomBytes } from 'node:crypto';
import { longTest } from './support/limits';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { newLearner, signUpByApi, type Learner } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { buySeatsByApi, joinOpenSeatByApi, postByApi } from './support/seats';

/*
 * Messaging (issue 12): a member and an administrator of one group write to each other in two
 * browsers, live (the stream) and by polling (the stream blocked); keyboard use, axe, layout.
 * Every test makes its own pair: the buyer of two seats of the Small Business Toolkit becomes the
 * administrator of their own cohort (issue 23), and the learner who takes a seat its member.
 * Private messages are threads: the member's own, which the administrator opens from a list.
 */

const SHOTS = '/tmp/shots-messages';

interface Pair {
  admin: Learner & { token: string };
  member: Learner & { token: string };
  /** The admin's cohort, the member's one group. */
  cohortId: string;
}

const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

async function makePair(request: APIRequestContext): Promise<Pair> {
  const admin = { ...newLearner('msg-admin'), first: 'Alex', last: 'Martin' };
  const member = { ...newLearner('msg-member'), first: 'Nadia', last: 'Okafor' };
  const adminToken = await signUpByApi(request, admin);
  const memberToken = await signUpByApi(request, member);

  const { cohortId } = await buySeatsByApi(request, adminToken, 2);
  await joinOpenSeatByApi(request, adminToken, memberToken, cohortId!);
  return {
    admin: { ...admin, token: adminToken },
    member: { ...member, token: memberToken },
    cohortId: cohortId!,
  };
}

/** A page signed in with `token`, in `locale`, at /topics. */
async function openAs(
  browser: Browser,
  token: string,
  { locale = 'en-US', viewport = { width: 1366, height: 900 } } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.evaluate(
    ([value, lang]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', lang);
    },
    [token, locale] as const,
  );
  await page.goto('/topics');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

function messagesButton(page: Page, name: RegExp = /^Messages/) {
  return page.getByRole('banner').getByRole('button', { name });
}

function panelOf(page: Page, name = 'Messages') {
  return page.getByRole('complementary', { name });
}

async function openPanel(page: Page) {
  await messagesButton(page).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  return panel;
}

async function send(page: Page, text: string) {
  const panel = panelOf(page);
  await panel.getByRole('textbox', { name: 'Your message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  await expect(panel.getByRole('log').getByText(text)).toBeVisible();
}

test.describe('messages', () => {
  test('a member and an administrator exchange group and private messages without reloading', async ({
    browser,
    request,
  }) => {
    const { admin, member, cohortId } = await makePair(request);
    const adminPage = await openAs(browser, admin.token);
    const memberPage = await openAs(browser, member.token);
    const adminPanel = await openPanel(adminPage);
    const memberPanel = await openPanel(memberPage);
    // The member's one group: the admin's cohort, named after its buyer.
    await expect(memberPanel.getByText('Group: Alex Martin · Small Business Cohort')).toBeVisible();

    // Group messages, both ways.
    const hello = unique('Hello everyone');
    await send(memberPage, hello);
    const fromMember = adminPanel.getByRole('listitem').filter({ hasText: hello });
    await expect(fromMember).toBeVisible({ timeout: longTest(12_000) });
    await expect(fromMember).toContainText('Nadia Okafor');
    await expect(fromMember.getByText('NO', { exact: true })).toBeVisible();

    const reply = unique('Welcome, see https://example.com/guide');
    await send(adminPage, reply);
    const fromAdmin = memberPanel.getByRole('listitem').filter({ hasText: reply });
    await expect(fromAdmin).toBeVisible({ timeout: longTest(12_000) });
    await expect(
      fromAdmin.getByRole('link', { name: 'https://example.com/guide' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

    // Privately to the administrators: the member's own thread.
    await memberPanel.getByRole('tab', { name: 'Administrators (private)' }).click();
    await expect(
      memberPanel.getByText(
        'Only you and the group’s administrators read these messages; their answers come here.',
      ),
    ).toBeVisible();
    const secret = unique('Just between us');
    await send(memberPage, secret);

    // The administrator's private tab lists the members' threads; the member's opens.
    await adminPanel.getByRole('tab', { name: /^Private threads/ }).click();
    await expect(
      adminPanel.getByText(
        'Each member’s private thread with the group’s administrators: open one to read it and answer.',
      ),
    ).toBeVisible();
    const thread = adminPanel.getByRole('button', { name: /^Nadia Okafor/ });
    await expect(thread).toBeVisible({ timeout: longTest(12_000) });
    await thread.click();
    await expect(
      adminPanel.getByRole('heading', { name: 'Private messages with Nadia Okafor' }),
    ).toBeFocused();
    const privateItem = adminPanel.getByRole('listitem').filter({ hasText: secret });
    await expect(privateItem).toBeVisible();
    await expect(privateItem).toContainText('Nadia Okafor');

    // The administrator answers in the member's thread; the member reads it there.
    const answer = unique('Happy to help');
    await send(adminPage, answer);
    await expect(memberPanel.getByRole('log').getByText(answer)).toBeVisible({
      timeout: longTest(12_000),
    });

    // Never in the group's list.
    await adminPanel.getByRole('tab', { name: 'Group members' }).click();
    await expect(adminPanel.getByRole('log').getByText(hello)).toBeVisible();
    await expect(adminPanel.getByText(secret)).toHaveCount(0);
    await expect(adminPanel.getByText(answer)).toHaveCount(0);

    // A private message arriving while the administrator reads the member's thread, live.
    await adminPanel.getByRole('tab', { name: /^Private threads/ }).click();
    await thread.click();
    await expect(adminPanel.getByRole('log').getByText(answer)).toBeVisible();
    const second = unique('One more thing');
    await postByApi(request, member.token, cohortId, second, { isPrivate: true });
    await expect(adminPanel.getByRole('log').getByText(second)).toBeVisible({
      timeout: longTest(12_000),
    });
    // "All threads" goes back to the list, to the thread's line.
    await adminPanel.getByRole('button', { name: 'All threads' }).click();
    await expect(thread).toBeFocused();

    await adminPage.context().close();
    await memberPage.context().close();
  });

  test('polling brings new messages when the stream is blocked', async ({ browser, request }) => {
    const { admin, member, cohortId } = await makePair(request);
    const memberPage = await openAs(browser, member.token);
    await memberPage.route('**/message/stream', (route) => route.abort());
    const panel = await openPanel(memberPage);
    await expect(panel.getByText('Checking every 10 seconds')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
    // Let the first page load before the new message is written.
    await expect(panel.getByText('Loading messages…')).toHaveCount(0);

    const polled = unique('Polled message');
    const start = Date.now();
    await postByApi(request, admin.token, cohortId, polled);
    await expect(panel.getByRole('log').getByText(polled)).toBeVisible({
      timeout: longTest(12_000),
    });
    expect(Date.now() - start).toBeLessThan(12_000);
    await memberPage.context().close();
  });

  test('the unread badge counts what others wrote, and clears once the panel shows it', async ({
    browser,
    request,
  }) => {
    const { admin, member, cohortId } = await makePair(request);
    await postByApi(request, member.token, cohortId, unique('Unread one'));
    await postByApi(request, member.token, cohortId, unique('Unread two'), { isPrivate: true });
    const page = await openAs(browser, admin.token);
    const button = messagesButton(page);
    await expect(button).toHaveAccessibleName('Messages 2 unread messages');
    // The group's messages show: read. The private one waits in its thread.
    await button.click();
    const panel = panelOf(page);
    await expect(panel.getByRole('log')).toBeVisible();
    await expect(button).toHaveAccessibleName('Messages 1 unread message');
    const threads = panel.getByRole('tab', { name: /^Private threads/ });
    await expect(threads).toHaveAccessibleName('Private threads 1 unread message');
    await threads.click();
    await panel.getByRole('button', { name: /^Nadia Okafor.* 1 unread message$/ }).click();
    await expect(panel.getByRole('log')).toBeVisible();
    await expect(button).toHaveAccessibleName('Messages');
    await expect(threads).toHaveAccessibleName('Private threads');
    await page.context().close();
  });

  test('works with the keyboard alone: open, write, send, Escape', async ({ browser, request }) => {
    const { member } = await makePair(request);
    const page = await openAs(browser, member.token);
    const toggle = messagesButton(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = panelOf(page);
    await expect(panel.getByRole('heading', { name: 'Messages' })).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const input = panel.getByRole('textbox', { name: 'Your message' });
    for (let presses = 0; presses < 10; presses++) {
      if (await input.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(input).toBeFocused();

    // An empty body is not sent.
    await page.keyboard.press('Control+Enter');
    await expect(panel.getByText('Write a message before sending it.')).toBeVisible();

    const text = unique('Typed by keyboard');
    await page.keyboard.type(`${text}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('second line');
    await expect(input).toHaveValue(`${text}\nsecond line`);
    await page.keyboard.press('Control+Enter');
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
    const item = panel.getByRole('log').getByText(text);
    await expect(item).toBeVisible();
    await expect(item).toHaveCSS('white-space', 'pre-wrap');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.context().close();
  });

  test('the topic subheader toggles the panel too, and logging out closes it', async ({
    browser,
    request,
  }) => {
    const { member } = await makePair(request);
    const page = await openAs(browser, member.token);
    await page.goto('/topic/pricing-your-product');
    const toggle = page.locator('.topic-subheader').getByRole('button', { name: 'Messages' });
    await toggle.click();
    await expect(panelOf(page)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${SHOTS}/topic-en-US-1366x900.png` });
    await toggle.click();
    await expect(panelOf(page)).toBeHidden();

    await messagesButton(page).click();
    await expect(panelOf(page)).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu/ })
      .click();
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    // The header's menu drops over the open panel, not under it.
    const onTop = await logOut.evaluate((item) => {
      const box = item.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && item.contains(hit);
    });
    expect(onTop).toBe(true);
    await logOut.click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(panelOf(page)).toHaveCount(0);
    await page.context().close();
  });

  for (const [locale, title, close] of [
    ['en-US', 'Messages', 'Close messages'],
    ['fr-CA', 'Messages', 'Fermer les messages'],
  ] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      test(`the open panel in ${locale} at ${viewport.width}×${viewport.height}: layout and axe`, async ({
        browser,
        request,
      }) => {
        const { admin, member, cohortId } = await makePair(request);
        const welcome = unique('Welcome to the cohort! Our first call is Monday.');
        await postByApi(request, admin.token, cohortId, welcome);
        await postByApi(
          request,
          member.token,
          cohortId,
          'Thanks! A long link to check wrapping: https://example.com/a/very/long/path/that/keeps/going/and/going?with=query&and=more\nAnd a second line.',
        );
        const page = await openAs(browser, member.token, { locale, viewport });
        // On a phone Messages is inside the header's Menu (issue 15, point 8).
        if (viewport.width < 600)
          // Its name carries the unread count while it is closed ("Menu 2 unread messages").
          await page
            .getByRole('banner')
            .getByRole('button', { name: /^Menu(?:$|\s\d)/ })
            .click();
        await messagesButton(page, new RegExp(`^${title}`)).click();
        const panel = panelOf(page, title);
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('button', { name: close })).toBeVisible();
        await expect(panel.getByRole('log').getByText(welcome)).toBeVisible();

        const box = (await panel.boundingBox())!;
        const header = (await page.getByRole('banner').boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
        if (viewport.width < 600) {
          expect(box.x).toBe(0);
          expect(box.width).toBe(viewport.width);
        } else {
          expect(box.width).toBeGreaterThan(360);
          expect(box.width).toBeLessThan(400);
          expect(box.x + box.width).toBe(viewport.width);
          // The page makes room: the main content ends where the panel starts.
          const main = (await page.locator('main').boundingBox())!;
          expect(main.x + main.width).toBeLessThanOrEqual(box.x + 1);
        }
        // Nothing inside the panel is wider than it (what only assistive technology reads, such
        // as an unread badge's words, is clipped on purpose).
        const overflow = await panel.evaluate((element) =>
          Array.from(element.querySelectorAll('*'))
            .filter((child) => !child.classList.contains('visually-hidden'))
            .filter((child) => child.scrollWidth > child.clientWidth + 1 && child.clientWidth > 0)
            .filter((child) => getComputedStyle(child).overflowX !== 'auto')
            .map((child) => child.className),
        );
        expect(overflow).toEqual([]);
        const sendButton = (await panel
          .getByRole('button', { name: /^(Send|Envoyer)$/ })
          .boundingBox())!;
        expect(sendButton.y + sendButton.height).toBeLessThanOrEqual(viewport.height);

        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `${SHOTS}/panel-${locale}-${viewport.width}x${viewport.height}.png`,
        });
        await page.context().close();
      });
    }
  }
});
