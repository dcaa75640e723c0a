import { emptyWorkbook, mergeWorkbooks, type Workbook } from '@portal/domain';
import type { Db } from '../db/database';

export interface StoredWorkbook {
  workbook: Workbook;
  version: number;
  updatedAt: string;
}

const MAX_ATTEMPTS = 20;

/** One workbook per learner per organisation, merged field by field on every save (design §8). */
export class WorkbookService {
  constructor(private readonly db: Db) {}

  async get(orgId: string, userId: string): Promise<StoredWorkbook> {
    const row = await this.db.kysely
      .selectFrom('workbooks')
      .select(['data', 'version', 'updated_at'])
      .where('org_id', '=', orgId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row)
      return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
    return {
      workbook: JSON.parse(row.data) as Workbook,
      version: row.version,
      updatedAt: row.updated_at,
    };
  }

  /**
   * Merges `incoming` into the stored workbook. A compare-and-set on `version` retries when
   * another save got in between, so concurrent saves from several tabs all survive.
   */
  async save(orgId: string, userId: string, incoming: Workbook): Promise<StoredWorkbook> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.get(orgId, userId);
      const merged = mergeWorkbooks(current.workbook, incoming);
      const updatedAt = new Date().toISOString();
      const data = JSON.stringify(merged);
      if (current.version === 0) {
        const inserted = await this.db.kysely
          .insertInto('workbooks')
          .values({ org_id: orgId, user_id: userId, data, version: 1, updated_at: updatedAt })
          .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1)
          return { workbook: merged, version: 1, updatedAt };
        continue;
      }
      const updated = await this.db.kysely
        .updateTable('workbooks')
        .set({ data, version: current.version + 1, updated_at: updatedAt })
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .where('version', '=', current.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1)
        return { workbook: merged, version: current.version + 1, updatedAt };
    }
    throw new Error('the workbook kept changing while it was being saved');
  }
}
