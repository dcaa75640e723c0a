import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations, fetchOrganisation } from './support/app';
import { newLearner, signUpByApi } from './support/accounts';
import { COMBOS, comboName, isPhone, openAt, shot } from './support/combos';
import { t } from './support/i18n';
import {
  fetchTopic,
  openTopicScreen,
  sidebar,
  turns,
  visiblePages,
  type TopicAnswer,
} from './support/topics';
import { saveWorkbook, worksheetWith } from './support/workbook';

const TOPIC = 'budgeting-basics';

/** Home, the pages, the report card when there is one, other topics (docs/product-spec.md §4). */
function expectedSequence(topic: TopicAnswer) {
  return [
    { url: `/topic/${TOPIC}`, label: 'Home', heading: topic.name },
    ...visiblePages(topic).map((p) => ({
      url: `/topic/${TOPIC}/page/${p._id}`,
      label: p.name,
      heading: p.name,
    })),
    ...(topic.showGradeReport && topic.hasScoredFields
      ? [{ url: `/topic/${TOPIC}/reportcard`, label: 'Report card', heading: 'Report card' }]
      : []),
    { url: `/topic/${TOPIC}/others`, label: 'Other topics', heading: 'Other topics' },
  ];
}

async function expectAt(
  page: Page,
  topic: TopicAnswer,
  step: { url: string; label: string; heading: string },
) {
  await expect(page).toHaveURL(step.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(step.heading);
  // A page visited is completed (docs/product-spec.md §4) and then marked after its name.
  await expect(sidebar(page, topic.name).locator('[aria-current="page"]')).toHaveText(
    new RegExp(`^${step.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ✓completed)?$`),
  );
}

test.describe('topic layout', () => {
  test('draws the subheader icons in SVG, which every system shows, not as font glyphs', async ({
    page,
  }) => {
    await openTopicScreen(page, `/topic/${TOPIC}`);
    const print = page.locator('.topic-subheader__print');
    await expect(print).toBeVisible();
    // ⎙ had no font in Debian's Chromium and showed as an empty box.
    expect(await print.textContent()).not.toMatch(/[\u2300-\u23ff\u2700-\u27bf\u{1f4c4}]/u);
    const icon = print.locator('svg[data-icon="print"]');
    const box = await icon.boundingBox();
    expect(box?.width).toBeGreaterThan(8);
    expect(box?.height).toBeGreaterThan(8);
    expect(await icon.getAttribute('aria-hidden')).toBe('true');
  });

  test('lists Home, every page, Report Card and Other Topics in the sidebar', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}`);
    const links = sidebar(page, topic.name).getByRole('link');
    await expect(links).toHaveText(expectedSequence(topic).map((step) => step.label));
    await expect(
      page.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: 'Topics' }),
    ).toHaveAttribute('href', '/topics');
  });

  test('walks the whole topic with Next, then back with Previous', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    const sequence = expectedSequence(topic);
    expect(sequence.length).toBeGreaterThan(4);
    await openTopicScreen(page, `/topic/${TOPIC}`);
    await expectAt(page, topic, sequence[0]!);
    await expect(turns(page).getByRole('link', { name: /^Previous/ })).toHaveCount(0);

    for (const step of sequence.slice(1)) {
      await turns(page).getByRole('link', { name: /^Next/ }).click();
      await expectAt(page, topic, step);
    }
    await expect(turns(page).getByRole('link', { name: /^Next/ })).toHaveCount(0);

    // Back down to the first page; from there, nothing is previous (docs/product-spec.md §4).
    for (const step of sequence.slice(1, -1).reverse()) {
      await turns(page)
        .getByRole('link', { name: /^Previous/ })
        .click();
      await expectAt(page, topic, step);
    }
    await expect(turns(page).getByRole('link', { name: /^Previous/ })).toHaveCount(0);
  });

  test('sidebar entries and page turns work from the keyboard', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    const [first, second] = visiblePages(topic);
    await openTopicScreen(page, `/topic/${TOPIC}`);
    const nav = sidebar(page, topic.name);
    await nav.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: first?.name })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/topic/${TOPIC}/page/${first?._id}`);
    // Focus lands on the new page's heading (issue 15 point 18); from there the learner moves on.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const next = turns(page).getByRole('link', { name: /^Next/ });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/topic/${TOPIC}/page/${second?._id}`);
  });

  test('turning a page flips it over 300 ms, and not at all with reduced motion', async ({
    page,
  }) => {
    await openTopicScreen(page, `/topic/${TOPIC}`);
    await turns(page).getByRole('link', { name: /^Next/ }).click();
    const content = page.locator('.topic-layout__content');
    await expect(content).toHaveClass(/page-flip--next/);
    expect(await content.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.3s');
    expect(await content.evaluate((el) => getComputedStyle(el).animationName)).toBe(
      'page-flip-next',
    );
    // The first page has no Previous (docs/product-spec.md §4): an earlier sidebar entry flips backwards too.
    await page.locator('.topic-sidebar').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(content).toHaveClass(/page-flip--previous/);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await turns(page).getByRole('link', { name: /^Next/ }).click();
    await expect(content).toHaveClass(/page-flip--next/);
    expect(await content.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('keeps the current entry in view in a sidebar that scrolls', async ({ page }) => {
    // A wide, short window: the sidebar is beside the page and scrolls on its own (on a narrow
    // screen the list folds behind a "Page 2 of 4" button instead).
    await page.setViewportSize({ width: 1000, height: 320 });
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}/others`);
    const nav = sidebar(page, topic.name);
    const scrolls = await nav.evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls, 'the sidebar scrolls at this size').toBe(true);
    expect(await nav.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const inView = await nav.evaluate((el) => {
      const current = el.querySelector('[aria-current="page"]');
      if (!current) return false;
      const box = el.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      return item.top >= box.top && item.bottom <= box.bottom;
    });
    expect(inView).toBe(true);
  });
});

test.describe('topic home', () => {
  test('shows the hero: name, 320 px image with alt text and the description', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.name);
    const image = page.getByRole('img', { name: `Illustration for the topic ${topic.name}` });
    await expect(image).toBeVisible();
    expect((await image.boundingBox())?.width).toBe(320);
  });

  test('shows a glossary definition on hover', async ({ page }) => {
    await openTopicScreen(page, `/topic/${TOPIC}`);
    const term = page
      .getByRole('term')
      .filter({ hasText: /^budget$/i })
      .first();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await term.hover();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('A plan that matches the money you expect to receive');
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
  });

  test('shows a glossary definition on keyboard focus; Escape hides it', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}`);
    // The description follows the sidebar: its last entry, then Tab, reaches the first term.
    await sidebar(page, topic.name).getByRole('link', { name: 'Other topics' }).focus();
    await page.keyboard.press('Tab');
    const term = page.getByRole('term').first();
    await expect(term).toBeFocused();
    await expect(term).toHaveText(/budget/i);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(term).toHaveAccessibleDescription(/A plan that matches the money/);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
    await expect(term).toBeFocused();
  });

  test('is clean for axe, with and without a glossary tooltip open', async ({ page }) => {
    await openTopicScreen(page, `/topic/${TOPIC}`);
    await expect(page.getByRole('img', { name: /Illustration/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('term').first().focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('general topic and other topics', () => {
  test('/topic/general shows the general topic from its card', async ({ page }) => {
    const general = await fetchTopic(page, 'general');
    await openTopicScreen(page, '/topics');
    await page
      .getByRole('list', { name: 'Topic groups and topics' })
      .getByRole('link', { name: general.name })
      .click();
    await expect(page).toHaveURL('/topic/general');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(general.name);
    await expect(sidebar(page, general.name).getByRole('link')).toHaveCount(
      visiblePages(general).length + 2,
    );
  });

  test('Other Topics lists the rest of the parent group, within the topic layout', async ({
    page,
  }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}/others`);
    const grid = page.getByRole('list', { name: 'Topics in Everyday money' });
    await expect(grid.getByRole('link', { name: 'Building an emergency fund' })).toBeVisible();
    await expect(grid.getByRole('link', { name: topic.name })).toHaveCount(0);
    await expect(sidebar(page, topic.name)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a group of other topics opens within the topic layout', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}/others/group/planning-ahead`);
    const grid = page.getByRole('list', { name: 'Topics in Planning ahead' });
    await expect(grid.getByRole('link')).toHaveCount(2);
    await expect(sidebar(page, topic.name).locator('[aria-current="page"]')).toHaveText(
      'Other topics',
    );
    await page.getByRole('link', { name: 'All other topics' }).click();
    await expect(page).toHaveURL(`/topic/${TOPIC}/others`);
  });

  test('/others leaves out the topic that was open', async ({ page }) => {
    const topic = await fetchTopic(page, TOPIC);
    await openTopicScreen(page, `/topic/${TOPIC}/others`);
    await page.getByRole('main').getByRole('link', { name: 'Browse all topics' }).click();
    await expect(page).toHaveURL('/others');
    const grid = page.getByRole('list', { name: 'Topic groups and topics' });
    const org = await fetchOrganisation(page, 'doughmain');
    await expect(
      grid.getByRole('link', { name: org.topicGroups[0]!.name, exact: true }),
    ).toBeVisible();
    await expect(grid.getByRole('link', { name: topic.name, exact: true })).toHaveCount(0);
  });
});

/*
 * Issue 24, point 10: the sidebar's progress tick stays on the line of its label, whatever the
 * sidebar's width: never on a line of its own. Checked at a phone's and a laptop's size in both
 * languages, then over a sweep of sidebar widths (a label wraps at some of them).
 */
test.describe('sidebar ticks', () => {
  for (const combo of COMBOS) {
    test(`the tick stays on its label’s last line (${comboName(combo)})`, async ({
      page,
    }, testInfo) => {
      const topic = await fetchTopic(page, TOPIC);
      const pages = visiblePages(topic);
      // A learner who completed every page of the topic.
      const token = await signUpByApi(page.request, newLearner('ticks'));
      await saveWorkbook(page.request, token, {
        topics: {
          [TOPIC]: [{ ...worksheetWith('e2e-ticks', {}), completedPages: pages.map((p) => p._id) }],
        },
      });
      await openAt(page, combo, `/topic/${TOPIC}/others`, token);
      const toggle = page.locator('.topic-sidebar__toggle');
      if (isPhone(combo)) await toggle.click();
      // Named after the topic in the page's language ("Pages of …", "Pages du sujet …").
      const nav = page.getByRole('navigation', {
        name: new RegExp(`^${t(combo.locale, 'topic.pagesNav', { topic: '' })}`),
      });
      await expect(nav).toBeVisible();
      await expect(nav.locator('.topic-sidebar__done')).toHaveCount(pages.length);
      await expectNoAxeViolations(page);
      await shot(page, testInfo, `sidebar-ticks-${combo.locale}-${combo.viewport.width}`);

      const astray = await nav.evaluate((el) => {
        /** Ticks not on the line of their label's last character, at the width the nav has. */
        const check = (width: string) => {
          el.style.width = width;
          const wrong: string[] = [];
          for (const tick of el.querySelectorAll<HTMLElement>('.topic-sidebar__done')) {
            const link = tick.closest('a')!;
            const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
            let last: Text | null = null;
            for (let node = walker.nextNode(); node; node = walker.nextNode())
              if (!tick.contains(node) && /\S/.test(node.textContent ?? '')) last = node as Text;
            if (!last) continue;
            const end = (last.textContent ?? '').trimEnd().length;
            const range = document.createRange();
            range.setStart(last, end - 1);
            range.setEnd(last, end);
            const char = [...range.getClientRects()].at(-1)!;
            const mark = tick.querySelector('[aria-hidden="true"]')!.getBoundingClientRect();
            const middle = (mark.top + mark.bottom) / 2;
            if (middle < char.top || middle > char.bottom)
              wrong.push(`${width}: ${link.textContent ?? ''}`);
          }
          return wrong;
        };
        const wrong = check('');
        for (let px = 110; px <= 340; px += 2) wrong.push(...check(`${px}px`));
        el.style.width = '';
        return wrong;
      });
      expect(astray).toEqual([]);
    });
  }
});
