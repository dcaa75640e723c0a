import type { Db } from '../../db/database';
import type { UseCaseArgs } from '../use-cases';
import { auditCsv, auditLog } from './audit';

/**
 * The organisation console (docs/design.md §15), for the organisation's administrators only
 * (policies/admin.ts): its audit log so far.
 */
export class AdminService {
  constructor(private readonly db: Db) {}

  auditLog(...args: UseCaseArgs<typeof auditLog>) {
    return auditLog(this.db, ...args);
  }

  auditCsv(...args: UseCaseArgs<typeof auditCsv>) {
    return auditCsv(this.db, ...args);
  }
}
