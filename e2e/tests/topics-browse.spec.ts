import { expect, test } from './support/test';
import { expectNoAxeViolations, fetchOrganisation } from './support/app';
import { COMBOS, comboName, openAt, shot } from './support/combos';
import { t } from './support/i18n';
import { readPack, text, type Text } from './support/packs';
import {
  GROUP_ADMIN,
  LEARNER,
  NOT_FOUND,
  openTopicScreen,
  PRIVATE_TOPIC,
  signInThroughApi,
} from './support/topics';

const pack = readPack('doughmain');
const privateName = text(pack.topics?.find((topic) => topic._id === PRIVATE_TOPIC)?.name);
/** The group holding the private topic: grouped topics are reached through their group's page. */
const privateGroup = pack.topicGroups?.find((group) => group.topics.includes(PRIVATE_TOPIC));
const publicInPrivateGroup = text(
  pack.topics?.find(
    (topic) => privateGroup?.topics.includes(topic._id) && topic.visibility !== 'Private',
  )?.name,
);

test.describe('/topics', () => {
  test('shows the general topic, the groups and the topics in no group as cards', async ({
    page,
  }) => {
    const answer = await fetchOrganisation(page, 'doughmain');
    const grouped = new Set(
      answer.topicGroups.flatMap((group) =>
        (group as unknown as { topics: { _id: string }[] }).topics.map((t) => t._id),
      ),
    );
    const ungrouped = answer.topics.filter((topic) => !grouped.has(topic._id));
    await openTopicScreen(page, '/topics');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topics');
    const grid = page.getByRole('list', { name: 'Topic groups and topics' });
    const links = grid.getByRole('link');
    await expect(links).toHaveCount(1 + answer.topicGroups.length + ungrouped.length);
    await expect(links.first()).toHaveAttribute('href', '/topic/general');
    for (const group of answer.topicGroups) {
      await expect(grid.getByRole('link', { name: group.name, exact: true })).toHaveAttribute(
        'href',
        `/topicGroup/${group._id}`,
      );
    }
    for (const topic of ungrouped) {
      await expect(grid.getByRole('link', { name: topic.name, exact: true })).toHaveAttribute(
        'href',
        `/topic/${topic._id}`,
      );
    }
  });

  test("a group card shows only the first line of the group's description", async ({ page }) => {
    const group = pack.topicGroups?.[0] as unknown as { name: Text; description: Text };
    const [firstLine, secondLine] = text(group.description).split('\n');
    expect(secondLine, 'the first demo group has a two-line description').toBeTruthy();
    await openTopicScreen(page, '/topics');
    const card = page
      .getByRole('list', { name: 'Topic groups and topics' })
      .getByRole('listitem')
      .filter({ hasText: text(group.name) });
    await expect(card).toContainText(firstLine ?? '');
    await expect(card).not.toContainText(secondLine ?? '');
  });

  test('ends with 10 hidden fillers, so the last row lines up with the others', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTopicScreen(page, '/topics');
    const fillers = page.locator('.card-grid__filler');
    await expect(fillers).toHaveCount(10);
    for (const filler of await fillers.all()) {
      await expect(filler).toHaveAttribute('aria-hidden', 'true');
      expect((await filler.boundingBox())?.height ?? 0).toBe(0);
    }
    const cards = page.locator('.card-grid__item');
    const first = await cards.first().boundingBox();
    const last = await cards.last().boundingBox();
    expect(last && first && last.y > first.y, 'the cards wrap onto several rows').toBe(true);
    expect(last?.width).toBeCloseTo(first?.width ?? 0, 0);
    expect(last?.x).toBeGreaterThanOrEqual(first?.x ?? 0);
  });

  test('cards are reached with Tab and opened with Enter', async ({ page }) => {
    await openTopicScreen(page, '/topics');
    const grid = page.getByRole('list', { name: 'Topic groups and topics' });
    const groupLink = grid.getByRole('link', { name: 'Everyday money', exact: true });
    await grid.getByRole('link').first().focus();
    await page.keyboard.press('Tab');
    await expect(groupLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/topicGroup/everyday-money');
  });

  test('is clean for axe', async ({ page }) => {
    await openTopicScreen(page, '/topics');
    await expect(page.getByRole('list', { name: 'Topic groups and topics' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('/topicGroup/{id}', () => {
  test("shows the group's topics and a back button to /topics", async ({ page }) => {
    const answer = await fetchOrganisation(page, 'doughmain');
    const group = answer.topicGroups[0] as { _id: string; name: string; topics?: unknown[] };
    await openTopicScreen(page, `/topicGroup/${group._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(group.name);
    const grid = page.getByRole('list', { name: `Topics in ${group.name}` });
    await expect(grid.getByRole('link')).toHaveCount(group.topics?.length ?? 0);
    await expect(page.locator('.card-grid__filler')).toHaveCount(10);
    await grid.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/topic\/[\w-]+$/);
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'All topics', exact: true }).click();
    await expect(page).toHaveURL('/topics');
  });

  test('is clean for axe', async ({ page }) => {
    await openTopicScreen(page, '/topicGroup/small-business');
    await expectNoAxeViolations(page);
  });
});

test.describe('not found', () => {
  for (const url of [
    '/topic/no-such-topic',
    '/topic/budgeting-basics/page/no-such-page',
    '/topicGroup/no-such-group',
    '/topic/budgeting-basics/others/group/no-such-group',
    '/topic/emergency-fund/reportcard',
  ]) {
    test(`${url} shows the not-found page`, async ({ page }) => {
      await openTopicScreen(page, url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
      await page.getByRole('main').getByRole('link', { name: 'Browse topics' }).click();
      await expect(page).toHaveURL('/topics');
    });
  }
});

test.describe('private topics', () => {
  test('are hidden from a visitor, and a direct link asks to sign in', async ({ page }) => {
    await openTopicScreen(page, `/topicGroup/${privateGroup?._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: publicInPrivateGroup })).toBeVisible();
    await expect(main.getByRole('link', { name: privateName })).toHaveCount(0);

    await openTopicScreen(page, `/topic/${PRIVATE_TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to open this topic');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/signin',
    );
    await expectNoAxeViolations(page);
  });

  test('are shown to a member of a group granted them', async ({ page }) => {
    await signInThroughApi(page, GROUP_ADMIN);
    await openTopicScreen(page, `/topicGroup/${privateGroup?._id}`);
    await page.getByRole('main').getByRole('link', { name: privateName }).click();
    await expect(page).toHaveURL(`/topic/${PRIVATE_TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(privateName);
    await expect(page.getByRole('navigation', { name: `Pages of ${privateName}` })).toBeVisible();
  });

  test('tell a signed-in learner without the grant that they have no access', async ({ page }) => {
    await signInThroughApi(page, LEARNER);
    await openTopicScreen(page, `/topicGroup/${privateGroup?._id}`);
    await expect(
      page.getByRole('main').getByRole('link', { name: publicInPrivateGroup }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: privateName })).toHaveCount(0);
    await openTopicScreen(page, `/topic/${PRIVATE_TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'You do not have access to this topic',
    );
  });
});

/*
 * Issue 24, point 10: a visitor who opens a private topic is told which bundle opens it (its
 * name, price and a link to its page), besides signing in.
 */
test.describe('a private topic names the bundle that opens it', () => {
  const toolkit = (pack.bundles as { _id: string; name: Text }[] | undefined)?.find(
    (bundle) => bundle._id === 'small-business-toolkit',
  );
  for (const combo of COMBOS) {
    test(`to a visitor, at ${comboName(combo)}`, async ({ page }, testInfo) => {
      await openAt(page, combo, `/topic/${PRIVATE_TOPIC}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(combo.locale, 'topic.signIn.title'),
      );
      const section = page.getByRole('region', {
        name: t(combo.locale, 'topic.unlock.title', { count: 1 }),
      });
      const name = text(toolkit?.name, combo.locale);
      const link = section.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', '/bundle/small-business-toolkit');
      await expect(section).toContainText(
        combo.locale === 'en-US' ? 'US$79.00' : '79,00\u00a0$\u00a0US',
      );
      // Signing in is still the other way in; nothing of the topic is shown.
      await expect(
        page.getByRole('main').getByRole('link', { name: t(combo.locale, 'topic.signIn.action') }),
      ).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(privateName);
      await expectNoAxeViolations(page);
      await shot(page, testInfo, `private-topic-bundle-${combo.locale}-${combo.viewport.width}`);
      await link.click();
      await expect(page).toHaveURL('/bundle/small-business-toolkit');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    });
  }
});
