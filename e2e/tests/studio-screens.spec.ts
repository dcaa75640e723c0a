import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, PHONE, openAt, type Combo } from './support/combos';
import { t } from './support/i18n';
import {
  AUTHOR,
  ORG_ADMIN,
  archiveByApi,
  createTopicCopy,
  expectDraftOnServer,
  expectDraftSaved,
  fetchDraft,
  localisedInput,
  newTopicId,
  publishByApi,
  saveDraftByApi,
  tokenOf,
  workspaceTab,
} from './support/studio';
import { selectBlock } from './support/studio-editor';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';

/**
 * Issue 26: the studio's door (learner refused, visitor asked to log in), a stale tab's save
 * (the conflict view, nothing lost), the studio on a phone (read, rename a page), and the
 * screenshots of the studio's screens for the README (docs/images/studio-*.png).
 */

const EN: Combo = { locale: 'en-US', viewport: LAPTOP };
const FR: Combo = { locale: 'fr-CA', viewport: LAPTOP };
const DOCS_IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images');

test.use({ actionTimeout: 10_000 });

/** A screenshot for the README: docs/images when E2E_DOCS_SHOTS=1, else the test's output. */
async function docsShot(page: Page, name: string): Promise<void> {
  const file =
    process.env.E2E_DOCS_SHOTS === '1'
      ? path.join(DOCS_IMAGES, `${name}.png`)
      : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  expect(fs.statSync(file).size).toBeGreaterThan(10_000);
}

test.describe('the studio’s door', () => {
  for (const combo of [EN, FR]) {
    test(`${combo.locale}: a learner is refused, a visitor is asked to log in`, async ({
      page,
    }) => {
      const token = await tokenOf(page.request, DEMO.learner);
      await openAt(page, combo, '/studio', token);
      await expect(page.getByText(t(combo.locale, 'studio.gate.forbidden'))).toBeVisible();
      await expect(
        page.getByRole('link', { name: t(combo.locale, 'studio.gate.home') }),
      ).toBeVisible();
      // The menu offers no studio to a learner, and the server refuses its API (403).
      await expect(
        page.getByRole('menuitem', { name: t(combo.locale, 'header.studio') }),
      ).toHaveCount(0);
      const api = await page.request.get('/api/org/doughmain/studio/topics', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(api.status()).toBe(403);
      await expectNoAxeViolations(page);

      await page.evaluate(() => window.localStorage.removeItem('token'));
      await page.goto('/studio');
      await expect(page.getByText(t(combo.locale, 'studio.gate.signIn'))).toBeVisible();
      const logIn = page
        .getByRole('main')
        .getByRole('link', { name: t(combo.locale, 'studio.gate.logIn') });
      await expect(logIn).toHaveAttribute('href', /\/signin\?returnTo=%2Fstudio/);
      await expectNoAxeViolations(page);
    });
  }

  test('the organisation administrator opens the studio too', async ({ page }) => {
    await openAt(page, EN, '/studio', await tokenOf(page.request, ORG_ADMIN));
    await expect(
      page.getByRole('button', { name: t('en-US', 'studio.create.open') }),
    ).toBeVisible();
  });
});

for (const combo of [EN, FR]) {
  test(`${combo.locale}: a stale tab’s save gets the conflict view; no text is lost`, async ({
    browser,
  }) => {
    test.setTimeout(longTest(60_000));
    const { locale } = combo;
    const context = await browser.newContext();
    const [mine, theirs] = [await context.newPage(), await context.newPage()];
    const token = await tokenOf(mine.request, AUTHOR);
    const suffix = newTopicId('c');
    const topic = await createTopicCopy(mine.request, token, 'emergency-fund', suffix, {
      'en-US': 'Emergency fund, shared draft',
      'fr-CA': 'Fonds d’urgence, brouillon partagé',
    });
    const page0 = topic.pages[0]!;
    const at = `/studio/topic/${topic._id}?tab=pages&page=${page0._id}`;
    await openAt(mine, combo, at, token);
    await openAt(theirs, combo, at, token);
    const legend = t(locale, 'studio.pages.name');

    // The other tab saves first.
    const theirText = locale === 'en-US' ? 'What the fund is for' : 'À quoi sert le fonds';
    await localisedInput(theirs, legend, locale).fill(theirText);
    await expectDraftOnServer(
      theirs,
      locale,
      token,
      topic._id,
      (draft) => draft.pages[0]!.name[locale] === theirText,
    );

    // This tab, stale, saves on top: refused, and shown both versions.
    const myText = locale === 'en-US' ? 'Why keep a fund at all' : 'Pourquoi garder un fonds';
    await localisedInput(mine, legend, locale).fill(myText);
    await expect(mine.locator('.studio-save-status')).toContainText(
      t(locale, 'studio.save.conflict'),
    );
    const conflict = mine.getByRole('region', { name: t(locale, 'studio.conflict.title') });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('cell', { name: myText })).toBeVisible();
    await expect(conflict.getByRole('cell', { name: theirText })).toBeVisible();
    // Nothing lost: my text still in my field; theirs on the server.
    await expect(localisedInput(mine, legend, locale)).toHaveValue(myText);
    expect((await fetchDraft(mine.request, token, topic._id)).topic.pages[0]!.name[locale]).toBe(
      theirText,
    );
    await expect(
      mine.getByRole('button', { name: t(locale, 'studio.publish.open') }),
    ).toBeDisabled();
    await expectNoAxeViolations(mine);
    if (locale === 'en-US') await docsShot(mine, 'studio-conflict');

    // Keeping mine saves it over theirs.
    await conflict.getByRole('button', { name: t(locale, 'studio.conflict.keepMine') }).click();
    await expectDraftOnServer(
      mine,
      locale,
      token,
      topic._id,
      (draft) => draft.pages[0]!.name[locale] === myText,
    );
    await expect(conflict).toHaveCount(0);
    await context.close();
  });
}

test('on a phone (390×844) the studio reads and takes a small edit: a page renamed, saved', async ({
  page,
}) => {
  const locale = 'en-US';
  const token = await tokenOf(page.request, AUTHOR);
  const topic = await createTopicCopy(page.request, token, 'budgeting-basics', newTopicId('p'), {
    'en-US': 'Budgeting on the go',
    'fr-CA': 'Le budget en déplacement',
  });
  const name = topic.name[locale]!;
  await openAt(page, { locale, viewport: PHONE }, '/studio', token);
  // By its address too: repeated runs leave topics of the same name in the list.
  await page
    .getByRole('link', { name, exact: true })
    .and(page.locator(`[href$="/studio/topic/${topic._id}"]`))
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectDraftSaved(page, locale);
  // Readable: every page listed, the first page's blocks shown, nothing wider than the screen.
  const pages = page.getByRole('navigation', { name: t(locale, 'studio.pages.title') });
  for (const each of topic.pages) await expect(pages.getByText(each.name[locale]!)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await pages.getByRole('link', { name: topic.pages[1]!.name[locale]! }).click();
  const renamed = 'Money in, money out';
  await localisedInput(page, t(locale, 'studio.pages.name'), locale).fill(renamed);
  await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
  await expectDraftOnServer(
    page,
    locale,
    token,
    topic._id,
    (draft) => draft.pages[1]!.name[locale] === renamed,
  );
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(pages.getByText(renamed)).toBeVisible();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await docsShot(page, 'studio-phone');
});

test('screenshots of the studio’s screens (1366×900) for the README', async ({ page }) => {
  test.setTimeout(longTest(60_000));
  const locale = 'en-US';
  const token = await tokenOf(page.request, AUTHOR);
  const topic = await createTopicCopy(page.request, token, 'budgeting-basics', newTopicId('s'), {
    'en-US': 'Budgeting for bakers',
    'fr-CA': 'Le budget des boulangers',
  });
  // Two versions with their notes, and a draft that differs from the second.
  expect(
    await publishByApi(page.request, token, topic._id, 'First version, from the demo pack'),
  ).toBe(1);
  await saveDraftByApi(page.request, token, topic._id, (draft) => {
    draft.pages[1]!.name[locale] = 'Your numbers, month by month';
  });
  expect(
    await publishByApi(page.request, token, topic._id, 'Clearer name for the numbers page'),
  ).toBe(2);
  await saveDraftByApi(page.request, token, topic._id, (draft) => {
    draft.name[locale] = `${topic.name[locale]} (2027 edition)`;
  });
  try {
    await openAt(page, EN, '/studio', token);
    await expect(page.getByRole('link', { name: topic.name[locale]! }).first()).toBeVisible();
    await docsShot(page, 'studio-topics');

    const pageId = topic.pages[1]!._id;
    await page.goto(`/studio/topic/${topic._id}?tab=pages&page=${pageId}`);
    await expectDraftSaved(page, locale);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Your numbers, month by month' }),
    ).toBeVisible();
    // The editor with a field selected: its block in the flow, its settings in the inspector.
    await selectBlock(page, locale, 'Monthly take-home pay ($)');
    await page.locator('.studio-editor').evaluate((el) => el.scrollIntoView());
    await docsShot(page, 'studio-editor');

    await workspaceTab(page, locale, 'settings').click();
    await expect(
      page.getByRole('heading', { name: t(locale, 'studio.settings.title') }),
    ).toBeVisible();
    await docsShot(page, 'studio-settings');

    await workspaceTab(page, locale, 'history').click();
    await expect(page.getByText('Clearer name for the numbers page')).toBeVisible();
    await page
      .getByRole('button', { name: t(locale, 'studio.history.compare', { version: 2 }) })
      .click();
    await expect(page.getByText(t(locale, 'studio.changes.title', { version: 2 }))).toBeVisible();
    await docsShot(page, 'studio-history');

    await page.goto(`/studio/topic/${topic._id}/preview/page/${pageId}`);
    await expect(page.getByText(t(locale, 'studio.preview.title'))).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your numbers, month by month' }),
    ).toBeVisible();
    await docsShot(page, 'studio-preview');
  } finally {
    await archiveByApi(page.request, token, topic._id);
  }
});
