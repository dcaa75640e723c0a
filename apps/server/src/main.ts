import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { countOrganisations, importContentPack } from './services/content-pack-service';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const db = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  if (config.seedContent && (await countOrganisations(db)) === 0)
    await seed(db, config.contentDir, log);

  const { app } = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
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

async function seed(db: ReturnType<typeof openDatabase>, contentDir: string, log: pino.Logger) {
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
    );
    if (!result.ok) {
      for (const p of result.problems) log.error(`${file}: ${p.path}: ${p.message}`);
      throw new Error(`The demo content pack ${file} is invalid`);
    }
    log.info({ file, organisation: result.alias }, 'demo content pack imported');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
