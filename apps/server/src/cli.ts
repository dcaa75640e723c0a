import fs from 'node:fs';
import { checkContentPack } from '@portal/domain';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { exportContentPack, importContentPack } from './services/content-pack-service';

const USAGE = `Usage:
  npm run portal -- import <pack.json>     create or update an organisation from a content pack
  npm run portal -- export <alias>         print the organisation's content pack (secrets left out)
  npm run portal -- validate <pack.json>   check a pack without importing it`;

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

function printProblems(file: string, problems: { path: string; message: string }[]) {
  process.stderr.write(
    `${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed\n`,
  );
  for (const p of problems) process.stderr.write(`  ${p.path}: ${p.message}\n`);
}

async function run(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command === 'validate') {
    const result = checkContentPack(readPack(arg));
    if (!result.ok) {
      printProblems(arg ?? '', result.problems);
      return 1;
    }
    process.stderr.write(`${arg}: valid (${result.pack.organisation.alias})\n`);
    return 0;
  }
  if (command !== 'import' && command !== 'export') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    if (command === 'import') {
      const result = await importContentPack(db, readPack(arg));
      if (!result.ok) {
        printProblems(arg ?? '', result.problems);
        return 1;
      }
      process.stderr.write(
        `${result.alias}: ${result.changed ? 'imported' : 'unchanged (already up to date)'}\n`,
      );
      return 0;
    }
    if (!arg) throw new UsageError('an organisation alias is required');
    const pack = await exportContentPack(db, arg);
    if (!pack) {
      process.stderr.write(`no organisation "${arg}"\n`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(pack, null, 2)}\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
