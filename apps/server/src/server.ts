import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import { seedDemoPurchases } from './demo-purchases';
import { migrateDatabase, openDatabase } from './db/database';
import { databaseStartupMessage } from './db/startup-errors';
import { waitForPostgres } from './db/startup-wait';
import { startStartupHolding, type StartupHolding } from './http/startup-holding';
import { countOrganisations, importContentPack } from './services/content-pack-service';
import { rebuildSearchIndexAfter } from './services/search-index';

const SHUTDOWN_GRACE_MS = 10_000;

export interface ServerOptions {
  /** Runs as the server closes (tracing sends its last spans). */
  onClose?: () => Promise<void>;
}

/** Opens and migrates the database, seeds the demo, then listens until SIGTERM or SIGINT. */
export async function startServer(config: Config, { onClose }: ServerOptions = {}) {
  const log = pino({ level: config.logLevel });
  let db: ReturnType<typeof openDatabase>;
  let applied: string[];
  // While PostgreSQL is not up yet, the port already answers: /healthz 200, the rest 503.
  let holding: StartupHolding | undefined;
  if (!config.databaseUrl.startsWith('sqlite:') && config.databaseStartupWaitSeconds > 0)
    await waitForPostgres(config.databaseUrl, {
      waitSeconds: config.databaseStartupWaitSeconds,
      connectTimeoutMs: config.database.connectTimeoutMs,
      warn: (line, fields) => log.warn(fields, line),
      onWaiting: async () => {
        holding = await startStartupHolding(config.port, config.host);
        log.info(
          { port: holding.port },
          'listening while waiting for the database: /healthz 200, everything else 503',
        );
      },
    });
  try {
    db = openDatabase(config.databaseUrl, config.database);
    applied = await migrateDatabase(config.databaseUrl, db);
  } catch (err) {
    // Which setting is wrong and how to fix it, not a bare `connect ECONNREFUSED`.
    const message = databaseStartupMessage(err, config.databaseUrl);
    throw message ? new Error(message, { cause: err }) : err;
  }
  if (applied.length) log.info({ applied }, 'migrations applied');
  await rebuildSearchIndexAfter(db, applied);

  const seeding = config.seedContent && (await countOrganisations(db)) === 0;
  if (seeding) await seed(db, config.contentDir, config.mediaDir, log);

  const { app, services } = await buildApp({ config, db });
  // The demo's seat buyers, bought through the local checkout (never with real payments).
  if (seeding && config.payments.provider === 'local')
    await seedDemoPurchases(db, services, app.log);
  // Workbooks saved before the progress table existed get their rows now, in the background,
  // so that group administrators see every member's progress from the start (issue 17).
  if (applied.includes('0012-group-progress'))
    void services.progress
      .recompute()
      .then((graded) => log.info({ graded }, 'progress of stored workbooks written'));
  // The same port as the holding listener (the one it got when PORT=0), taken over at once.
  if (onClose) app.addHook('onClose', onClose);
  await holding?.close();
  await app.listen({ port: holding?.port ?? config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz answers 503 from now on, so that a load balancer sends no new requests here.
    services.health.drain();
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

async function seed(
  db: ReturnType<typeof openDatabase>,
  contentDir: string,
  mediaDir: string,
  log: pino.Logger,
) {
  const files = fs.existsSync(contentDir)
    ? fs
        .readdirSync(contentDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of files) {
    const result = await importContentPack(
      db,
      JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')),
      { mediaDir },
    );
    if (!result.ok) {
      for (const p of result.problems) log.error(`${file}: ${p.path}: ${p.message}`);
      throw new Error(`The demo content pack ${file} is invalid`);
    }
    log.info({ file, organisation: result.alias }, 'demo content pack imported');
  }
}
