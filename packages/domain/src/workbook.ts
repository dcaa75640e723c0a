import { z } from 'zod';

/**
 * The learner's workbook (docs/product-spec.md §3) and the merge that makes saves lose nothing (docs/design.md §8).
 *
 * Every field value carries the time it was edited (`fieldTimes`), so two tabs or devices that
 * edit different fields never overwrite each other, and a stale save cannot erase a newer value:
 * for each field the newest edit wins, whichever save brings it. Worksheets have ids, so adding
 * and removing them in different tabs merges too; a removed worksheet stays removed.
 */

export const WORKBOOK_MAX_BYTES = 1_048_576;

const id = z.string().min(1).max(100);

/**
 * Times as clients send them (the web app sends `toISOString()`): an ISO 8601 date, or date and
 * time with its zone. Anything else (`"~"`, `"9"`) would sort after every real time and pin a
 * value for ever, so it is refused; the server also bounds times by its clock (boundEditTimes).
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
export const isEditTime = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= 40 &&
  ISO_TIME.test(value) &&
  Number.isFinite(Date.parse(value));
const TIME_MESSAGE = 'must be a time (ISO 8601, as 2026-01-31T09:30:00.000Z)';
const time = z
  .string()
  .max(40)
  .refine(isEditTime, TIME_MESSAGE)
  .meta({ description: 'ISO 8601 date or date and time with its zone' });

const MAX_VALUE_DEPTH = 8;

/**
 * A field's value: text, a number, yes/no, nothing, or a table or file value built of these
 * (lists and objects, at most 8 deep). Checked by hand rather than by a recursive union of
 * schemas: every save carries every answer, and this check is one pass that copies nothing.
 */
export function isFieldValue(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      return value.length <= 100_000;
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_VALUE_DEPTH) return false;
      if (Array.isArray(value))
        return value.length <= 10_000 && value.every((item) => isFieldValue(item, depth + 1));
      return everyEntry(
        value,
        (key, item) => key.length <= 200 && key !== '__proto__' && isFieldValue(item, depth + 1),
      );
    }
    default:
      return false;
  }
}

/** Whether `value` is a plain object (as JSON makes) each of whose entries passes `ok`. */
function everyEntry(value: unknown, ok: (key: string, item: unknown) => boolean): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!ok(key, (value as Record<string, unknown>)[key])) return false;
  return true;
}

const isId = (key: string) => key.length >= 1 && key.length <= 100 && key !== '__proto__';

/** A plain object whose keys are ids (1 to 100 characters) and whose values pass `check`. */
function idRecord<V>(
  check: (value: unknown) => boolean,
  message: string,
  values: Record<string, unknown>,
) {
  return (
    z
      .custom<Record<string, V>>(
        (value) => everyEntry(value, (key, item) => isId(key) && check(item)),
        { message },
      )
      // What the OpenAPI document (/api/docs) says of it.
      .meta({
        description: message,
        type: 'object',
        propertyNames: { minLength: 1, maxLength: 100 },
        additionalProperties: values,
      })
  );
}

export const sheetSchema = z.object({
  data: idRecord<unknown>(
    isFieldValue,
    'must map field ids (1 to 100 characters) to values (text, number, yes/no, null, table or file)',
    { type: ['string', 'number', 'boolean', 'null', 'array', 'object'] },
  ).default({}),
  /** When each field of `data` was last edited (ISO time). */
  fieldTimes: idRecord<string>(
    isEditTime,
    'must map field ids (1 to 100 characters) to times (ISO 8601, as 2026-01-31T09:30:00.000Z)',
    { type: 'string', maxLength: 40 },
  ).default({}),
  updatedAt: time.optional(),
  completedPages: z.array(id).max(10_000).default([]),
});

export const worksheetSchema = sheetSchema.extend({
  _id: id,
  name: z.string().max(200),
  nameUpdatedAt: time.optional(),
  createdAt: time,
});

/**
 * A worksheet as a client may send it: docs/product-spec.md §3 gives a worksheet as `{name, data, updatedAt,
 * completedPages}`, without `_id` or `createdAt`. The server gives such a worksheet the id of
 * the stored worksheet at the same index, or a new one (assignWorksheetIds, worksheet.ts).
 */
export const worksheetSaveSchema = worksheetSchema.extend({
  _id: id.optional(),
  createdAt: time.optional(),
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
  /**
   * When the history was last cleared (docs/product-spec.md §4: topic home, topics list, report card). A clear
   * is an edit like any other: it wins over every history saved before it, in any merge order.
   */
  historyClearedAt: time.optional(),
  /** Worksheets removed, by id, with the time of removal. */
  removedWorksheets: z.record(id, time).default({}),
});

/** The body of a save (PUT): a workbook whose worksheets may come without `_id` and `createdAt`. */
export const workbookSaveSchema = workbookSchema.extend({
  topics: z.record(id, z.array(worksheetSaveSchema).max(100)).default({}),
});

export type Sheet = z.output<typeof sheetSchema>;
export type Worksheet = z.output<typeof worksheetSchema>;
export type WorksheetSave = z.output<typeof worksheetSaveSchema>;
export type WorkbookHistory = z.output<typeof historySchema>;
export type Workbook = z.output<typeof workbookSchema>;
export type WorkbookSave = z.output<typeof workbookSaveSchema>;

const later = (a: string | undefined, b: string | undefined): string | undefined =>
  !a ? b : !b ? a : a >= b ? a : b;

/** A total order on values, so that edits stamped with the same time merge the same way everywhere. */
function valueKey(value: unknown): string {
  return JSON.stringify(value) ?? '';
}

const own = Object.hasOwn;
const timeOf = (sheet: Sheet, field: string): string =>
  own(sheet.fieldTimes, field) ? sheet.fieldTimes[field]! : '';

/**
 * An object keyed by ids, without a prototype: an id may be any string, `constructor`,
 * `toString` or `__proto__` included, and is only ever an own key (read ids with `own`).
 */
export const idMap = <V>(): Record<string, V> => Object.create(null) as Record<string, V>;

/** The value of an own key, never one of Object.prototype's members. */
const ownValue = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined =>
  own(record, key) ? record[key] : undefined;

/** For each field, the newest edit; edits stamped with the same time are ordered by value. */
function mergeFields(a: Sheet, b: Sheet): Pick<Sheet, 'data' | 'fieldTimes'> {
  const data = idMap<unknown>();
  const fieldTimes = idMap<string>();
  for (const field of Object.keys(a.data)) {
    const va = a.data[field];
    const ta = timeOf(a, field);
    if (own(b.data, field)) {
      const vb = b.data[field];
      const tb = timeOf(b, field);
      // Every save carries every answer: most fields arrive unchanged, and are settled at once.
      const pickA = ta !== tb ? ta > tb : va === vb || valueKey(va) >= valueKey(vb);
      if (!pickA) {
        data[field] = vb;
        if (tb) fieldTimes[field] = tb;
        continue;
      }
    }
    data[field] = va;
    if (ta) fieldTimes[field] = ta;
  }
  for (const field of Object.keys(b.data)) {
    if (own(a.data, field)) continue;
    data[field] = b.data[field];
    const tb = timeOf(b, field);
    if (tb) fieldTimes[field] = tb;
  }
  return { data, fieldTimes };
}

function mergeSheet(a: Sheet, b: Sheet): Sheet {
  const updatedAt = later(a.updatedAt, b.updatedAt);
  return {
    ...mergeFields(a, b),
    ...(updatedAt && { updatedAt }),
    completedPages: unionOfPages(a.completedPages, b.completedPages),
  };
}

/** Completed pages of both, each once, sorted (most saves bring no new one). */
function unionOfPages(a: string[], b: string[]): string[] {
  if (b.length === 0 || (a.length === b.length && a.every((page, i) => page === b[i])))
    return [...a].sort();
  return [...new Set([...a, ...b])].sort();
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
  const removedWorksheets = idMap<string>();
  for (const [wid, t] of Object.entries(a.removedWorksheets)) removedWorksheets[wid] = t;
  for (const [wid, t] of Object.entries(b.removedWorksheets))
    removedWorksheets[wid] = later(ownValue(removedWorksheets, wid), t)!;

  const topics = idMap<Worksheet[]>();
  for (const topicId of new Set([...Object.keys(a.topics), ...Object.keys(b.topics)])) {
    const sheets = new Map<string, Worksheet>();
    const ofA = ownValue(a.topics, topicId) ?? [];
    const ofB = ownValue(b.topics, topicId) ?? [];
    for (const sheet of [...ofA, ...ofB]) {
      if (own(removedWorksheets, sheet._id)) continue;
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
  else if (sameHistory(ha, hb)) history = ha;
  else history = valueKey(ha) >= valueKey(hb) ? ha : hb;
  const historyClearedAt = later(a.historyClearedAt, b.historyClearedAt);
  if (history && historyClearedAt && (history.updatedAt ?? '') <= historyClearedAt) history = null;

  return {
    general: mergeSheet(a.general, b.general),
    topics,
    history,
    ...(historyClearedAt && { historyClearedAt }),
    removedWorksheets,
  };
}

function sameHistory(a: WorkbookHistory, b: WorkbookHistory): boolean {
  return (
    a.topicId === b.topicId &&
    a.pageId === b.pageId &&
    a.worksheetIndex === b.worksheetIndex &&
    a.updatedAt === b.updatedAt
  );
}

/** Sets a field in a sheet and stamps the edit (docs/product-spec.md §4: field edits set the value and update the timestamp). */
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

/**
 * Whether a save carries no edit time at all: the product spec gives a worksheet as `{name,
 * data, updatedAt, completedPages}` and the history as `{topicId, pageId, worksheetIndex}`, with
 * no time per field, name or history. Such a client says nothing of what it read, so each of its
 * changes counts as made when it is saved.
 */
function keepsNoEditTimes(save: Workbook): boolean {
  if (Object.keys(save.general.fieldTimes).length) return false;
  if (save.history?.updatedAt || save.historyClearedAt) return false;
  if (Object.keys(save.removedWorksheets).length) return false;
  for (const sheets of Object.values(save.topics))
    for (const sheet of sheets)
      if (sheet.nameUpdatedAt || Object.keys(sheet.fieldTimes).length) return false;
  return true;
}

/** An edit a save brought that lost to a newer one the server already held (design §8). */
export interface WorkbookConflict {
  /** The topic of the worksheet, or null for the general answers. */
  topicId: string | null;
  worksheetId: string | null;
  /** The field whose value lost, or null when the worksheet's name or the history lost. */
  field: string | null;
  what: 'value' | 'name' | 'history';
  /**
   * When the save says its edit was made (server time), or null when it gave no time for an
   * edit the server already held a newer one of; and when the kept edit was made.
   */
  yours: string | null;
  kept: string;
  message: string;
}

export const workbookConflictSchema = z.object({
  topicId: z.string().nullable(),
  worksheetId: z.string().nullable(),
  field: z.string().nullable(),
  what: z.enum(['value', 'name', 'history']),
  yours: z.string().nullable(),
  kept: z.string(),
  message: z.string(),
});

/**
 * Field times belong to the server (design §8). Before a save is merged, each edit it brings
 * (a value, a worksheet name or the history that differs from the stored one) gets its time:
 *
 * - a time the save gives unchanged (the time it was sent, as a client that follows the spec
 *   sends back every time it was given) or beyond the server's clock, or no time from a save
 *   that carries none at all (the spec's shapes): the edit is as new as the save, `now` (later
 *   than the edit it replaces);
 * - no time, from a save that carries times, for a field the server holds with one: the client
 *   read the workbook before that edit, which is newer; the save's edit loses (below);
 * - a time the save gives, within the server's clock and newer than the stored edit's: the edit
 *   was made then (a client that was offline orders its edits so), and keeps that time;
 * - a time older than the stored edit's: the stored edit is newer and stays; the save's edit is
 *   left out, and named in the answer's `conflicts`.
 *
 * What a save brings unchanged keeps the stored time, whatever time the save gives it. Clients
 * that stamp their own edits stamp them in the server's time (the answers' `serverTime`), so a
 * device's clock never orders edits.
 */
export function stampEdits(
  stored: Workbook,
  incoming: Workbook,
  now: string,
): { workbook: Workbook; conflicts: WorkbookConflict[] } {
  const nowMs = Date.parse(now);
  const conflicts: WorkbookConflict[] = [];
  const carriesTimes = !keepsNoEditTimes(incoming);
  /** Later than what it replaces, even when two saves arrive within one millisecond. */
  const after = (previous: string): string => {
    if (!previous || previous < now) return now;
    const next = Date.parse(previous) + 1;
    return Number.isFinite(next) ? new Date(next).toISOString() : now;
  };
  /** The time of an edit that replaces one stored at `storedTime`, or undefined if it lost. */
  const timeOfEdit = (given: string | undefined, storedTime: string): string | undefined => {
    if (given === undefined) return carriesTimes && storedTime ? undefined : after(storedTime);
    const ms = Date.parse(given);
    if (!Number.isFinite(ms) || ms > nowMs) return after(storedTime);
    const time = new Date(ms).toISOString();
    if (time === storedTime) return after(storedTime);
    return !storedTime || time > storedTime ? time : undefined;
  };
  const lost = (
    where: Pick<WorkbookConflict, 'topicId' | 'worksheetId' | 'field' | 'what'>,
    given: string | undefined,
    kept: string,
  ) => {
    const yours = given === undefined ? null : new Date(Date.parse(given)).toISOString();
    const what =
      where.what === 'value'
        ? `the answer "${where.field}"`
        : where.what === 'name'
          ? 'the worksheet name'
          : 'the place in the workbook';
    const why = yours
      ? `this save's (made at ${yours}) was older`
      : 'this save was made from a workbook read before it';
    conflicts.push({
      ...where,
      yours,
      kept,
      message: `A newer edit of ${what} (made at ${kept}) was kept; ${why}.`,
    });
  };

  const stampSheet = <S extends Sheet>(
    sheet: S,
    before: Sheet | undefined,
    where: Pick<WorkbookConflict, 'topicId' | 'worksheetId'>,
  ): S => {
    const data = idMap<unknown>();
    const fieldTimes = idMap<string>();
    for (const field of Object.keys(sheet.data)) {
      const value = sheet.data[field];
      const storedTime = before ? timeOf(before, field) : '';
      const given = own(sheet.fieldTimes, field) ? sheet.fieldTimes[field] : undefined;
      // Every save carries every answer: most arrive unchanged, and most are not tables.
      const isUnchanged =
        before &&
        own(before.data, field) &&
        (before.data[field] === value || valueKey(before.data[field]) === valueKey(value));
      if (isUnchanged) {
        data[field] = value;
        if (storedTime) fieldTimes[field] = storedTime;
        continue;
      }
      const time = timeOfEdit(given, storedTime);
      if (time === undefined) {
        lost({ ...where, field, what: 'value' }, given, storedTime);
        continue;
      }
      data[field] = value;
      fieldTimes[field] = time;
    }
    return { ...sheet, data, fieldTimes };
  };

  const topics = idMap<Worksheet[]>();
  for (const [topicId, sheets] of Object.entries(incoming.topics)) {
    const storedSheets = ownValue(stored.topics, topicId) ?? [];
    topics[topicId] = sheets.map((sheet) => {
      const before = storedSheets.find((w) => w._id === sheet._id);
      const stamped = stampSheet(sheet, before, { topicId, worksheetId: sheet._id });
      if (before && before.name === sheet.name) {
        const { nameUpdatedAt: _given, ...rest } = stamped;
        return before.nameUpdatedAt ? { ...rest, nameUpdatedAt: before.nameUpdatedAt } : rest;
      }
      const storedTime = before?.nameUpdatedAt ?? '';
      const time = timeOfEdit(sheet.nameUpdatedAt, storedTime);
      if (time !== undefined) return { ...stamped, nameUpdatedAt: time };
      lost(
        { topicId, worksheetId: sheet._id, field: null, what: 'name' },
        sheet.nameUpdatedAt,
        storedTime,
      );
      return { ...stamped, name: before!.name, nameUpdatedAt: storedTime };
    });
  }

  let history = incoming.history;
  let historyClearedAt = incoming.historyClearedAt;
  const storedHistory = stored.history ?? null;
  if (historyClearedAt !== undefined) {
    const ms = Date.parse(historyClearedAt);
    historyClearedAt = ms > nowMs ? now : new Date(ms).toISOString();
  }
  if (history) {
    const storedTime = later(storedHistory?.updatedAt, stored.historyClearedAt) ?? '';
    if (
      storedHistory &&
      sameHistory({ ...history, updatedAt: storedHistory.updatedAt }, storedHistory)
    ) {
      history = storedHistory;
    } else {
      const time = timeOfEdit(history.updatedAt, storedTime);
      if (time !== undefined) history = { ...history, updatedAt: time };
      else {
        lost(
          { topicId: history.topicId, worksheetId: null, field: null, what: 'history' },
          history.updatedAt,
          storedTime,
        );
        history = storedHistory;
      }
    }
  }

  return {
    workbook: {
      ...incoming,
      general: stampSheet(incoming.general, stored.general, { topicId: null, worksheetId: null }),
      topics,
      history,
      ...(historyClearedAt !== undefined && { historyClearedAt }),
    },
    conflicts,
  };
}

/** How far ahead of the server's clock a device's clock may be before its edit times are bounded. */
export const EDIT_TIME_SKEW_MS = 5_000;

/**
 * The workbook with every edit time bounded by the server's clock (`now`, ISO): a time more than
 * `skewMs` ahead of it becomes `now`; other times are written as `toISOString()` writes them, so
 * that they sort as times. Without this, a device whose clock is a day ahead would win over every
 * later edit of a correct clock for a day. A string that is not a time at all (stored before
 * times were checked, such as `"~"`, which sorts after every time) is dropped: the edit counts as
 * undated and loses to any dated one (a removal keeps the oldest time, so it still holds).
 * Worksheets' creation times only order them and are left alone.
 */
export function boundEditTimes(
  workbook: Workbook,
  now: string,
  skewMs = EDIT_TIME_SKEW_MS,
): Workbook {
  const nowMs = Date.parse(now);
  const limit = new Date(nowMs + skewMs).toISOString();
  // The common case, a time of toISOString() within the limit, is settled without parsing.
  const isSettled = (t: string) => t.length === 24 && t.endsWith('Z') && t <= limit && t >= '0000';
  if (everyEditTime(workbook, isSettled)) return workbook;
  const bound = (t: string | undefined): string | undefined => {
    if (t === undefined || isSettled(t)) return t;
    if (!isEditTime(t)) return undefined;
    const ms = Date.parse(t);
    return ms <= nowMs + skewMs ? new Date(ms).toISOString() : now;
  };
  /** `object` with `key` set to `value`, or without `key` when `value` is undefined. */
  const withTime = <T extends object>(
    object: T,
    key: keyof T & string,
    value: string | undefined,
  ) => {
    const copy = { ...object } as Record<string, unknown>;
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy as T;
  };
  const boundSheet = <S extends Sheet>(sheet: S): S => {
    const fieldTimes = idMap<string>();
    for (const [field, t] of Object.entries(sheet.fieldTimes)) {
      const bounded = bound(t);
      if (bounded !== undefined) fieldTimes[field] = bounded;
    }
    return withTime({ ...sheet, fieldTimes }, 'updatedAt', bound(sheet.updatedAt));
  };
  const topics = idMap<Worksheet[]>();
  for (const [topicId, sheets] of Object.entries(workbook.topics))
    topics[topicId] = sheets.map((sheet) =>
      withTime(boundSheet(sheet), 'nameUpdatedAt', bound(sheet.nameUpdatedAt)),
    );
  const removedWorksheets = idMap<string>();
  for (const [wid, t] of Object.entries(workbook.removedWorksheets))
    removedWorksheets[wid] = bound(t) ?? new Date(0).toISOString();
  const history = workbook.history
    ? withTime(workbook.history, 'updatedAt', bound(workbook.history.updatedAt))
    : workbook.history;
  return withTime(
    { ...workbook, general: boundSheet(workbook.general), topics, history, removedWorksheets },
    'historyClearedAt',
    bound(workbook.historyClearedAt),
  );
}

/** Whether every edit time of the workbook passes `ok` (creation times are not edit times). */
function everyEditTime(workbook: Workbook, ok: (time: string) => boolean): boolean {
  const sheetOk = (sheet: Sheet) => {
    if (sheet.updatedAt !== undefined && !ok(sheet.updatedAt)) return false;
    for (const field in sheet.fieldTimes) if (!ok(sheet.fieldTimes[field]!)) return false;
    return true;
  };
  if (!sheetOk(workbook.general)) return false;
  for (const topicId in workbook.topics)
    for (const sheet of workbook.topics[topicId]!)
      if (!sheetOk(sheet) || (sheet.nameUpdatedAt !== undefined && !ok(sheet.nameUpdatedAt)))
        return false;
  for (const wid in workbook.removedWorksheets)
    if (!ok(workbook.removedWorksheets[wid]!)) return false;
  if (workbook.history?.updatedAt !== undefined && !ok(workbook.history.updatedAt)) return false;
  return workbook.historyClearedAt === undefined || ok(workbook.historyClearedAt);
}
