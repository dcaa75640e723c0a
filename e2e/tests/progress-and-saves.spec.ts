import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';
import { newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { fetchWorkbook, saveWorkbook, worksheetWith } from './support/workbook';

/**
 * Issue 15, points 5, 6, 8, 12, 18, 20 and 22, at a phone's size and a laptop's: progress and
 * resume, the save status in view and retried once back online, the topic layout on a phone,
 * network errors in words, keyboard stops, "welcome back", and forgot password → sign up.
 *
 * With E2E_DOCS_SHOTS=1 the tests also write the screenshots of docs/images/.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const VIEWPORTS = [PHONE, LAPTOP] as const;
const LOCALES = ['en-US', 'fr-CA'] as const;
type Locale = (typeof LOCALES)[number];
// Each locale on one screen size: French on the phone (where longer words overflow), English on
// the laptop. Together they cover both locales and both sizes at half the cost of every pairing.
const paired = (locale: Locale, viewport: (typeof VIEWPORTS)[number]) =>
  (locale === 'fr-CA') === (viewport === PHONE);

const TOPIC = 'budgeting-basics';

// Walks through several screens with axe on each, and waits out a save's backoff offline.
test.describe.configure({ timeout: longTest(90_000) });

async function shoot(page: Page, name: string, fullPage = false) {
  if (isTakingShots) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 800;

/** A new learner, with `workbook` saved first, signed in and in `locale`, at `url`. */
async function openAsLearner(
  page: Page,
  url: string,
  { locale = 'en-US', workbook }: { locale?: Locale; workbook?: Record<string, unknown> } = {},
): Promise<string> {
  const token = await signUpByApi(page.request, newLearner('journey'));
  if (workbook) await saveWorkbook(page.request, token, workbook);
  await page.goto('/healthz');
  await page.evaluate(
    ({ value, language }) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', language);
    },
    { value: token, language: locale },
  );
  await page.goto(url);
  await expect(page.getByRole('banner').getByRole('button', { name: ACCOUNT_MENU })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return token;
}

const ACCOUNT_MENU = /^(Account menu|Menu du compte)/;

/** The topic's page list, opened first on a phone (where it folds behind "Page 2 of 4"). */
async function pageList(page: Page) {
  const nav = page.getByRole('navigation', { name: /^(Pages of|Pages du sujet) / });
  if (isPhone(page) && !(await nav.isVisible())) {
    await page.locator('.topic-sidebar__toggle').click();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** A worksheet of the budgeting topic with these pages completed. */
function budgetSheet(completedPages: string[], data: Record<string, unknown> = {}) {
  return { topics: { [TOPIC]: [{ ...worksheetWith('journey-sheet', data), completedPages }] } };
}

test.describe('point 5: progress and resume', () => {
  for (const viewport of VIEWPORTS) {
    test(`a quiz page nobody answered is not ticked; answering its questions completes it (${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // Four of the five questions answered elsewhere; the page is not completed yet.
      const token = await openAsLearner(page, `/topic/${TOPIC}/page/budget-quiz`, {
        workbook: budgetSheet([], {
          'budget-q-fixed': 'rent',
          'budget-q-income': 'net',
          'budget-q-needs': 1800,
          'budget-q-static': false,
        }),
      });
      await page.locator('.topic-page__end').scrollIntoViewIfNeeded();
      await expect(page.locator('.save-status__text')).not.toHaveText('Saving…');
      const link = (await pageList(page)).getByRole('link', { name: /^Check your understanding/ });
      await expect(link).toHaveAccessibleName('Check your understanding');
      expect((await fetchWorkbook(page.request, token)).topics[TOPIC]?.[0]?.completedPages).toEqual(
        [],
      );

      await page.getByRole('textbox', { name: 'Budgeting method' }).fill('zero-based budgeting');
      await page.getByRole('textbox', { name: 'Budgeting method' }).blur();
      await expect(link).toHaveAccessibleName('Check your understanding completed');
      await expect(page.locator('.save-status__text')).toHaveText('All changes saved');
      expect((await fetchWorkbook(page.request, token)).topics[TOPIC]?.[0]?.completedPages).toEqual(
        ['budget-quiz'],
      );
    });

    for (const locale of LOCALES) {
      if (!paired(locale, viewport)) continue;
      test(`the topic home shows the progress and Start / Resume; pages say "page 2 of 4"; cards show the percentage (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const words =
          locale === 'en-US'
            ? {
                none: '0 of 4 pages completed',
                half: '2 of 4 pages completed',
                start: /^Start/,
                resume: /^Resume/,
                page3: 'Page 3 of 4',
                page4: 'Page 4 of 4',
                card: '50% complete',
                notStarted: 'Not started',
                percent: '50%',
              }
            : {
                none: '0 pages terminées sur 4',
                half: '2 pages terminées sur 4',
                start: /^Commencer/,
                resume: /^Reprendre/,
                page3: 'Page 3 sur 4',
                page4: 'Page 4 sur 4',
                card: '50\u00a0% terminé',
                notStarted: 'Pas commencé',
                percent: '50\u00a0%',
              };
        // A new learner: nothing done, Start on the first page.
        await openAsLearner(page, `/topic/${TOPIC}`, { locale });
        const main = page.getByRole('main');
        await expect(main.locator('.topic-start')).toContainText(words.none);
        await expect(main.locator('.topic-start').getByRole('link')).toHaveText(words.start);
        await expect(main.locator('.topic-start').getByRole('link')).toHaveAttribute(
          'href',
          `/topic/${TOPIC}/page/budget-why`,
        );
        await page.context().clearCookies();

        // Two pages done: Resume at the first page not completed, 50 % everywhere.
        await openAsLearner(page, `/topic/${TOPIC}`, {
          locale,
          workbook: budgetSheet(['budget-why', 'budget-numbers']),
        });
        const start = main.locator('.topic-start');
        await expect(start).toContainText(words.half);
        await expect(start).toContainText(words.percent);
        const resume = start.getByRole('link');
        await expect(resume).toHaveText(words.resume);
        await expectNoAxeViolations(page);
        await shoot(page, `topic-home-progress-${locale}-${viewport.width}`);
        await resume.click();
        await expect(page).toHaveURL(`/topic/${TOPIC}/page/budget-guideline`);
        await expect(page.locator('.topic-page__eyebrow')).toContainText(words.page3);

        // The last page visited is where Resume leads next time.
        await page.goto(`/topic/${TOPIC}/page/budget-quiz`);
        await expect(page.locator('.topic-page__eyebrow')).toContainText(words.page4);
        await (await pageList(page)).getByRole('link', { name: /^(Home|Accueil)$/ }).click();
        await expect(page).toHaveURL(`/topic/${TOPIC}`);
        await expect(main.locator('.topic-start').getByRole('link')).toHaveAttribute(
          'href',
          `/topic/${TOPIC}/page/budget-quiz`,
        );

        // The topic cards of its group: this one at 50 %, the others not started.
        await page.goto('/topicGroup/everyday-money');
        const card = main.locator('.topic-card', {
          hasText: locale === 'en-US' ? 'Budgeting basics' : 'Les bases du budget',
        });
        await expect(card.locator('.topic-card__progress')).toHaveText(words.card);
        await expect(
          main.locator('.topic-card__progress', { hasText: words.notStarted }).first(),
        ).toBeVisible();
        await expectNoAxeViolations(page);
        if (locale === 'en-US') await shoot(page, `topic-cards-progress-${viewport.width}`);
      });
    }
  }
});

test.describe('point 6: the save status stays in view and retries once back online', () => {
  // Each case waits 9 s offline: the phone in English and the laptop in French cover both sizes
  // and both languages.
  for (const [viewport, locale] of [
    [VIEWPORTS[0], LOCALES[0]],
    [VIEWPORTS[1], LOCALES[1]],
  ] as const) {
    {
      test(`offline, the failure shows and is announced where the learner is; back online it saves at once (${locale}, ${viewport.width})`, async ({
        page,
        context,
      }) => {
        await page.setViewportSize(viewport);
        await openAsLearner(page, `/topic/${TOPIC}/page/budget-numbers`, { locale });
        const field = page.getByLabel(/^(Everything else|Tout le reste)/);
        await field.scrollIntoViewIfNeeded();

        await context.setOffline(true);
        await field.fill('120');
        await field.blur();
        const alert = page.locator('.topic-layout__status').getByRole('alert');
        await expect(alert).toBeVisible();
        await expect(alert).toContainText(
          locale === 'en-US' ? 'The server could not be reached.' : 'Le serveur',
        );
        // Held at the bottom of the window, wherever the learner is on the page.
        await page.mouse.wheel(0, -300);
        // Once the scroll has settled, the alert is within the window.
        await expect
          .poll(async () => {
            const box = await alert.boundingBox();
            return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
          })
          .toBe(true);
        await expectNoAxeViolations(page);
        if (locale === 'en-US') await shoot(page, `save-status-offline-${viewport.width}`);

        // From here the page's clock is the test's: 9 s pass (attempts at 0, 1, 3 and 8 s, the
        // next one due at 18 s) and then it stands still, so no attempt of the backoff can come
        // by itself. Back online, the save that follows is the one going online starts, at once.
        await page.clock.install();
        await page.clock.runFor(9_000);
        await context.setOffline(false);
        const status = page.locator('.topic-layout__status').getByRole('status');
        await expect(status).toHaveText(
          locale === 'en-US' ? 'All changes saved' : 'Toutes les modifications sont enregistrées',
          { timeout: longTest(3_000) },
        );
        await expect(alert).toHaveCount(0);
        const statusBox = await status.boundingBox();
        expect(statusBox!.y + statusBox!.height).toBeLessThanOrEqual(viewport.height);
      });
    }
  }
});

test.describe('point 8: the topic layout on a phone', () => {
  for (const locale of LOCALES) {
    test(`the header is one row, the page list folds behind "Page 2 of 4", the title is near the top (${locale})`, async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      await openAsLearner(page, `/topic/${TOPIC}/page/budget-numbers`, { locale });
      const title = page.getByRole('heading', { level: 1 });
      // Before: 596 px (a 108 px subheader in three rows, then the whole page list).
      const titleBox = await title.boundingBox();
      console.log(`title y at 390×844 (${locale}): ${Math.round(titleBox!.y)} px`);
      expect(titleBox!.y).toBeLessThan(330);
      const subheader = await page.locator('.topic-subheader').boundingBox();
      expect(subheader!.height).toBeLessThanOrEqual(60);

      const toggle = page.locator('.topic-sidebar__toggle');
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toContainText(locale === 'en-US' ? 'Page 2 of 4' : 'Page 2 sur 4');
      const nav = page.getByRole('navigation', { name: /^(Pages of|Pages du sujet)/ });
      await expect(nav).toBeHidden();
      await shoot(page, `topic-page-phone-${locale}`);

      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(nav).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `topic-page-phone-menu-${locale}`);
      await nav.getByRole('link').nth(3).click();
      await expect(page).toHaveURL(`/topic/${TOPIC}/page/budget-guideline`);
      await expect(nav).toBeHidden();
      await expect(toggle).toContainText(locale === 'en-US' ? 'Page 3 of 4' : 'Page 3 sur 4');
    });
  }

  test('on a laptop the page list stays open beside the page', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await openAsLearner(page, `/topic/${TOPIC}/page/budget-numbers`);
    await expect(page.locator('.topic-sidebar__toggle')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Pages of Budgeting basics' })).toBeVisible();
    const titleBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(titleBox!.y).toBeLessThan(300);
    await shoot(page, 'topic-page-1366');
  });
});

test.describe('point 12: network failures in words', () => {
  for (const viewport of VIEWPORTS) {
    for (const locale of LOCALES) {
      if (!paired(locale, viewport)) continue;
      test(`the profile offline says the server could not be reached, not "Failed to fetch" (${locale}, ${viewport.width})`, async ({
        page,
        context,
      }) => {
        await page.setViewportSize(viewport);
        await openAsLearner(page, '/account', { locale });
        const first = page.getByLabel(locale === 'en-US' ? 'First name' : 'Prénom', {
          exact: true,
        });
        await context.setOffline(true);
        await first.fill('Zoé');
        await first.press('Enter');
        const alert = page.getByRole('alert');
        await expect(alert).toHaveText(
          locale === 'en-US'
            ? 'The server could not be reached. Check your connection and try again.'
            : 'Le serveur est injoignable. Vérifiez votre connexion, puis réessayez.',
        );
        await expect(page.getByText('Failed to fetch')).toHaveCount(0);
        await expectNoAxeViolations(page);
        if (locale === 'en-US') await shoot(page, `profile-offline-${viewport.width}`);
        await context.setOffline(false);
      });
    }
  }
});

test.describe('point 18: keyboard', () => {
  for (const viewport of VIEWPORTS) {
    test(`glossary terms are one stop each per page; after Next focus is on the heading (${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAsLearner(page, `/topic/${TOPIC}`);
      const turnNext = async () => {
        await page
          .getByRole('navigation', { name: 'Previous and next page' })
          .getByRole('link', { name: /^Next/ })
          .focus();
        await page.keyboard.press('Enter');
      };
      await turnNext();
      await expect(page).toHaveURL(`/topic/${TOPIC}/page/budget-why`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Why a budget helps');
      await expect(heading).toBeFocused();

      // "budget" four times on this page: one Tab stop.
      const terms = page.locator('.topic-page [role="term"]');
      const all = await terms.evaluateAll((list) =>
        list.map((term) => ({
          index: term.getAttribute('data-glossary'),
          isStop: term.getAttribute('tabindex') === '0',
        })),
      );
      const distinct = new Set(all.map((term) => term.index));
      expect(all.length).toBeGreaterThan(distinct.size);
      expect(all.filter((term) => term.isStop)).toHaveLength(distinct.size);

      await turnNext();
      await expect(page).toHaveURL(`/topic/${TOPIC}/page/budget-numbers`);
      await expect(heading).toHaveText('Your monthly numbers');
      await expect(heading).toBeFocused();
      // From the heading to the first field: a few stops, not one per glossary word.
      let stops = 0;
      for (; stops < 30; stops += 1) {
        await page.keyboard.press('Tab');
        const isField = await page.evaluate(() => document.activeElement?.tagName === 'INPUT');
        if (isField) break;
      }
      expect(stops).toBeLessThan(6);
    });

    for (const locale of LOCALES) {
      if (!paired(locale, viewport)) continue;
      test(`after a wrong password focus moves to the error (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const learner = newLearner('wrongpw');
        await signUpByApi(page.request, learner);
        await page.goto('/healthz');
        await page.evaluate((language) => window.localStorage.setItem('locale', language), locale);
        await page.goto('/signin');
        const main = page.getByRole('main');
        await main
          .getByLabel(/^(Username or email|Nom d’utilisateur ou courriel)/)
          .fill(learner.username);
        await main.getByLabel(/^(Password|Mot de passe)/).fill('not-the-password-1');
        await main.getByLabel(/^(Password|Mot de passe)/).press('Enter');
        const alert = main.getByRole('alert');
        await expect(alert).toBeVisible();
        await expect(alert).toBeFocused();
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('point 20: welcome back', () => {
  for (const viewport of VIEWPORTS) {
    for (const locale of LOCALES) {
      if (!paired(locale, viewport)) continue;
      test(`a learner opening "/" is told where they were taken, with a way back home (${locale}, ${viewport.width})`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        const token = await signUpByApi(page.request, newLearner('welcome'));
        await saveWorkbook(page.request, token, {
          ...budgetSheet(['budget-why']),
          history: { topicId: TOPIC, pageId: 'budget-numbers', worksheetIndex: 0 },
        });
        await page.goto('/healthz');
        await page.evaluate(
          ({ value, language }) => {
            window.localStorage.setItem('token', value);
            window.localStorage.setItem('locale', language);
          },
          { value: token, language: locale },
        );
        await page.goto('/');
        await expect(page).toHaveURL(`/topic/${TOPIC}/page/budget-numbers`);
        const notice = page.locator('.welcome-back');
        await expect(notice).toHaveText(
          new RegExp(
            locale === 'en-US'
              ? '^Welcome back — you were on Your monthly numbers, in Budgeting basics\\.'
              : '^Bon retour — vous étiez à ',
          ),
        );
        await expect(notice).toHaveAttribute('role', 'status');
        await expectNoAxeViolations(page);
        await shoot(page, `welcome-back-${locale}-${viewport.width}`);
        await notice
          .getByRole('link', {
            name: locale === 'en-US' ? 'Go to the home page' : 'Aller à la page d’accueil',
          })
          .click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.locator('.welcome-back')).toHaveCount(0);
      });
    }
  }

  test('a page opened from the page list says nothing', async ({ page }) => {
    await openAsLearner(page, `/topic/${TOPIC}/page/budget-numbers`);
    await expect(page.locator('.welcome-back')).toHaveCount(0);
  });
});

test.describe('point 22: forgot password switches to sign up too', () => {
  for (const viewport of VIEWPORTS) {
    for (const locale of LOCALES) {
      if (!paired(locale, viewport)) continue;
      test(`the page and the dialog (${locale}, ${viewport.width})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto('/healthz');
        await page.evaluate((language) => window.localStorage.setItem('locale', language), locale);
        const create = locale === 'en-US' ? 'Create an account' : 'Créer un compte';
        await page.goto('/forgot');
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        if (locale === 'en-US') await shoot(page, `forgot-password-${viewport.width}`);
        await main.getByRole('link', { name: create }).click();
        await expect(page).toHaveURL(/\/signup$/);

        // The dialog: Log in → Forgot password → Create an account.
        await page.goto('/');
        await page
          .getByRole('banner')
          .getByRole('link', { name: /^(Log in|Se connecter|Connexion)$/ })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByRole('button', { name: /^(Forgot your password\?|Mot de passe oublié)/ })
          .click();
        await dialog.getByRole('button', { name: create }).click();
        await expect(
          dialog.getByRole('heading', { name: /^(Sign up|Inscription)$/ }),
        ).toBeVisible();
      });
    }
  }
});
