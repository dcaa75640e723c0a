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

const MAX_ATTEMPTS = 20;

/** One workbook per learner per organisation, merged field by field on every save (design §8). */
export class WorkbookService {
  private readonly select;
  private readonly insert;
  private readonly update;

  constructor(db: Db) {
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
    this.insert = preparedWrite(
      db.kysely,
      (k, orgId: string, userId: string, data: string, updatedAt: string) =>
        k
          .insertInto('workbooks')
          .values({ org_id: orgId, user_id: userId, data, version: 1, updated_at: updatedAt })
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
   * Merges `incoming` into the stored workbook. A compare-and-set on `version` retries when
   * another save got in between, so concurrent saves from several tabs all survive.
   */
  async save(
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<StoredWorkbook & { json: string }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.get(orgId, userId);
      const merged = mergeWorkbooks(current.workbook, incoming);
      const updatedAt = new Date().toISOString();
      const data = JSON.stringify(merged);
      if (current.version === 0) {
        if ((await this.insert(orgId, userId, data, updatedAt)) === 1)
          return {
            workbook: merged,
            version: 1,
            updatedAt,
            json: workbookAnswerJson(data, 1, updatedAt),
          };
        continue;
      }
      const next = current.version + 1;
      if ((await this.update(data, next, updatedAt, orgId, userId, current.version)) === 1)
        return {
          workbook: merged,
          version: next,
          updatedAt,
          json: workbookAnswerJson(data, next, updatedAt),
        };
    }
    throw new Error('the workbook kept changing while it was being saved');
  }
}
