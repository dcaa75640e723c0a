import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';
import { newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { fetchWorkbook, formulaValue, saveWorkbook, worksheetWith } from './support/workbook';

/**
 * Issue 15, points 7, 10, 11, 14, 16 and 17, at a phone's size and a laptop's: print that keeps
 * the answers, formulas with a placeholder and their format, the file field's drop zone, the
 * worksheet name saved on Enter and on blur, the general topic card, the video's captions.
 *
 * With E2E_DOCS_SHOTS=1 the tests also write the screenshots of docs/images/ (left off by
 * default, so that a test run does not rewrite the documentation).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../docs/images');
const isTakingShots = process.env.E2E_DOCS_SHOTS === '1';

// Several axe runs per test, on a machine the other runs share.
test.describe.configure({ timeout: longTest(60_000) });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const VIEWPORTS = [PHONE, LAPTOP] as const;
const LOCALES = ['en-US', 'fr-CA'] as const;
type Locale = (typeof LOCALES)[number];
// Each locale on one screen size: French on the phone (where longer words overflow), English on
// the laptop. Together they cover both locales and both sizes at half the cost of every pairing.
const PAIRS = [
  ['fr-CA', PHONE],
  ['en-US', LAPTOP],
] as const;

async function shoot(page: Page, name: string, fullPage = false) {
  if (isTakingShots) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Spaces as Intl writes them (narrow and non-breaking) read as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** Opens `url` in `locale`: as a new learner with `topics` saved, or as a visitor. */
async function open(
  page: Page,
  url: string,
  {
    locale = 'en-US',
    topics,
    visitor = false,
  }: {
    locale?: Locale;
    topics?: Record<string, ReturnType<typeof worksheetWith>[]>;
    visitor?: boolean;
  } = {},
): Promise<string | null> {
  const token = visitor ? null : await signUpByApi(page.request, newLearner('i15b'));
  if (token && topics) await saveWorkbook(page.request, token, { topics });
  await page.goto('/healthz');
  await page.evaluate(
    ({ value, language }) => {
      if (value) window.localStorage.setItem('token', value);
      window.localStorage.setItem('locale', language);
    },
    { value: token, language: locale },
  );
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (token)
    await expect(
      page.getByRole('button', { name: /^(Account menu|Menu du compte)/ }),
    ).toBeVisible();
  return token;
}

/** The pages of a PDF: its page objects (not the /Pages tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

test.describe('print keeps the answers (point 7)', () => {
  const answers = {
    'budget-income': 4200,
    'budget-q-fixed': 'rent',
    'budget-q-income': 'net',
    'budget-q-static': true,
    'budget-q-method': 'zero-based budgeting',
  };
  const printed = {
    'en-US': [
      'Rent',
      'Take-home pay, after taxes and deductions',
      'Yes',
      'zero-based budgeting',
      '4,200',
    ],
    'fr-CA': [
      'Le loyer',
      'Le salaire net, après impôts et retenues',
      'Oui',
      'zero-based budgeting',
      '4 200',
    ],
  } as const;

  for (const [locale, viewport] of PAIRS)
    test(`prints each answer as black text, whole, and says honestly how it is paged (${locale}, ${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, '/print/topic/budgeting-basics', {
        locale,
        topics: { 'budgeting-basics': [worksheetWith('print-sheet', answers)] },
      });
      await expect(page.locator('.print-page')).toHaveCount(4);
      // No claim of a number of sheets: the topic's pages, each starting a sheet.
      await expect(page.locator('.print-view__intro')).toContainText(
        locale === 'en-US'
          ? 'The topic’s 4 pages, each starting on a new sheet.'
          : 'Les 4 pages du sujet, chacune sur une nouvelle feuille.',
      );
      await expectNoAxeViolations(page);

      await page.emulateMedia({ media: 'print' });
      const texts = await page
        .locator('[data-printed-answer]')
        .evaluateAll((nodes) =>
          nodes
            .filter((n) => (n as HTMLElement).offsetParent !== null)
            .map((n) => n.textContent ?? ''),
        );
      for (const expected of printed[locale])
        expect(texts.map(plain), `${expected} printed`).toContain(expected);
      // Nothing answered reads as such, not as an empty box.
      expect(texts).toContain(locale === 'en-US' ? 'Not answered' : 'Sans réponse');

      // As legible as the questions: black, full strength, no smaller, never cut off.
      const looks = await page.locator('[data-printed-answer]').evaluateAll((nodes) =>
        nodes.map((n) => {
          const style = getComputedStyle(n);
          const label = n.closest('.field-block')!.querySelector('.field-block__label')!;
          return {
            color: style.color,
            opacity: style.opacity,
            size: parseFloat(style.fontSize),
            labelSize: parseFloat(getComputedStyle(label).fontSize),
            isCut: n.scrollWidth > n.clientWidth + 1,
          };
        }),
      );
      for (const look of looks) {
        expect(look.color).toBe('rgb(0, 0, 0)');
        expect(look.opacity).toBe('1');
        expect(look.size).toBeGreaterThanOrEqual(16);
        expect(look.size).toBeGreaterThanOrEqual(look.labelSize * 0.9);
        expect(look.isCut).toBe(false);
      }
      // The controls stay behind: no faint disabled radio, box or cut-off list on paper.
      const visibleControls = await page
        .locator('.print-view :is(input, select, textarea)')
        .evaluateAll((nodes) => nodes.filter((n) => (n as HTMLElement).offsetParent !== null));
      expect(visibleControls).toHaveLength(0);
      await shoot(page, `print-answers-${locale}-${viewport.width}`, true);

      // Chromium's own PDF: at least one sheet per page of the topic, as the subtitle says.
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(4);
    });
});

test.describe('formulas: a placeholder, then their format (point 10)', () => {
  const words = {
    'en-US': {
      pending: 'Waiting for your answers',
      income: 'Monthly take-home pay ($)',
      housing: 'Housing ($)',
      left: 'Left at the end of the month ($)',
      share: 'Share of income left over (%)',
      leftValue: '$2,500.00',
      shareValue: '63%',
    },
    'fr-CA': {
      pending: 'En attente de vos réponses',
      income: 'Revenu net mensuel ($)',
      housing: 'Logement ($)',
      left: 'Reste à la fin du mois ($)',
      share: 'Part du revenu qui reste (%)',
      leftValue: '2 500,00 $',
      shareValue: '63 %',
    },
  } as const;

  for (const [locale, viewport] of PAIRS)
    test(`shows "waiting" until an answer exists, then money and a percentage in ${locale} (${viewport.width})`, async ({
      page,
    }) => {
      const w = words[locale];
      await page.setViewportSize(viewport);
      await open(page, '/topic/budgeting-basics/page/budget-numbers', { locale });
      const left = formulaValue(page, w.left);
      await expect(left).toHaveText(w.pending);
      await expect(formulaValue(page, w.share)).toHaveText(w.pending);
      // No bold made-up 0 anywhere on the page.
      await expect(page.locator('.formula__value').filter({ hasText: /^0$/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await left.scrollIntoViewIfNeeded();
      await shoot(page, `formula-waiting-${locale}-${viewport.width}`);

      await page.getByRole('textbox', { name: w.income, exact: true }).fill('4000');
      await page.getByRole('textbox', { name: w.housing, exact: true }).fill('1500');
      await expect.poll(async () => plain(await left.textContent())).toBe(w.leftValue);
      await expect
        .poll(async () => plain(await formulaValue(page, w.share).textContent()))
        .toBe(w.shareValue);
      await expectNoAxeViolations(page);
      await left.scrollIntoViewIfNeeded();
      await shoot(page, `formula-money-${locale}-${viewport.width}`);
    });
});

test.describe('the file field: a drop zone and a file card (point 11)', () => {
  const PAGE = '/topic/cash-flow-forecasting/page/cash-forecast';
  const LABEL = 'My completed template (optional)';

  for (const viewport of VIEWPORTS)
    test(`Enter or Space opens the chooser, a dropped file is taken, Remove is clear (${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const token = await open(page, PAGE);
      const input = page.getByLabel(LABEL);
      const zone = page.locator('.field-file__zone');
      await expect(zone).toBeVisible();
      await expect(zone).toContainText('Choose a file or drop it here');
      // The native "Choose File / No file chosen" is never drawn: the input is see-through,
      // stretched over the zone.
      const box = await input.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const zone = el.parentElement!;
        return {
          opacity: getComputedStyle(el).opacity,
          // Inside the zone's border, all of it.
          fits:
            Math.round(r.width) === zone.clientWidth && Math.round(r.height) === zone.clientHeight,
        };
      });
      expect(box).toEqual({ opacity: '0', fits: true });

      // The keyboard: Enter on the phone, Space on the laptop.
      await input.focus();
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.keyboard.press(viewport === PHONE ? 'Enter' : 'Space'),
      ]);
      await chooser.setFiles({
        name: 'forecast.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Line,Month 1\nSales,1000\n'),
      });
      const card = page.locator('.field-file__card');
      await expect(card.getByRole('link', { name: 'forecast.csv' })).toBeVisible();
      await expect(zone).toContainText('Choose another file or drop it here');
      const remove = card.getByRole('button', { name: 'Remove the file forecast.csv' });
      await expect(remove).toHaveText('Remove');
      await expectNoAxeViolations(page);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `file-field-${viewport.width}`);

      // A file dropped on the zone replaces it.
      const dropped = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['Line,Month 1\n'], 'plan.csv', { type: 'text/csv' }));
        return transfer;
      });
      await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
      await expect(zone).toHaveClass(/field-file__zone--over/);
      await zone.dispatchEvent('drop', { dataTransfer: dropped });
      await expect(card.getByRole('link', { name: 'plan.csv' })).toBeVisible();
      await expect(zone).not.toHaveClass(/field-file__zone--over/);
      await expect
        .poll(async () => {
          const saved = await fetchWorkbook(page.request, token!);
          const value = saved.topics['cash-flow-forecasting']?.[0]?.data['cash-forecast-upload'];
          return (value as { original_filename?: string } | null)?.original_filename ?? null;
        })
        .toBe('plan.csv');

      await card.getByRole('button', { name: 'Remove the file plan.csv' }).click();
      await expect(card).toHaveCount(0);
      await expect(input).toBeFocused();
      await expect(zone).toContainText('Choose a file or drop it here');
    });

  for (const locale of LOCALES)
    test(`a visitor sees the zone off, with why, and axe is clean (${locale})`, async ({
      page,
    }) => {
      await open(page, PAGE, { locale, visitor: true });
      const zone = page.locator('.field-file__zone');
      await expect(zone).toHaveClass(/field-file__zone--disabled/);
      await expect(zone.locator('input[type="file"]')).toBeDisabled();
      await expect(page.locator('.field-file__caption')).toHaveText(
        locale === 'en-US'
          ? 'You must be logged in to upload a file'
          : 'Vous devez être connecté pour téléverser un fichier',
      );
      await expectNoAxeViolations(page);
    });
});

test.describe('the worksheet name: saved on Enter and on blur (point 14)', () => {
  const JOBS = '/topic/compare-job-offers';
  const status = (page: Page) => page.locator('.save-status__text');

  for (const viewport of VIEWPORTS)
    test(`never says "saved" while the new name is not (${viewport.width})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const token = await open(page, JOBS, {
        topics: { 'compare-job-offers': [worksheetWith('jobs-a', { 'job-employer': 'Acme' })] },
      });
      const name = page.getByRole('textbox', { name: 'Worksheet name' });
      await expect(name).toHaveValue('New Worksheet');
      await expect(page.getByRole('button', { name: /Save the name/ })).toHaveCount(0);
      const savedName = async () =>
        (await fetchWorkbook(page.request, token!)).topics['compare-job-offers']?.[0]?.name;

      // Typed: "Unsaved changes", and the selector follows; Tab away saves it.
      await name.fill('Acme offer');
      await expect(status(page)).toHaveText('Unsaved changes');
      await expect(status(page)).not.toHaveText('All changes saved');
      await page.keyboard.press('Tab');
      await expect(status(page)).toHaveText('All changes saved');
      expect(await savedName()).toBe('Acme offer');

      // Enter saves too, and the name stays in the box.
      await name.fill('Acme, analyst');
      await expect(status(page)).toHaveText('Unsaved changes');
      await name.press('Enter');
      await expect(status(page)).toHaveText('All changes saved');
      await expect(name).toBeFocused();
      expect(await savedName()).toBe('Acme, analyst');

      // Emptied and left: refused, the name before comes back, nothing lost.
      await name.fill('');
      await expect(page.getByText('Enter a name for the worksheet.')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(name).toHaveValue('Acme, analyst');
      await expect(status(page)).toHaveText('All changes saved');
      await expectNoAxeViolations(page);
      await name.scrollIntoViewIfNeeded();
      await shoot(page, `worksheet-name-${viewport.width}`);
    });

  test('is clean for axe in French, with its hint', async ({ page }) => {
    await open(page, JOBS, { locale: 'fr-CA' });
    const name = page.getByRole('textbox', { name: 'Nom de la feuille de travail' });
    await expect(name).toHaveAccessibleDescription(/Entrée/);
    await name.fill('Offre A');
    await expect(status(page)).not.toHaveText('Toutes les modifications sont enregistrées');
    await name.blur();
    await expectNoAxeViolations(page);
  });
});

test.describe('the general topic card (point 16)', () => {
  const description = {
    'en-US': 'How the academy works, and three questions about you',
    'fr-CA': "Le fonctionnement de l'académie",
  } as const;

  for (const [locale, viewport] of PAIRS)
    test(`shows the topic's picture and description (${locale}, ${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, '/topics', { locale, visitor: true });
      const card = page.locator('.topic-card--general');
      await expect(card).toBeVisible();
      await expect(card.locator('.topic-card__art')).toHaveCount(0);
      const image = card.locator('img.topic-card__image');
      await expect(image).toHaveAttribute('src', '/media/doughmain/topic-general-info.svg');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect
        .poll(async () => plain(await card.locator('.topic-card__description').textContent()))
        .toContain(description[locale]);
      await expectNoAxeViolations(page);
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `general-topic-card-${locale}-${viewport.width}`);
    });
});

test.describe('the video: one still, captions (point 17)', () => {
  const VIDEO_PAGE = '/topic/budgeting-basics/page/budget-why';
  const cue = { 'en-US': 'Step 1: know your income.', 'fr-CA': 'Étape 1 : connaître vos revenus.' };

  for (const [locale, viewport] of PAIRS)
    test(`the poster is the captured still, shown once, and captions play in ${locale} (${viewport.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, VIDEO_PAGE, { locale, visitor: true });
      const video = page.locator('video.video-attachment__player');
      await expect(video).toHaveAttribute('poster', /^data:image\/png;base64,/, {
        timeout: longTest(15_000),
      });
      // Once: no thumbnail under the player, and never the alt text "my video thumbnail".
      await expect(page.locator('.video-attachment img')).toHaveCount(0);
      await expect(page.getByRole('img', { name: 'my video thumbnail' })).toHaveCount(0);

      const track = video.locator('track');
      await expect(track).toHaveAttribute('kind', 'captions');
      await expect(track).toHaveAttribute('srclang', locale);
      await expect(track).toHaveAttribute(
        'src',
        `/media/doughmain/budgeting-in-4-steps.${locale}.vtt`,
      );
      // The captions load and show: seek to the first step and read the cue on screen.
      await video.evaluate(
        (el: HTMLVideoElement) =>
          new Promise<void>((resolve) => {
            el.addEventListener('seeked', () => resolve(), { once: true });
            el.currentTime = 4;
          }),
      );
      await expect
        .poll(() =>
          video.evaluate((el: HTMLVideoElement) => {
            const tracks = el.textTracks[0];
            const active = tracks?.activeCues?.[0] as VTTCue | undefined;
            return { mode: tracks?.mode, text: active?.text.replace(/\u00a0/g, ' ') ?? null };
          }),
        )
        .toEqual({ mode: 'showing', text: cue[locale] });
      await expectNoAxeViolations(page);
      await video.scrollIntoViewIfNeeded();
      await shoot(page, `video-captions-${locale}-${viewport.width}`);
    });
});
