import {
  firstWorksheetId,
  markCompleted,
  newWorksheet,
  NEW_WORKSHEET_NAME,
  seedDefaults,
  setFieldValue,
  topicDefaults,
  type Sheet,
  type TopicView,
  type Workbook,
  type WorkbookHistory,
  type Worksheet,
} from '@portal/domain';

/**
 * Pure edits of the workbook, for one topic: which sheet holds its answers (the general
 * topic's are `general`, another topic's are its worksheets), and the worksheet rules of
 * docs/product-spec.md §4. Every change of an answer goes through the domain's setFieldValue, which stamps it.
 */

export interface SheetRef {
  /** The topic id as it appears in the address and in `workbook.topics`. */
  topicId: string;
  topic: Pick<TopicView, 'pages' | 'isGeneral'>;
  /** The worksheet (ignored for the general topic). */
  index: number;
}

export const WORKSHEET_NAME_MAX = 200;

// The id of a topic's first worksheet is the domain's (firstWorksheetId): the server gives the
// same one to a worksheet saved without an id, so every client ends up with one worksheet.
export { firstWorksheetId } from '@portal/domain';

export function worksheetsOf(workbook: Workbook, topicId: string): readonly Worksheet[] {
  // An own key only: a topic id may be `constructor` or `toString` (issue 16 F6).
  return Object.hasOwn(workbook.topics, topicId) ? workbook.topics[topicId]! : [];
}

/** The worksheet index actually shown: `index` when it exists, else the first. */
export function clampIndex(index: number, count: number): number {
  return index >= 0 && index < count ? index : 0;
}

/** The sheet of `ref` as it stands (undefined: a topic nobody has answered yet). */
export function sheetAt(workbook: Workbook, ref: SheetRef): Sheet | undefined {
  if (ref.topic.isGeneral) return workbook.general;
  const sheets = worksheetsOf(workbook, ref.topicId);
  return sheets[clampIndex(ref.index, sheets.length)];
}

/**
 * The answers to show: the sheet's, over the topic's defaults. A sheet without data shows the
 * defaults it will be given (docs/product-spec.md §4); a field the sheet has never had (added to the topic
 * later) shows its default too, until it is answered.
 */
export function answersAt(workbook: Workbook, ref: SheetRef): Readonly<Record<string, unknown>> {
  const sheet = sheetAt(workbook, ref);
  const defaults = topicDefaults(ref.topic);
  if (!sheet || Object.keys(sheet.data).length === 0) return defaults;
  return { ...defaults, ...sheet.data };
}

/**
 * Applies `change` to the sheet of `ref`. A topic without a worksheet gets one first, and a
 * sheet without data gets the topic's defaults first (docs/product-spec.md §4).
 */
export function updateSheet(
  workbook: Workbook,
  ref: SheetRef,
  now: string,
  change: <S extends Sheet>(sheet: S) => S,
): Workbook {
  if (ref.topic.isGeneral)
    return { ...workbook, general: change(seedDefaults(workbook.general, ref.topic)) };
  const sheets = [...worksheetsOf(workbook, ref.topicId)];
  if (sheets.length === 0) sheets.push(newWorksheet(ref.topic, firstWorksheetId(ref.topicId), now));
  const at = clampIndex(ref.index, sheets.length);
  sheets[at] = change(seedDefaults(sheets[at]!, ref.topic));
  return { ...workbook, topics: { ...workbook.topics, [ref.topicId]: sheets } };
}

export function setAnswer(
  workbook: Workbook,
  ref: SheetRef,
  fieldId: string,
  value: unknown,
  now: string,
): Workbook {
  return updateSheet(workbook, ref, now, (sheet) => setFieldValue(sheet, fieldId, value, now));
}

/** docs/product-spec.md §4: a page is added to completedPages once only. */
export function completePage(
  workbook: Workbook,
  ref: SheetRef,
  pageId: string,
  now: string,
): Workbook {
  if (sheetAt(workbook, ref)?.completedPages.includes(pageId)) return workbook;
  return updateSheet(workbook, ref, now, (sheet) => markCompleted(sheet, pageId));
}

/**
 * Adds a worksheet named "New Worksheet" with the topic's defaults (docs/product-spec.md §4) after the others;
 * a topic not answered yet gets its first worksheet too. Answers the new index.
 */
export function addWorksheet(
  workbook: Workbook,
  ref: SheetRef,
  id: string,
  now: string,
): { workbook: Workbook; index: number } {
  const sheets = [...worksheetsOf(workbook, ref.topicId)];
  if (sheets.length === 0) sheets.push(newWorksheet(ref.topic, firstWorksheetId(ref.topicId), now));
  sheets.push(newWorksheet(ref.topic, id, now));
  return {
    workbook: { ...workbook, topics: { ...workbook.topics, [ref.topicId]: sheets } },
    index: sheets.length - 1,
  };
}

/** Removes a worksheet, never the last one (docs/product-spec.md §4); the removal is remembered for the merge. */
export function removeWorksheet(
  workbook: Workbook,
  topicId: string,
  index: number,
  now: string,
): Workbook {
  const sheets = worksheetsOf(workbook, topicId);
  const removed = sheets[index];
  if (!removed || sheets.length <= 1) return workbook;
  return {
    ...workbook,
    topics: { ...workbook.topics, [topicId]: sheets.filter((sheet) => sheet !== removed) },
    removedWorksheets: { ...workbook.removedWorksheets, [removed._id]: now },
  };
}

/** Renames a worksheet (trimmed; an empty name is refused); a topic not answered yet gets one. */
export function renameWorksheet(
  workbook: Workbook,
  ref: SheetRef,
  name: string,
  now: string,
): Workbook {
  const trimmed = name.trim().slice(0, WORKSHEET_NAME_MAX);
  if (!trimmed || ref.topic.isGeneral) return workbook;
  const sheets = [...worksheetsOf(workbook, ref.topicId)];
  if (sheets.length === 0) sheets.push(newWorksheet(ref.topic, firstWorksheetId(ref.topicId), now));
  const at = clampIndex(ref.index, sheets.length);
  sheets[at] = { ...sheets[at]!, name: trimmed, nameUpdatedAt: now };
  return { ...workbook, topics: { ...workbook.topics, [ref.topicId]: sheets } };
}

/** The names the selector lists: a topic not answered yet shows the worksheet it will get. */
export function worksheetSummaries(
  sheets: readonly Worksheet[] | undefined,
  topicId: string,
): { _id: string; name: string }[] {
  if (!sheets?.length) return [{ _id: firstWorksheetId(topicId), name: NEW_WORKSHEET_NAME }];
  return sheets.map((sheet) => ({ _id: sheet._id, name: sheet.name }));
}

function sameHistory(a: WorkbookHistory | null | undefined, b: Omit<WorkbookHistory, 'updatedAt'>) {
  return (
    !!a &&
    a.topicId === b.topicId &&
    (a.pageId ?? null) === (b.pageId ?? null) &&
    a.worksheetIndex === b.worksheetIndex
  );
}

/** docs/product-spec.md §4: where the learner is, kept so that "/" can take them back there. */
export function withHistory(
  workbook: Workbook,
  history: Omit<WorkbookHistory, 'updatedAt'>,
  now: string,
): Workbook {
  if (sameHistory(workbook.history, history)) return workbook;
  return { ...workbook, history: { ...history, updatedAt: now } };
}

/** docs/product-spec.md §4: the history cleared, as an edit stamped `now` that the merge applies everywhere. */
export function withoutHistory(workbook: Workbook, now: string): Workbook {
  if (!workbook.history) return workbook;
  return { ...workbook, history: null, historyClearedAt: now };
}
