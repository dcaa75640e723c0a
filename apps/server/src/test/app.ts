import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { ACCESS_LOG_FLUSH_MS } from '../http/access-log';
import type { Services } from '../services';
import type { OrganisationService } from '../services/organisation-service';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  organisations: OrganisationService;
  services: Services;
  /** Every route of the app as registered (see App.routes). */
  routes: readonly RouteOptions[];
  database: TestDatabase;
  close(): Promise<void>;
}

/** Waits for the access lines of the requests made so far (written together, a little later). */
export const accessLinesWritten = () =>
  new Promise<void>((resolve) => setTimeout(resolve, ACCESS_LOG_FLUSH_MS + 20));

/** The real app on a new, migrated database of `kind`; requests go through `app.inject`. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  return startAppOn(await createTestDatabase(kind), env, logStream);
}

/**
 * The real app on a database a test made (a migration's test starts it on the database it
 * migrated). Closing the app drops the database.
 */
export async function startAppOn(
  database: TestDatabase,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-app-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ...env,
  });
  // The test database owns the connection; the app must not close it before the test drops it.
  const { app, organisations, services, routes } = await buildApp({
    config,
    db: { ...database.db, destroy: async () => {} },
    ...(logStream && { logStream }),
  });
  await app.ready();
  return {
    app,
    config,
    organisations,
    services,
    routes,
    database,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
