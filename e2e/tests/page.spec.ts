import { longTest } from './support/limits';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/app';
import { fetchTopic, openTopicScreen } from './support/topics';

const VIDEO_PAGE = '/topic/budgeting-basics/page/budget-why';

test.describe('a page', () => {
  test('renders its fragments: content, the video attachment, more content', async ({ page }) => {
    const topic = await fetchTopic(page, 'budgeting-basics');
    const budgetWhy = topic.pages.find((p) => p._id === 'budget-why');
    await openTopicScreen(page, VIDEO_PAGE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(budgetWhy?.name ?? '');
    await expect(page.locator('.topic-page .fragment')).toHaveCount(
      budgetWhy?.fragments.length ?? 0,
    );
    await expect(page.locator('.topic-page script, .topic-page [onclick]')).toHaveCount(0);
  });

  test('plays the video attachment, whose poster is a still captured from it', async ({ page }) => {
    await openTopicScreen(page, VIDEO_PAGE);
    const video = page.locator('video.video-attachment__player');
    // The still is the poster, shown once: no second copy under the player (issue 15, point 17).
    await expect(video).toHaveAttribute('poster', /^data:image\/png;base64,/, {
      timeout: longTest(15_000),
    });
    await expect(page.locator('.video-attachment img')).toHaveCount(0);
    await expect(video).toHaveAttribute('src', '/media/doughmain/budgeting-in-4-steps.mp4');
    // The capture's own video and canvas are gone.
    await expect(page.locator('.video-thumbnail__generator')).toHaveCount(0);

    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), {
        timeout: longTest(10_000),
      })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
  });

  test('offers other attachments as download links with name and description', async ({ page }) => {
    await openTopicScreen(page, '/topic/cash-flow-forecasting/page/cash-why');
    const link = page.locator('.attachment__link');
    await expect(link).toHaveAttribute('href', '/media/doughmain/cash-flow-template.csv');
    await expect(link).toHaveAttribute('download', '');
    await expect(link).toContainText('(CSV file)');
    await expect(page.locator('.attachment__description')).not.toBeEmpty();
  });

  test('shows fields as inputs labelled with their name, and formulas with their value', async ({
    page,
  }) => {
    const topic = await fetchTopic(page, 'budgeting-basics');
    const numbers = topic.pages.find((p) => p._id === 'budget-numbers');
    const field = numbers?.fragments.find((f) => f.type === 'field') as
      { field: { name: string } } | undefined;
    await openTopicScreen(page, '/topic/budgeting-basics/page/budget-numbers');
    await expect(page.getByRole('textbox', { name: field?.field.name })).toBeEditable();
    // Nothing answered yet: a placeholder rather than a made-up 0 (issue 15, point 10).
    await expect(page.locator('.formula__value').first()).toHaveText('Waiting for your answers');
  });

  test('shows sharing icons on a public page of a public topic in a public group', async ({
    page,
  }) => {
    await openTopicScreen(page, VIDEO_PAGE);
    const share = page.getByRole('group', { name: 'Share this page' });
    await expect(share.getByRole('button', { name: 'Copy the link to this page' })).toBeVisible();
    await expect(share.getByRole('link', { name: 'Share this page by email' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=/,
    );
  });

  test('has no sharing icons in the general topic, which has no group', async ({ page }) => {
    const general = await fetchTopic(page, 'general');
    await openTopicScreen(page, `/topic/general/page/${general.pages[0]?._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(general.pages[0]?.name ?? '');
    await expect(page.getByRole('group', { name: 'Share this page' })).toHaveCount(0);
  });

  test('is clean for axe, with and without a glossary tooltip open', async ({ page }) => {
    await openTopicScreen(page, VIDEO_PAGE);
    await expect(page.locator('video.video-attachment__player')).toHaveAttribute(
      'poster',
      /^data:/,
      { timeout: longTest(15_000) },
    );
    await expectNoAxeViolations(page);
    await page.getByRole('term').first().hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a page with fields and formulas is clean for axe', async ({ page }) => {
    await openTopicScreen(page, '/topic/budgeting-basics/page/budget-quiz');
    await expectNoAxeViolations(page);
  });
});
