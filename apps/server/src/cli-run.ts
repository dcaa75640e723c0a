import fs from 'node:fs';
import pino from 'pino';
import { checkContentPack, contentPackWarnings, type ContentPack } from '@portal/domain';
import { backupCommand } from './cli-backup';
import { loadConfig } from './config';
import { Caches, encodeChanges, type Change } from './cache';
import { clusterChannels } from './services/cluster-channels';
import { migrateDatabase, openDatabase } from './db/database';
import { queueDepth } from './jobs/runner';
import { OutboxMailer, SmtpMailer, type Mailer } from './adapters/mail/mailer';
import { createOrganisation } from './services/admin/create-organisation';
import { exportContentPack, importContentPack } from './services/content-pack-service';
import { SiteLinks } from './services/site-links';
import { ProgressService } from './services/progress-service';
import { rebuildSearchIndexAfter } from './services/search-index';
import { TopicCache } from './services/topic-cache';

/** Where the CLI writes, and the settings it reads: the process's own unless a test gives others. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The settings; config.ts reads the process's own when this is left out. */
  env?: NodeJS.ProcessEnv;
}

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

const USAGE = `Usage:
  npm run portal -- import <pack.json>     create or update an organisation from a content pack
  npm run portal -- export <alias>         print the organisation's content pack (secrets left out)
  npm run portal -- validate <pack.json>   check a pack without importing it
  npm run portal -- migrate                bring the database to this version's schema (run it
                                           before starting the new version: docs/production.md)
  npm run portal -- jobs                   print the background jobs by kind and status (JSON)
  npm run portal -- backup <file>          the database and the stored files in one file, while
                                           the server runs
  npm run portal -- restore <file>         a backup into an empty database and storage
  npm run portal -- org create <alias> --host <host> --admin <email>
                                           make a starter organisation; its first administrator
                                           gets an invitation by mail to choose a password`;

function readPack(file: string | undefined): unknown {
  if (!file) throw new UsageError('a pack file is required');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
  try {
    return JSON.parse(stripNpmBanner(text));
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${(err as Error).message}`);
  }
}

class UsageError extends Error {}

/**
 * `npm run portal -- export x > pack.json` leaves npm's "> portal" banner at the top of the file
 * (npm writes it to stdout); it is not part of the pack, so import skips it.
 */
function stripNpmBanner(text: string): string {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i]!.trim() === '' || lines[i]!.startsWith('> '))) i++;
  return lines.slice(i).join('\n');
}

/** Accessibility warnings (docs/content-packs.md): printed, but the pack is still valid. */
function printWarnings(io: CliIo, file: string, pack: ContentPack) {
  const warnings = contentPackWarnings(pack);
  if (!warnings.length) return;
  io.stderr(`${file}: ${warnings.length} warning${warnings.length === 1 ? '' : 's'}\n`);
  for (const w of warnings) io.stderr(`  warning: ${w.path}: ${w.message}\n`);
}

function printProblems(io: CliIo, file: string, problems: { path: string; message: string }[]) {
  io.stderr(
    `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed\n`,
  );
  for (const p of problems) io.stderr(`  ${p.path}: ${p.message}\n`);
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, arg] = argv;
  if (command === 'validate') {
    const result = checkContentPack(readPack(arg));
    if (!result.ok) {
      printProblems(io, arg ?? '', result.problems);
      return 1;
    }
    io.stderr(`${arg}: valid (${result.pack.organisation.alias})\n`);
    printWarnings(io, arg ?? '', result.pack);
    return 0;
  }
  if (command === 'org') return orgCommand(argv.slice(1), io);
  if (command === 'backup' || command === 'restore') {
    if (!arg) throw new UsageError(`${command} needs a file: ${command} <file>`);
    return backupCommand(command, arg, loadConfig(io.env), io);
  }
  if (command !== 'import' && command !== 'export' && command !== 'jobs' && command !== 'migrate') {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(io.env);
  const db = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateDatabase(config.databaseUrl, db);
    await rebuildSearchIndexAfter(db, applied);
    if (command === 'migrate') {
      io.stderr(
        applied.length
          ? `applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}\n`
          : 'the database is up to date\n',
      );
      return 0;
    }
    if (command === 'jobs') {
      const depth: Record<string, Record<string, number>> = {};
      for (const { kind, status, count } of await queueDepth(db))
        (depth[kind] ??= {})[status] = count;
      io.stdout(`${JSON.stringify(depth, null, 2)}\n`);
      return 0;
    }
    if (command === 'import') {
      const pack = readPack(arg);
      const checked = checkContentPack(pack);
      if (checked.ok) printWarnings(io, arg ?? '', checked.pack);
      const result = await importContentPack(db, pack, { mediaDir: config.mediaDir });
      if (!result.ok) {
        printProblems(io, arg ?? '', result.problems);
        return 1;
      }
      io.stderr(
        `${result.alias}: ${result.changed ? 'imported' : 'unchanged (already up to date)'}\n`,
      );
      if (result.changed) {
        // Pages may have changed: the group pages' progress is graded again from the workbooks.
        const caches = new Caches();
        const graded = await new ProgressService(
          db,
          new TopicCache(db, caches),
          pino({ level: config.logLevel }, pino.destination(2)),
          caches,
        ).recompute(result.organisationId);
        if (graded) io.stderr(`${result.alias}: progress of ${graded} workbook(s) graded again\n`);
      }
      if (result.changed && config.redisUrl)
        await announceImport(io, config.redisUrl, config.redisPrefix, result.organisationId);
      return 0;
    }
    if (!arg) throw new UsageError('an organisation alias is required');
    const pack = await exportContentPack(db, arg);
    if (!pack) {
      io.stderr(`no organisation "${arg}"\n`);
      return 1;
    }
    io.stdout(`${JSON.stringify(pack, null, 2)}\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

/** The value after `--name` in `args` (a usage error when it is missing). */
function option(args: string[], name: string): string {
  const at = args.indexOf(`--${name}`);
  const value = at < 0 ? undefined : args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`--${name} is required`);
  return value;
}

/** `org create <alias> --host <host> --admin <email>` (docs/design.md §15). */
async function orgCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, alias] = args;
  if (sub !== 'create' || !alias || alias.startsWith('--'))
    throw new UsageError(
      'org create needs an alias: org create <alias> --host <host> --admin <email>',
    );
  const host = option(args, 'host');
  const adminEmail = option(args, 'admin');
  const config = loadConfig(io.env);
  const db = openDatabase(config.databaseUrl);
  const log = pino({ level: config.logLevel }, pino.destination(2));
  try {
    await rebuildSearchIndexAfter(db, await migrateDatabase(config.databaseUrl, db));
    const mailer: Mailer = config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, log)
      : new OutboxMailer(config.outboxDir, log);
    const result = await createOrganisation(
      db,
      { alias, host, adminEmail },
      {
        links: new SiteLinks({
          publicOrigin: config.publicOrigin,
          baseDomain: config.baseDomain,
          port: config.port,
          defaultOrg: config.defaultOrg,
        }),
        mailer,
      },
    ).finally(() => mailer.close?.());
    if (!result.ok) {
      printProblems(io, alias, result.problems);
      return 1;
    }
    io.stderr(`${alias}: created at ${host}, administrator ${result.adminEmail}
`);
    if (result.mailed)
      io.stderr(`${alias}: the invitation was mailed to ${result.adminEmail}
`);
    else
      io.stderr(
        `${alias}: the invitation could not be mailed (${result.mailError}); the administrator can ask for a password link with "Forgot password" at ${host}
`,
      );
    if (config.redisUrl)
      await announceImport(io, config.redisUrl, config.redisPrefix, result.organisationId);
    return 0;
  } finally {
    await db.destroy();
  }
}

/**
 * Tells the running servers (with REDIS_URL) that an organisation was imported, so that they
 * serve it at once rather than within a second. A Redis that does not answer only delays that.
 */
async function announceImport(
  io: CliIo,
  url: string,
  prefix: string,
  orgId: string,
): Promise<void> {
  // Loaded only here: the CLI's other commands do not pay for it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const changes: Change[] = [{ content: { org: orgId } }, { hosts: true }];
    await redis.publish(clusterChannels(prefix).cacheChanged, encodeChanges('cli', changes));
  } catch (err) {
    io.stderr(
      `(the running servers will see it within a second: Redis did not answer: ${err instanceof Error ? err.message : String(err)})\n`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Runs one CLI command; resolves with the process's exit code (2 for a usage error). */
export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    io.stderr(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
