import { z } from 'zod';

/**
 * The learner's workbook (spec §3) and the merge that makes saves lose nothing (design §8).
 *
 * Every field value carries the time it was edited (`fieldTimes`), so two tabs or devices that
 * edit different fields never overwrite each other, and a stale save cannot erase a newer value:
 * for each field the newest edit wins, whichever save brings it. Worksheets have ids, so adding
 * and removing them in different tabs merges too; a removed worksheet stays removed.
 */

export const WORKBOOK_MAX_BYTES = 1_048_576;

const id = z.string().min(1).max(100);
const time = z.string().max(40);
const fieldValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string().max(100_000),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(fieldValue).max(10_000),
    z.record(z.string().max(200), fieldValue),
  ]),
);

export const sheetSchema = z.object({
  data: z.record(id, fieldValue).default({}),
  /** When each field of `data` was last edited (ISO time). */
  fieldTimes: z.record(id, time).default({}),
  updatedAt: time.optional(),
  completedPages: z.array(id).max(10_000).default([]),
});

export const worksheetSchema = sheetSchema.extend({
  _id: id,
  name: z.string().max(200),
  nameUpdatedAt: time.optional(),
  createdAt: time,
});

export const historySchema = z.object({
  topicId: id,
  pageId: id.optional(),
  worksheetIndex: z.number().int().min(0).max(1_000).default(0),
  updatedAt: time.optional(),
});

export const workbookSchema = z.object({
  general: sheetSchema.default({ data: {}, fieldTimes: {}, completedPages: [] }),
  topics: z.record(id, z.array(worksheetSchema).max(100)).default({}),
  history: historySchema.nullable().optional(),
  /** Worksheets removed, by id, with the time of removal. */
  removedWorksheets: z.record(id, time).default({}),
});

export type Sheet = z.output<typeof sheetSchema>;
export type Worksheet = z.output<typeof worksheetSchema>;
export type WorkbookHistory = z.output<typeof historySchema>;
export type Workbook = z.output<typeof workbookSchema>;

// Kept apart (no zod), so the web app's first page can start a workbook without the schemas.
export { emptyWorkbook } from './workbook-empty';

const later = (a: string | undefined, b: string | undefined): string | undefined =>
  !a ? b : !b ? a : a >= b ? a : b;

/** A total order on values, so that edits stamped with the same time merge the same way everywhere. */
function valueKey(value: unknown): string {
  return JSON.stringify(value) ?? '';
}

function mergeFields(a: Sheet, b: Sheet): Pick<Sheet, 'data' | 'fieldTimes'> {
  const data: Record<string, unknown> = {};
  const fieldTimes: Record<string, string> = {};
  for (const field of new Set([...Object.keys(a.data), ...Object.keys(b.data)])) {
    const inA = field in a.data;
    const inB = field in b.data;
    const ta = a.fieldTimes[field] ?? '';
    const tb = b.fieldTimes[field] ?? '';
    let pickA: boolean;
    if (!inB) pickA = true;
    else if (!inA) pickA = false;
    else if (ta !== tb) pickA = ta > tb;
    else pickA = valueKey(a.data[field]) >= valueKey(b.data[field]);
    data[field] = pickA ? a.data[field] : b.data[field];
    const t = pickA ? ta : tb;
    if (t) fieldTimes[field] = t;
  }
  return { data, fieldTimes };
}

function mergeSheet(a: Sheet, b: Sheet): Sheet {
  const updatedAt = later(a.updatedAt, b.updatedAt);
  return {
    ...mergeFields(a, b),
    ...(updatedAt && { updatedAt }),
    completedPages: [...new Set([...a.completedPages, ...b.completedPages])].sort(),
  };
}

function mergeWorksheet(a: Worksheet, b: Worksheet): Worksheet {
  const ta = a.nameUpdatedAt ?? '';
  const tb = b.nameUpdatedAt ?? '';
  const nameFromA = ta !== tb ? ta > tb : a.name >= b.name;
  const nameUpdatedAt = later(a.nameUpdatedAt, b.nameUpdatedAt);
  return {
    ...mergeSheet(a, b),
    _id: a._id,
    name: nameFromA ? a.name : b.name,
    ...(nameUpdatedAt && { nameUpdatedAt }),
    createdAt: a.createdAt <= b.createdAt ? a.createdAt : b.createdAt,
  };
}

const byCreation = (x: Worksheet, y: Worksheet) =>
  x.createdAt < y.createdAt
    ? -1
    : x.createdAt > y.createdAt
      ? 1
      : x._id < y._id
        ? -1
        : x._id > y._id
          ? 1
          : 0;

/**
 * Merges two versions of a workbook. Commutative, associative and idempotent, so saves may
 * arrive in any order, any number of times, and end in the same workbook.
 */
export function mergeWorkbooks(a: Workbook, b: Workbook): Workbook {
  const removedWorksheets: Record<string, string> = { ...a.removedWorksheets };
  for (const [wid, t] of Object.entries(b.removedWorksheets))
    removedWorksheets[wid] = later(removedWorksheets[wid], t)!;

  const topics: Record<string, Worksheet[]> = {};
  for (const topicId of new Set([...Object.keys(a.topics), ...Object.keys(b.topics)])) {
    const sheets = new Map<string, Worksheet>();
    for (const sheet of [...(a.topics[topicId] ?? []), ...(b.topics[topicId] ?? [])]) {
      if (removedWorksheets[sheet._id]) continue;
      const seen = sheets.get(sheet._id);
      sheets.set(sheet._id, seen ? mergeWorksheet(seen, sheet) : sheet);
    }
    topics[topicId] = [...sheets.values()].sort(byCreation);
  }

  const ha = a.history ?? null;
  const hb = b.history ?? null;
  let history: WorkbookHistory | null;
  if (!ha || !hb) history = ha ?? hb;
  else if ((ha.updatedAt ?? '') !== (hb.updatedAt ?? ''))
    history = (ha.updatedAt ?? '') > (hb.updatedAt ?? '') ? ha : hb;
  else history = valueKey(ha) >= valueKey(hb) ? ha : hb;

  return { general: mergeSheet(a.general, b.general), topics, history, removedWorksheets };
}

/** Sets a field in a sheet and stamps the edit (spec §4: field edits set the value and update the timestamp). */
export function setFieldValue<S extends Sheet>(
  sheet: S,
  fieldId: string,
  value: unknown,
  at: string,
): S {
  return {
    ...sheet,
    data: { ...sheet.data, [fieldId]: value },
    fieldTimes: { ...sheet.fieldTimes, [fieldId]: at },
    updatedAt: at,
  };
}
