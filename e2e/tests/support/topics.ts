import { expect, type Locator, type Page } from '@playwright/test';

/** Demo accounts of content/doughmain.json. */
export const GROUP_ADMIN = { username: 'groupadmin', password: 'admin-demo-1' };
export const LEARNER = { username: 'learner', password: 'learner-demo-1' };

/** Private topics of the demo, granted to the small-business cohort only. */
export const PRIVATE_TOPIC = 'invoicing-and-getting-paid';

export const NOT_FOUND = 'Page not found, please select another topic to continue';

/**
 * Signs in through the API, not the sign-in screen: the token goes into localStorage before
 * the app starts, as a returning learner's would.
 */
export async function signInThroughApi(
  page: Page,
  account: { username: string; password: string },
): Promise<void> {
  const response = await page.request.post('/api/org/doughmain/login', { data: account });
  expect(response.ok(), `login of ${account.username}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** The topic as the API answers it, for the expected sidebar and sequence. */
export interface TopicAnswer {
  _id: string;
  name: string;
  description: string;
  showGradeReport: boolean;
  hasScoredFields: boolean;
  pages: {
    _id: string;
    name: string;
    showCondition?: { enabled: boolean };
    fragments: { type: string; attachment?: { url: string; name: string } }[];
  }[];
}

export async function fetchTopic(page: Page, topicId: string): Promise<TopicAnswer> {
  const response = await page.request.get(`/api/org/doughmain/topic/${topicId}?locale=en-US`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { topic: TopicAnswer }).topic;
}

/**
 * The pages a new learner sees: with nothing answered yet, every show condition of the demo
 * topics is false (or an error, which hides too), so only pages without one show.
 */
export function visiblePages(topic: TopicAnswer) {
  return topic.pages.filter((p) => !p.showCondition?.enabled);
}

export function sidebar(page: Page, topicName: string): Locator {
  return page.getByRole('navigation', { name: `Pages of ${topicName}` });
}

export function turns(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Previous and next page' });
}

/** Opens `url` and waits for the topic (or whatever screen) to show its title. */
export async function openTopicScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
