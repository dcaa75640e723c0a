import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { OrganisationService } from '../services/organisation-service';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  organisations: OrganisationService;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a new, migrated database of `kind`; requests go through `app.inject`. */
export async function startTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'portal-unused'),
    DATABASE_URL: database.url,
    ...env,
  });
  // The test database owns the connection; the app must not close it before the test drops it.
  const { app, organisations } = await buildApp({ config, db: { ...database.db, destroy: async () => {} } });
  await app.ready();
  return {
    app,
    organisations,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
