import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Locale } from './i18n';

/**
 * The studio's page editor (features/studio/editor, TipTap) driven as an author does: the '/'
 * menu in the trailing text block inserts a block, which opens selected in the inspector.
 */

/** The editor's inspector (an aside named "Block settings"). */
export function inspector(page: Page, locale: Locale): Locator {
  return page.getByRole('complementary', { name: t(locale, 'studio.editor.inspector.label') });
}

/** The editable text of the page's last (always empty, trailing) text block, in `locale`. */
function trailingText(page: Page, locale: Locale): Locator {
  return page
    .locator('.studio-editor__content .studio-page-block--content')
    .last()
    .locator(`.studio-locale__text[lang="${locale}"]`);
}

/** Types a paragraph into the trailing text block, and leaves an empty line under it. */
export async function typeText(page: Page, locale: Locale, text: string): Promise<void> {
  await trailingText(page, locale).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Inserts a block from the '/' menu, by its label; waits for its inspector. */
export async function insertBlock(page: Page, locale: Locale, label: string): Promise<void> {
  await trailingText(page, locale).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('/');
  const menu = page.getByRole('listbox', { name: t(locale, 'studio.editor.slash.label') });
  await expect(menu).toBeVisible();
  // The first word narrows the menu (a space may end the '/' command); the option is then chosen.
  await page.keyboard.type(label.split(' ')[0]!);
  await menu.getByRole('option', { name: label, exact: true }).click();
  await expect(inspector(page, locale).getByRole('heading', { name: label })).toBeVisible();
}

/** The input (or rich text box) of a localised text in the inspector, for `locale`. */
export function inspectorText(page: Page, locale: Locale, legendId: string): Locator {
  return inspector(page, locale)
    .getByRole('group', { name: t(locale, legendId), exact: true })
    .locator(`.studio-inspector__locale[lang="${locale}"]`)
    .getByRole('textbox');
}

/** Replaces what a text box holds (an input or a rich-text box) by typing. */
export async function retype(page: Page, box: Locator, text: string): Promise<void> {
  if (
    await box.evaluate((el) => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
  ) {
    await box.fill(text);
    return;
  }
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Selects the block whose chrome names `name` (its inspector opens). */
export async function selectBlock(page: Page, locale: Locale, name: string): Promise<void> {
  await page
    .locator('.studio-editor__content .studio-page-block')
    .filter({ has: page.locator('.studio-page-block__name', { hasText: name }) })
    .locator('.studio-page-block__kind')
    .click();
  await expect(
    inspectorText(page, locale, 'studio.editor.inspector.fieldLabel').or(
      inspector(page, locale).getByLabel(t(locale, 'studio.editor.inspector.body')),
    ),
  ).toBeVisible();
}

/**
 * Writes a formula in the formula editor (a combobox): plain text, and each reference chosen
 * from the completion list after typing `query`, by the start of its option's text (a field
 * reads as its question when it has one, else as its label).
 */
export async function writeFormula(
  page: Page,
  box: Locator,
  parts: (string | { query: string; option: string })[],
): Promise<void> {
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  for (const part of parts) {
    if (typeof part === 'string') {
      await page.keyboard.type(part);
      continue;
    }
    await page.keyboard.type(part.query);
    const option = page
      .getByRole('option', { name: new RegExp(`^${escape(part.option)}`) })
      .first();
    await option.click();
    await expect(box).toContainText(part.option);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
