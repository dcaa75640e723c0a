import { emptyWorkbook } from '@portal/domain';
import { findWorkbook } from '../../db/repositories/workbooks';
import { workbookAnswerJson } from '../../presenters/workbooks';
import { EMPTY_JSON, fromRecord, now, type StoredWorkbook, type WorkbooksContext } from './context';

export async function getJson(
  ctx: WorkbooksContext,
  orgId: string,
  userId: string,
): Promise<string> {
  const record = await findWorkbook(ctx.db, orgId, userId);
  return record
    ? workbookAnswerJson(record.data, record.version, record.updatedAt, [], now(ctx))
    : workbookAnswerJson(EMPTY_JSON, 0, new Date(0).toISOString(), [], now(ctx));
}

export async function get(
  ctx: WorkbooksContext,
  orgId: string,
  userId: string,
): Promise<StoredWorkbook> {
  const record = await findWorkbook(ctx.db, orgId, userId);
  if (!record)
    return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
  const { workbook, version, updatedAt } = fromRecord(record, now(ctx));
  return { workbook, version, updatedAt };
}
