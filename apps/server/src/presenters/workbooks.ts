import type { WorkbookConflict } from '@portal/domain';

/**
 * The answer `{workbook: {workbook, version, updatedAt, serverTime, conflicts?}}` built around
 * text already serialised. `serverTime` is this server's clock as it answers: clients stamp
 * their edits in it (design §8).
 */
export function workbookAnswerJson(
  data: string,
  version: number,
  updatedAt: string,
  conflicts: WorkbookConflict[] = [],
  serverTime = new Date().toISOString(),
): string {
  const lost = conflicts.length ? `,"conflicts":${JSON.stringify(conflicts)}` : '';
  return `{"workbook":{"workbook":${data},"version":${version},"updatedAt":${JSON.stringify(updatedAt)},"serverTime":${JSON.stringify(serverTime)}${lost}}}`;
}
