import { newLearner, signUpByApi } from './support/accounts';
import { expectNoAxeViolations } from './support/app';
import { LAPTOP, openAt, type Combo } from './support/combos';
import { t, type Locale } from './support/i18n';
import {
  AUTHOR,
  archiveByApi,
  createTopicInDialog,
  expectDraftOnServer,
  expectDraftSaved,
  fetchDraft,
  localisedInput,
  newTopicId,
  openStudioByKeyboard,
  tokenOf,
  workspaceTab,
} from './support/studio';
import {
  insertBlock,
  inspector,
  inspectorText,
  retype,
  selectBlock,
  typeText,
  writeFormula,
} from './support/studio-editor';
import { longTest } from './support/limits';
import { expect, test, type Page } from './support/test';

/**
 * Issue 26, "Done when": an author builds a topic in the studio (a page with one field of each
 * of the eight types, a formula and a show condition), previews and answers it, publishes; a
 * learner in another browser answers it; the author renames a field's question and republishes;
 * the learner's answer is still there and the new question shows. 1366×900, en-US and fr-CA,
 * axe on every studio screen. The real built server and Chromium: nothing of our API is stood in.
 */

/** The texts the author writes, in the locale of the run. */
const WORDS = {
  'en-US': {
    topic: 'Running a bakery',
    page: 'Your bakery',
    intro: 'Tell us about your bakery.',
    select: 'Favourite flour',
    number: 'Loaves per day',
    string: 'Sunday opening hours',
    boolean: 'Open on Sundays',
    radio: 'Oven type',
    slider: 'Staff on a busy day',
    table: 'Weekly batches',
    file: 'Photo of the shop',
    formula: 'Loaves per week',
    question: 'How many loaves do you bake on a normal day?',
    renamed: 'How many loaves leave your ovens each day?',
    note: 'First version for the bakers',
    note2: 'Clearer question about loaves',
    hours: '9 to 13',
  },
  'fr-CA': {
    topic: 'Tenir une boulangerie',
    page: 'Votre boulangerie',
    intro: 'Parlez-nous de votre boulangerie.',
    select: 'Farine préférée',
    number: 'Pains par jour',
    string: 'Heures du dimanche',
    boolean: 'Ouvert le dimanche',
    radio: 'Type de four',
    slider: 'Personnel un jour chargé',
    table: 'Fournées de la semaine',
    file: 'Photo de la boutique',
    formula: 'Pains par semaine',
    question: 'Combien de pains cuisez-vous un jour normal?',
    renamed: 'Combien de pains sortent de vos fours chaque jour?',
    note: 'Première version pour les boulangers',
    note2: 'Question plus claire sur les pains',
    hours: '9 h à 13 h',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type FieldKind = 'select' | 'number' | 'string' | 'boolean' | 'radio' | 'slider' | 'table' | 'file';
const FIELD_ORDER: FieldKind[] = [
  'number',
  'boolean',
  'string',
  'select',
  'radio',
  'slider',
  'table',
  'file',
];

/** The learner's save line (features/workbook) says the server has every answer. */
async function expectAnswersSaved(page: Page, locale: Locale) {
  await expect(page.locator('.save-status__text')).toHaveText(t(locale, 'workbook.save.saved'));
}

/** A formula's value on a learner's page, by the formula's name. */
function formulaValue(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true }).locator('.formula__value');
}

async function typeAnswer(page: Page, name: string, text: string) {
  const input = page.getByRole('textbox', { name, exact: true });
  await input.fill(text);
  await input.press('Tab');
}

/** The author's page: the eight fields, the formula, the condition; written in the editor. */
async function buildPage(page: Page, locale: Locale, topicId: string, token: string) {
  const w = WORDS[locale];
  await typeText(page, locale, w.intro);
  for (const kind of FIELD_ORDER) {
    await insertBlock(page, locale, t(locale, `studio.editor.type.${kind}`));
    await retype(page, inspectorText(page, locale, 'studio.editor.inspector.fieldLabel'), w[kind]);
    if (kind === 'number') {
      await retype(
        page,
        inspectorText(page, locale, 'studio.editor.inspector.question'),
        w.question,
      );
      // Scored: 6 loaves a day is the expected answer (the preview's grade shows it).
      const panel = inspector(page, locale);
      await panel.getByLabel(t(locale, 'studio.editor.inspector.weight')).fill('1');
      await panel.getByLabel(t(locale, 'studio.editor.inspector.acceptedNumbers')).fill('6');
      await panel.getByLabel(t(locale, 'studio.editor.inspector.acceptedNumbers')).press('Tab');
    }
  }
  await insertBlock(page, locale, t(locale, 'studio.editor.kind.formula'));
  await retype(page, inspectorText(page, locale, 'studio.editor.inspector.name'), w.formula);
  const body = inspector(page, locale).getByLabel(t(locale, 'studio.editor.inspector.body'));
  if ((await body.getAttribute('role')) === 'combobox') {
    // The formula editor: the reference completed from the field's label as it is typed.
    await writeFormula(page, body, [
      { query: w.number.split(' ')[0]!, option: w.question },
      ' * 7',
    ]);
  } else {
    // The inspector's plain formula box: the stored form, with the field's id.
    await expectDraftOnServer(page, locale, token, topicId, (topic) =>
      topic.pages[0]!.fragments.some((f) => f.field?.type === 'file'),
    );
    const field = (await fetchDraft(page.request, token, topicId)).topic.pages[0]!.fragments.find(
      (f) => f.field?.type === 'number',
    )!.field!;
    await body.fill(`<span data-ref="${field._id}"></span> * 7`);
  }
  // The Sunday hours show only to a bakery open on Sundays (a show condition on that block).
  await selectBlock(page, locale, w.string);
  const panel = inspector(page, locale);
  await panel.getByLabel(t(locale, 'studio.formula.condition.toggleFragment')).check();
  await writeFormula(
    page,
    panel.getByRole('combobox', { name: t(locale, 'studio.formula.condition.label') }),
    [{ query: w.boolean.split(' ')[0]!, option: w.boolean }],
  );
  await expectDraftOnServer(page, locale, token, topicId, (topic) => {
    const fragments = topic.pages[0]!.fragments;
    const formula = fragments.find((f) => f.type === 'formula')?.formula;
    const hours = fragments.find((f) => f.field?.type === 'string');
    return (
      fragments.filter((f) => f.type === 'field').length === 8 &&
      Boolean(formula?.body.includes('data-ref') && formula.body.includes('7')) &&
      Boolean(
        hours?.showCondition?.enabled && hours.showCondition.formula.body.includes('data-ref'),
      )
    );
  });
}

// A control that never comes fails the step it is missing from, not the whole test's time.
test.use({ actionTimeout: 10_000 });

for (const locale of ['en-US', 'fr-CA'] as const) {
  const combo: Combo = { locale, viewport: LAPTOP };
  const w = WORDS[locale];

  test(`${locale}: an author builds, previews and publishes a topic; a learner's answer survives a republish`, async ({
    page,
    browser,
  }) => {
    // About a minute on a quiet machine; the margin is for a loaded one (two cores, other runs).
    test.setTimeout(longTest(180_000));
    const topicId = newTopicId(`bakery-${locale.slice(0, 2)}`);
    const token = await tokenOf(page.request, AUTHOR);

    // In by the account menu, with the keyboard.
    await openAt(page, combo, '/', token);
    await openStudioByKeyboard(page, locale);
    await expect(page.getByRole('button', { name: t(locale, 'studio.create.open') })).toBeVisible();
    await expectNoAxeViolations(page);

    // A new topic, then a page named in the author's language.
    // Named in both languages: a learner in either sees the topic by its name.
    await createTopicInDialog(
      page,
      locale,
      topicId,
      { 'en-US': WORDS['en-US'].topic, 'fr-CA': WORDS['fr-CA'].topic },
      () => expectNoAxeViolations(page),
    );
    await page.getByRole('button', { name: t(locale, 'studio.pages.add') }).click();
    await retype(page, localisedInput(page, t(locale, 'studio.pages.name'), locale), w.page);
    await expect(page.getByRole('heading', { level: 2, name: w.page })).toBeVisible();
    await buildPage(page, locale, topicId, token);
    await expectNoAxeViolations(page);

    // Settings: the grade report on. History: nothing published yet.
    await workspaceTab(page, locale, 'settings').click();
    await page.getByLabel(t(locale, 'studio.settings.showGradeReport')).check();
    await expectDraftSaved(page, locale);
    await expectNoAxeViolations(page);
    await workspaceTab(page, locale, 'history').click();
    await expect(page.getByText(t(locale, 'studio.history.empty'))).toBeVisible();

    // The draft in the learner's screens, on the author's preview workbook.
    const pageId = (await fetchDraft(page.request, token, topicId)).topic.pages[0]!._id;
    await page.goto(`/studio/topic/${topicId}/preview/page/${pageId}`);
    await expect(page.getByRole('heading', { level: 1, name: w.page })).toBeVisible();
    await expect(page.getByText(t(locale, 'studio.preview.title'))).toBeVisible();
    await expect(page.getByText(w.question)).toBeVisible();
    await expect(page.getByRole('textbox', { name: w.string, exact: true })).toHaveCount(0);
    await typeAnswer(page, w.number, '6');
    await expect(formulaValue(page, w.formula)).toHaveText('42');
    await page.getByRole('checkbox', { name: w.boolean }).check();
    await expect(page.getByRole('textbox', { name: w.string, exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: w.boolean }).uncheck();
    await expect(page.getByRole('textbox', { name: w.string, exact: true })).toHaveCount(0);
    await expectAnswersSaved(page, locale);
    await expectNoAxeViolations(page);
    await page.goto(`/studio/topic/${topicId}/preview/reportcard`);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(w.number) })).toContainText('1');
    await expectNoAxeViolations(page);

    // Publish with a note.
    await page.goto(`/studio/topic/${topicId}`);
    await publish(page, locale, w.note, 1);

    // A learner, in another browser context, signs up and answers the published page.
    const learnerContext = await browser.newContext();
    const learner = await learnerContext.newPage();
    const learnerToken = await signUpByApi(learner.request, newLearner('studio'));
    await openAt(learner, combo, `/topic/${topicId}/page/${pageId}`, learnerToken);
    await expect(learner.getByRole('heading', { level: 1, name: w.page })).toBeVisible();
    await expect(learner.getByText(w.question)).toBeVisible();
    await typeAnswer(learner, w.number, '6');
    await expect(formulaValue(learner, w.formula)).toHaveText('42');
    await learner.getByRole('checkbox', { name: w.boolean }).check();
    await typeAnswer(learner, w.string, w.hours);
    await expectAnswersSaved(learner, locale);

    // The author renames the number field's question and publishes again.
    await workspaceTab(page, locale, 'pages').click();
    await selectBlock(page, locale, w.number);
    await retype(page, inspectorText(page, locale, 'studio.editor.inspector.question'), w.renamed);
    await expectDraftOnServer(page, locale, token, topicId, (topic) =>
      JSON.stringify(topic).includes(w.renamed),
    );
    await publish(page, locale, w.note2, 2);
    await workspaceTab(page, locale, 'history').click();
    await expect(page.getByText(w.note2)).toBeVisible();
    await expect(page.getByText(w.note)).toBeVisible();
    await expectNoAxeViolations(page);

    // The learner reloads: the answers are there, under the new question.
    await learner.reload();
    await expect(learner.getByText(w.renamed)).toBeVisible();
    await expect(learner.getByText(w.question)).toHaveCount(0);
    await expect(learner.getByRole('textbox', { name: w.number, exact: true })).toHaveValue('6');
    await expect(learner.getByRole('textbox', { name: w.string, exact: true })).toHaveValue(
      w.hours,
    );
    await expect(formulaValue(learner, w.formula)).toHaveText('42');
    await learnerContext.close();
    // Out of the learners' lists again (archived, answers kept), as the other specs expect them.
    await archiveByApi(page.request, token, topicId);
  });
}

/**
 * Publishes the draft with a note from the publish dialog; the workspace says which version.
 * The dialog is checked by axe the first time.
 */
async function publish(page: Page, locale: Locale, note: string, version: number) {
  await page.getByRole('button', { name: t(locale, 'studio.publish.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t(locale, 'studio.publish.title') });
  await expect(dialog.getByText(t(locale, 'studio.publish.saved'))).toBeVisible();
  await dialog.getByLabel(t(locale, 'studio.publish.note')).fill(note);
  if (version === 1) await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: t(locale, 'studio.publish.submit') }).click();
  await expect(page.getByText(t(locale, 'studio.publish.done', { version }))).toBeVisible();
}
