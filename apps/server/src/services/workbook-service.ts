import { emptyWorkbook, mergeWorkbooks, type Workbook } from '@portal/domain';
import type { Db } from '../db/database';
import { prepared, preparedWrite } from '../db/prepared';

export interface StoredWorkbook {
  workbook: Workbook;
  version: number;
  updatedAt: string;
}

/** The answer `{workbook: {workbook, version, updatedAt}}` built around text already serialised. */
export function workbookAnswerJson(data: string, version: number, updatedAt: string): string {
  return `{"workbook":{"workbook":${data},"version":${version},"updatedAt":${JSON.stringify(updatedAt)}}}`;
}

const EMPTY_JSON = JSON.stringify(emptyWorkbook());

/** One workbook per learner per organisation, merged field by field on every save (design §8). */
export class WorkbookService {
  private readonly select;
  private readonly selectForUpdate;
  private readonly insert;
  private readonly update;

  constructor(private readonly db: Db) {
    this.select = prepared(
      db.kysely,
      (k, orgId: string, userId: string) =>
        k
          .selectFrom('workbooks')
          .select(['data', 'version', 'updated_at'])
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId),
      2,
    );
    // PostgreSQL locks the learner's row for the save; SQLite's one connection already runs
    // transactions one at a time (and has no FOR UPDATE).
    this.selectForUpdate = prepared(
      db.kysely,
      (k, orgId: string, userId: string) => {
        const query = k
          .selectFrom('workbooks')
          .select(['data', 'version', 'updated_at'])
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId);
        return db.dialect === 'postgres' ? query.forUpdate() : query;
      },
      2,
    );
    this.insert = preparedWrite(
      db.kysely,
      (k, orgId: string, userId: string, data: string, updatedAt: string) =>
        k
          .insertInto('workbooks')
          .values({ org_id: orgId, user_id: userId, data, version: 0, updated_at: updatedAt })
          .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing()),
      4,
    );
    this.update = preparedWrite(
      db.kysely,
      (
        k,
        data: string,
        nextVersion: number,
        updatedAt: string,
        orgId: string,
        userId: string,
        version: number,
      ) =>
        k
          .updateTable('workbooks')
          .set({ data, version: nextVersion, updated_at: updatedAt })
          .where('org_id', '=', orgId)
          .where('user_id', '=', userId)
          .where('version', '=', version),
      6,
    );
  }

  /** The stored answer as JSON text, without parsing the workbook. */
  async getJson(orgId: string, userId: string): Promise<string> {
    const [row] = await this.select(orgId, userId);
    return row
      ? workbookAnswerJson(row.data, Number(row.version), row.updated_at)
      : workbookAnswerJson(EMPTY_JSON, 0, new Date(0).toISOString());
  }

  async get(orgId: string, userId: string): Promise<StoredWorkbook> {
    const [row] = await this.select(orgId, userId);
    if (!row)
      return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
    return {
      workbook: JSON.parse(row.data) as Workbook,
      version: Number(row.version),
      updatedAt: row.updated_at,
    };
  }

  /**
   * Merges `incoming` into the stored workbook, in a transaction that holds the learner's row:
   * concurrent saves from several tabs queue behind each other and all survive (design §8).
   */
  async save(
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<StoredWorkbook & { json: string }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      let [row] = await this.selectForUpdate.in(trx)(orgId, userId);
      if (!row) {
        // The first save: a row to lock (another first save may have made it meanwhile).
        await this.insert.in(trx)(
          orgId,
          userId,
          JSON.stringify(emptyWorkbook()),
          new Date(0).toISOString(),
        );
        [row] = await this.selectForUpdate.in(trx)(orgId, userId);
        if (!row) throw new Error('the workbook row could not be created');
      }
      const stored = JSON.parse(row.data) as Workbook;
      const merged = mergeWorkbooks(stored, incoming);
      const updatedAt = new Date().toISOString();
      const data = JSON.stringify(merged);
      const version = Number(row.version) + 1;
      await this.update.in(trx)(data, version, updatedAt, orgId, userId, Number(row.version));
      return {
        workbook: merged,
        version,
        updatedAt,
        json: workbookAnswerJson(data, version, updatedAt),
      };
    });
  }
}
