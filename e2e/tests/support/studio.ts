import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DOUGHMAIN } from './accounts';
import { t, type Locale } from './i18n';
import { longTest } from './limits';

/** The demo pack's author and organisation administrator (content/doughmain.json, README). */
export const AUTHOR = { username: 'author', password: 'author-demo-1' };
export const ORG_ADMIN = { username: 'orgadmin', password: 'orgadmin-demo-1' };

/** A topic id no other run or test uses. */
export function newTopicId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** POST /login: the account's token. */
export async function tokenOf(
  request: APIRequestContext,
  account: { username: string; password: string },
): Promise<string> {
  const response = await request.post(`/api/org/${DOUGHMAIN}/login`, { data: account });
  expect(response.ok(), `login of ${account.username}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The studio's save line (shell/save-status.tsx). */
export function saveStatus(page: Page): Locator {
  return page.locator('.studio-save-status');
}

/** Waits until the draft's save line says every change is on the server. */
export async function expectDraftSaved(page: Page, locale: Locale): Promise<void> {
  await expect(saveStatus(page)).toHaveText(t(locale, 'studio.save.saved'), {
    timeout: longTest(10_000),
  });
}

/** Chooses `itemName` in the header's account menu with the keyboard only. */
export async function chooseInAccountMenuByKeyboard(page: Page, itemName: string): Promise<void> {
  const button = page
    .getByRole('banner')
    .getByRole('button', { name: /^(Account menu|Menu du compte)/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: itemName });
  await expect(page.getByRole('menu')).toBeVisible();
  // Down the menu until the item has the focus (its place depends on the account).
  for (let i = 0; i < 8; i++) {
    if (await item.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

/** Opens the studio from the header's account menu with the keyboard only. */
export async function openStudioByKeyboard(page: Page, locale: Locale): Promise<void> {
  await chooseInAccountMenuByKeyboard(page, t(locale, 'header.studio'));
  await expect(page).toHaveURL(/\/studio$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t(locale, 'studio.title') }),
  ).toBeVisible();
}

/** The workspace's tab link (Pages, Settings, History). */
export function workspaceTab(page: Page, locale: Locale, tab: 'pages' | 'settings' | 'history') {
  return page
    .getByRole('navigation', { name: t(locale, 'studio.tab.label') })
    .getByRole('link', { name: t(locale, `studio.tab.${tab}`) });
}

/** A localised text's input for `locale` in the fieldset named `legend` (settings/localised-fields.tsx). */
export function localisedInput(scope: Page | Locator, legend: string, locale: Locale): Locator {
  return scope.getByRole('group', { name: legend, exact: true }).locator(`[lang="${locale}"]`);
}

/** Creates a topic through the "New topic" dialog (named in `names`' locales); returns once its workspace shows. */
export async function createTopicInDialog(
  page: Page,
  locale: Locale,
  topicId: string,
  names: Partial<Record<Locale, string>>,
  onDialog?: () => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: t(locale, 'studio.create.open') }).click();
  const dialog = page.getByRole('dialog', { name: t(locale, 'studio.create.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: t(locale, 'studio.create.id') }).fill(topicId);
  for (const [each, text] of Object.entries(names))
    await dialog.locator(`input[lang="${each}"]`).fill(text);
  if (onDialog) await onDialog();
  await dialog.getByRole('button', { name: t(locale, 'studio.create.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/topic/${topicId}`));
  await expect(page.getByRole('heading', { level: 1, name: names[locale] })).toBeVisible();
}

/** The draft as the server holds it (GET studio topic), to read the ids the editor made. */
export async function fetchDraft(
  request: APIRequestContext,
  token: string,
  topicId: string,
): Promise<{ topic: StudioTopic; version: number; publishedVersion: number | null }> {
  const response = await request.get(`/api/org/${DOUGHMAIN}/studio/topic/${topicId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as {
    topic: StudioTopic;
    version: number;
    publishedVersion: number | null;
  };
}

export interface StudioTopic {
  _id: string;
  name: Record<string, string>;
  pages: {
    _id: string;
    name: Record<string, string>;
    fragments: {
      _id: string;
      type: string;
      field?: { _id: string; type: string; name: Record<string, string> | string };
      formula?: { _id: string; body: string };
      showCondition?: { enabled: boolean; formula: { body: string } };
    }[];
  }[];
}

/**
 * Waits until the server's draft passes `check`, then for the save line to say so: the editor
 * sends a change after a short pause, so "All changes saved" can still show the moment after a
 * keystroke; the draft on the server is what counts.
 */
export async function expectDraftOnServer(
  page: Page,
  locale: Locale,
  token: string,
  topicId: string,
  check: (topic: StudioTopic) => boolean,
): Promise<void> {
  await expect
    .poll(async () => check((await fetchDraft(page.request, token, topicId)).topic), {
      timeout: longTest(10_000),
    })
    .toBe(true);
  await expectDraftSaved(page, locale);
}

const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A copy of a demo topic (content/doughmain.json) under new ids, made through the studio's API
 * (POST studio/topics) as a draft: real content for the screens that are not about building.
 * Every id of the topic gets `-{suffix}`, references in formulas and conditions included.
 */
export async function createTopicCopy(
  request: APIRequestContext,
  token: string,
  sourceId: string,
  suffix: string,
  name?: Record<string, string>,
): Promise<StudioTopic> {
  const packPath = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../content/doughmain.json',
  );
  const pack = JSON.parse(fs.readFileSync(packPath, 'utf8')) as { topics: StudioTopic[] };
  const source = pack.topics.find((each) => each._id === sourceId);
  if (!source) throw new Error(`no topic ${sourceId} in doughmain.json`);
  const ids = new Set<string>();
  JSON.stringify(source, (key, value: unknown) => {
    if (key === '_id' && typeof value === 'string') ids.add(value);
    return value;
  });
  let text = JSON.stringify(source);
  for (const id of ids) {
    const quoted = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text
      .replace(new RegExp(`"${quoted}"`, 'g'), `"${id}-${suffix}"`)
      .replace(new RegExp(`\\\\"${quoted}\\\\"`, 'g'), `\\"${id}-${suffix}\\"`);
  }
  const topic = JSON.parse(text) as StudioTopic;
  if (name) topic.name = name;
  const response = await request.post(`/api/org/${DOUGHMAIN}/studio/topics`, {
    headers: authHeader(token),
    data: { topic },
  });
  expect(response.status(), await response.text()).toBe(201);
  return topic;
}

/** PUT the draft (the server's current version) with `change` applied. */
export async function saveDraftByApi(
  request: APIRequestContext,
  token: string,
  topicId: string,
  change: (topic: StudioTopic) => void,
): Promise<void> {
  const draft = await fetchDraft(request, token, topicId);
  change(draft.topic);
  const response = await request.put(`/api/org/${DOUGHMAIN}/studio/topic/${topicId}`, {
    headers: authHeader(token),
    data: { topic: draft.topic, version: draft.version },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function publishByApi(
  request: APIRequestContext,
  token: string,
  topicId: string,
  note: string,
): Promise<number> {
  const response = await request.post(`/api/org/${DOUGHMAIN}/studio/topic/${topicId}/publish`, {
    headers: authHeader(token),
    data: { note },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { publishedVersion: number }).publishedVersion;
}

/** Hides a test's topic from learners again (archived: answers kept), so other specs' lists stay as shipped. */
export async function archiveByApi(
  request: APIRequestContext,
  token: string,
  topicId: string,
): Promise<void> {
  const response = await request.post(`/api/org/${DOUGHMAIN}/studio/topic/${topicId}/archive`, {
    headers: authHeader(token),
    data: { archived: true },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
