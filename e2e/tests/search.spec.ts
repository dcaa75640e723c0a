import { expect, test, type Page } from './support/test';
import { expectNoAxeViolations } from './support/app';
import { openTopicScreen } from './support/topics';

const NO_RESULTS = 'No results matching your search keywords';

function searchBox(page: Page, name = 'Search topics') {
  return page.getByRole('search').getByRole('searchbox', { name });
}

function results(page: Page, keywords: string) {
  return page.getByRole('list', { name: `Topics matching “${keywords}”` });
}

function usualCards(page: Page) {
  return page.getByRole('list', { name: 'Topic groups and topics' });
}

/** Every search request the page makes, by its keywords. */
function recordSearches(page: Page): string[] {
  const keywords: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/org/doughmain/search')
      keywords.push(url.searchParams.get('keywords') ?? '');
  });
  return keywords;
}

test.describe('topic search', () => {
  test('searches nothing under 3 characters', async ({ page }) => {
    const searches = recordSearches(page);
    await openTopicScreen(page, '/topics');
    // The page's clock is the test's: a search waits 300 ms after the last key.
    await page.clock.install();
    await searchBox(page).fill('bu');
    await page.clock.runFor(1_000);
    await expect(usualCards(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /found|No results/ })).toHaveCount(0);
    // A third letter: its search goes out, and it is the first (requests leave in order, so
    // none went out for two letters).
    await searchBox(page).fill('bud');
    await page.clock.runFor(300);
    await expect.poll(() => searches).toEqual(['bud']);
  });

  test('finds topics by their words, announces the count, and clears back to the cards', async ({
    page,
  }) => {
    const searches = recordSearches(page);
    await openTopicScreen(page, '/topics');
    const box = searchBox(page);
    // Typed key by key: one request once the typing pauses.
    await box.pressSequentially('budget', { delay: 40 });
    const found = results(page, 'budget');
    await expect(found.getByRole('link', { name: 'Budgeting basics' })).toHaveAttribute(
      'href',
      '/topic/budgeting-basics',
    );
    await expect(found.getByRole('link', { name: 'Building an emergency fund' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '2 topics found' })).toBeVisible();
    await expect(usualCards(page)).toHaveCount(0);
    expect(searches).toEqual(['budget']);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(results(page, 'budget')).toHaveCount(0);
    await expect(usualCards(page)).toBeVisible();
  });

  test("says 'No results matching your search keywords' when nothing matches", async ({ page }) => {
    await openTopicScreen(page, '/topics');
    await searchBox(page).fill('xylophone');
    await expect(page.getByRole('status').filter({ hasText: NO_RESULTS })).toBeVisible();
    await expect(page.getByText(NO_RESULTS)).toHaveCount(1);
    await expect(usualCards(page)).toHaveCount(0);
    // Keyboard: Escape empties the box and brings the cards back.
    await searchBox(page).press('Escape');
    await expect(usualCards(page)).toBeVisible();
  });

  test('French words find French content once the learner switches to French', async ({ page }) => {
    await openTopicScreen(page, '/topics');
    await searchBox(page).fill('retraite');
    await expect(page.getByRole('status').filter({ hasText: NO_RESULTS })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: /^FR\b/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    const box = searchBox(page, 'Rechercher des sujets');
    await box.fill('');
    await box.fill('retraite');
    const found = page.getByRole('list', { name: 'Sujets correspondant à « retraite »' });
    await expect(found.getByRole('link', { name: 'Épargner pour la retraite' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /^\d+ sujets? trouvés?$/ }),
    ).toBeVisible();
  });

  test('searches within the topic group on /topicGroup/{id}', async ({ page }) => {
    const searches: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/org/doughmain/search') searches.push(url);
    });
    await openTopicScreen(page, '/topicGroup/planning-ahead');
    await searchBox(page).fill('money');
    const found = results(page, 'money');
    await expect(found.getByRole('link')).toHaveText([
      'Compare job offers',
      'Saving for retirement',
    ]);
    expect(searches.at(-1)?.searchParams.get('topicGroup')).toBe('planning-ahead');
    // Topics of other groups that hold the word stay out.
    await expect(found.getByRole('link', { name: 'Budgeting basics' })).toHaveCount(0);

    await searchBox(page).fill('');
    await expect(page.getByRole('list', { name: 'Topics in Planning ahead' })).toBeVisible();
  });

  test('never shows a private topic to a visitor', async ({ page }) => {
    await openTopicScreen(page, '/topics');
    await searchBox(page).fill('invoicing');
    const found = results(page, 'invoicing');
    await expect(found.getByRole('link').first()).toBeVisible();
    await expect(found.getByRole('link', { name: 'Invoicing and getting paid' })).toHaveCount(0);
  });
});
