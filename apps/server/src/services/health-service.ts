import type { Db } from '../db/database';

/** Whether the process can serve: the database answers. */
export class HealthService {
  constructor(private readonly db: Db) {}

  async ready(): Promise<void> {
    await this.db.ping();
  }
}
