import { randomUUID } from 'node:crypto';
import {
  errorText,
  assignWorksheetIds,
  boundEditTimes,
  emptyWorkbook,
  mergeWorkbooks,
  stampEdits,
  worksheetsOverCap,
} from '@portal/domain';
import { DomainError, invalid } from '../errors';
import { now, type Current, type Save, type WorkbooksContext } from './context';

/**
 * The save merged into `base`. A save refused on a copy kept in memory answers undefined
 * (and the copy is dropped), to be merged again into the stored workbook: the copy may be
 * stale (another process may have removed a worksheet meanwhile), and no write checks it then.
 */
export function mergedOrRetry(
  ctx: WorkbooksContext,
  base: Current | undefined,
  save: Save,
  isCached: boolean,
) {
  try {
    return merged(base, save, now(ctx));
  } catch (error) {
    if (!(isCached && error instanceof DomainError)) throw error;
    ctx.recent.delete(save.key);
    return undefined;
  }
}

/** A new worksheet's id, in the web app's form (128 random bits, hex). */
const newWorksheetId = () => `ws-${randomUUID().replaceAll('-', '')}`;

/**
 * `save` merged field by field into `base` (none: an empty workbook), as of `updatedAt`: the
 * next version to write. Also the studio's preview workbooks (services/studio/preview-workbook.ts).
 */
export function merged(base: Current | undefined, save: Save, updatedAt: string): Current {
  // The stored workbook's times are bounded already (when written, or read: fromRecord).
  const stored = base?.workbook ?? emptyWorkbook();
  const withIds = assignWorksheetIds(stored, save.incoming, newWorksheetId, updatedAt);
  // Field times belong to the server: each edit the save brings is timed here (stampEdits);
  // the other times it carries are bounded by this server's clock.
  const { workbook: stamped, conflicts } = stampEdits(stored, withIds, updatedAt);
  const workbook = mergeWorkbooks(stored, boundEditTimes(stamped, updatedAt));
  const over = worksheetsOverCap(stored, workbook, save.limits.maxTopicWorksheets);
  if (over.length) throw tooManyWorksheets(over, save.limits.maxTopicWorksheets);
  return {
    workbook,
    data: JSON.stringify(workbook),
    version: (base?.version ?? 0) + 1,
    updatedAt,
    ...(conflicts.length && { conflicts }),
  };
}

function tooManyWorksheets(over: Array<{ topicId: string; count: number }>, max: number) {
  const atMost = errorText(max === 1 ? 'atMostWorksheet' : 'atMostWorksheets', { max });
  const topics = over.map((o) => `"${o.topicId}" (${o.count})`).join(', ');
  return invalid(
    errorText('tooManyWorksheets', { atMost, topics }),
    Object.fromEntries(over.map((o) => [`workbook.topics.${o.topicId}`, atMost])),
  );
}
