import fs from 'node:fs';
import { DEMO } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, openAt, type Combo } from './support/combos';
import { t } from './support/i18n';
import { docsShot } from './support/console';
import {
  AUTHOR,
  ORG_ADMIN,
  chooseInAccountMenuByKeyboard,
  newTopicId,
  tokenOf,
} from './support/studio';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';

/**
 * Issue 27 (first part): the organisation console's door and its audit log. An author's change
 * in the studio shows in the administrator's log with who and what changed, the log filters by
 * action and target by keyboard, exports as CSV, and is refused to authors and learners.
 */

const COMBOS: Combo[] = [
  { locale: 'en-US', viewport: LAPTOP },
  { locale: 'fr-CA', viewport: PHONE },
  { locale: 'fr-CA', viewport: LAPTOP },
  { locale: 'en-US', viewport: PHONE },
];

/** An author creates a draft topic in the studio (never published: learners see nothing). */
async function authorCreatesTopic(page: Page, id: string): Promise<void> {
  const token = await tokenOf(page.request, AUTHOR);
  const response = await page.request.post('/api/org/doughmain/studio/topics', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      topic: {
        _id: id,
        name: { 'en-US': 'Audit trail topic', 'fr-CA': 'Sujet de la piste d’audit' },
        visibility: 'Private',
        allowMultiWorksheets: false,
        showGradeReport: false,
        pages: [],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

for (const combo of COMBOS) {
  const name = `${combo.locale} ${combo.viewport.width}`;
  test(`${name}: the administrator finds an author’s change in the audit log, by keyboard, and exports it`, async ({
    page,
  }) => {
    test.setTimeout(longTest(60_000));
    const { locale } = combo;
    const topicId = newTopicId('audit');
    await authorCreatesTopic(page, topicId);
    await openAt(page, combo, '/', await tokenOf(page.request, ORG_ADMIN));

    // Into the console from the account menu, by keyboard.
    await chooseInAccountMenuByKeyboard(page, t(locale, 'header.console'));
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'admin.audit.title') }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: t(locale, 'admin.audit.table') });
    await expect(table).toBeVisible();

    // Filter by the topic's target and the creation, typed and chosen by keyboard.
    const target = page.getByLabel(t(locale, 'admin.audit.filter.target'));
    await target.focus();
    await page.keyboard.type(`topic:${topicId}`);
    await page.getByLabel(t(locale, 'admin.audit.filter.action')).selectOption('topic.create');
    await page
      .getByRole('button', { name: t(locale, 'admin.audit.filter.apply'), exact: true })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`target=topic%3A${topicId}`));
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    await expect(row).toContainText(t(locale, 'admin.audit.action.topic.create'));
    await expect(row).toContainText(`topic:${topicId}`);
    await expect(row).toContainText(`${t(locale, 'admin.audit.key.draftVersion')}: — → 1`);
    await expect(
      row.getByRole('button', {
        name: t(locale, 'admin.audit.onlyActor', { name: 'Élise Fortin' }),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    if (combo.viewport === LAPTOP || locale === 'en-US')
      await docsShot(page, `console-audit-${locale}-${combo.viewport.width}`);

    // The export carries the same events.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t(locale, 'admin.audit.export') }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(csv[0]).toBe('at,actor,actorName,action,target,before,after');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`,author,`);
    expect(csv[1]).toContain(`,topic.create,topic:${topicId},`);
  });
}

test('the console is refused to an author and a learner, and asks a visitor to log in', async ({
  page,
}) => {
  for (const account of [AUTHOR, DEMO.learner]) {
    const token = await tokenOf(page.request, account);
    await openAt(page, { locale: 'en-US', viewport: LAPTOP }, '/admin', token);
    await expect(page.getByText(t('en-US', 'admin.gate.forbidden'))).toBeVisible();
    await expect(page.getByRole('menuitem', { name: t('en-US', 'header.console') })).toHaveCount(0);
    const api = await page.request.get('/api/org/doughmain/admin/audit', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status()).toBe(403);
    await expectNoAxeViolations(page);
  }
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/admin/audit');
  await expect(page.getByText(t('en-US', 'admin.gate.signIn'))).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: t('en-US', 'admin.gate.logIn') }),
  ).toHaveAttribute('href', /\/signin\?returnTo=%2Fadmin%2Faudit/);
});
