import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DOUGHMAIN, newLearner, openSignedIn, signUpByApi } from './accounts';

/** A workbook as GET /api/org/{org}/workbook answers it (the parts these tests read). */
export interface SavedWorkbook {
  general: { data: Record<string, unknown>; completedPages: string[] };
  topics: Record<
    string,
    { _id: string; name: string; data: Record<string, unknown>; completedPages: string[] }[]
  >;
  history?: { topicId: string; pageId?: string; worksheetIndex: number; updatedAt?: string } | null;
}

/** A learner of their own (tests run side by side and must not share answers), signed in at `path`. */
export async function openAsNewLearner(
  page: Page,
  prefix: string,
  path: string,
): Promise<{ token: string; email: string }> {
  const learner = newLearner(prefix);
  const token = await signUpByApi(page.request, learner);
  await openSignedIn(page, token, path);
  return { token, email: learner.email };
}

export async function fetchWorkbook(
  request: APIRequestContext,
  token: string,
): Promise<SavedWorkbook> {
  const response = await request.get(`/api/org/${DOUGHMAIN}/workbook`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { workbook: { workbook: SavedWorkbook } }).workbook.workbook;
}

/** PUT answers straight to the server (what another device would have saved). */
export async function saveWorkbook(
  request: APIRequestContext,
  token: string,
  workbook: Partial<SavedWorkbook> & Record<string, unknown>,
): Promise<void> {
  const response = await request.put(`/api/org/${DOUGHMAIN}/workbook`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { workbook },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** One worksheet of a topic with these answers, stamped now. */
export function worksheetWith(id: string, data: Record<string, unknown>) {
  const now = new Date(Date.now() - 60_000).toISOString();
  return {
    _id: id,
    name: 'New Worksheet',
    createdAt: now,
    data,
    fieldTimes: Object.fromEntries(Object.keys(data).map((key) => [key, now])),
    completedPages: [],
  };
}

/** The save status says the server has every answer. */
export async function expectAllSaved(page: Page): Promise<void> {
  await expect(page.locator('.save-status__text')).toHaveText('All changes saved');
}

/** A formula fragment's value, by the formula's name. */
export function formulaValue(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true }).locator('.formula__value');
}

/** The sidebar link of a page, whatever its completion mark. */
export function sidebarLink(page: Page, topicName: string, pageName: string) {
  return page
    .getByRole('navigation', { name: `Pages of ${topicName}` })
    .getByRole('link', { name: new RegExp(`^${pageName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
}

export const ALL_FIELDS_TOPIC = 'e2e-every-field';

/**
 * A topic with a page holding every field type, and a scored page with one field that is not
 * scored. The demo content has no such page, so the tests serve it in place of the server's
 * answer for this one topic id; everything else (the workbook saves above all) is the real server.
 */
export function everyFieldTopic() {
  const field = (id: string, type: string, name: string, extra: Record<string, unknown> = {}) => ({
    _id: `frag-${id}`,
    type: 'field',
    field: {
      _id: id,
      name,
      question: `<p>About ${name.toLowerCase()}.</p>`,
      type,
      isScored: false,
      ...extra,
    },
  });
  const pickList = [
    { _id: 'p-rent', value: 'rent', label: 'Rent' },
    { _id: 'p-food', value: 'food', label: 'Groceries' },
  ];
  return {
    _id: ALL_FIELDS_TOPIC,
    name: 'Every field',
    description: '<p>Every kind of answer on one page.</p>',
    isGeneral: false,
    visibility: 'Public',
    parentTopicGroup: { _id: 'everyday-money', name: 'Everyday money', visibility: 'Public' },
    allowMultiWorksheets: true,
    showGradeReport: false,
    hasScoredFields: true,
    pages: [
      {
        _id: 'all-fields',
        name: 'All the fields',
        visibility: 'Public',
        hasScoredFields: false,
        fragments: [
          { _id: 'intro', type: 'content', content: { body: '<p>Answer anything.</p>' } },
          field('ef-select', 'select', 'A choice from a list', { pickList }),
          field('ef-number', 'number', 'An amount', { minValue: 0, maxValue: 1000 }),
          field('ef-string', 'string', 'A note', { height: 3 }),
          field('ef-boolean', 'boolean', 'I agree'),
          field('ef-radio', 'radio', 'One of a few', { pickList }),
          field('ef-slider', 'slider', 'A level'),
          field('ef-table', 'table', 'A small table', {
            rowCount: 2,
            columnCount: 2,
            cells: [
              [
                { defaultValue: 'Item', isReadOnly: true },
                { defaultValue: 'Cost ($)', isReadOnly: true },
              ],
              [{ defaultValue: 'Rent', isReadOnly: true }, {}],
            ],
          }),
          field('ef-file', 'file', 'A document'),
          {
            _id: 'double',
            type: 'formula',
            formula: {
              _id: 'double',
              name: 'Twice the amount',
              description: '',
              body: '<span data-ref="ef-number"></span> * 2',
            },
          },
        ],
      },
      {
        _id: 'scored-check',
        name: 'A scored check',
        visibility: 'Public',
        hasScoredFields: true,
        fragments: [
          field('sc-question', 'radio', 'The right answer', {
            pickList,
            isScored: true,
            scoreWeight: 1,
          }),
          field('sc-notes', 'string', 'Your reasoning', { height: 1 }),
        ],
      },
    ],
  };
}

/** Serves everyFieldTopic() for GET /api/org/doughmain/topic/e2e-every-field. */
export async function serveEveryFieldTopic(page: Page): Promise<void> {
  await page.route(`**/api/org/${DOUGHMAIN}/topic/${ALL_FIELDS_TOPIC}?*`, (route) =>
    route.fulfill({ json: { topic: everyFieldTopic() } }),
  );
}
