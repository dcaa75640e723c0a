import fs from 'node:fs';
import path from 'node:path';
import { isConnectionLost } from './unavailable';

/**
 * Errors of opening the database at start, said in terms of the setting to change
 * (`DATABASE_URL`, docs/configuration.md) rather than as a bare `connect ECONNREFUSED`.
 */

const EXAMPLES =
  'postgres://user:password@host:5432/database, or sqlite:./data/portal.db for the embedded database';

/** The URL without its password, to be shown in a message or a log. */
export function redactedDatabaseUrl(url: string): string {
  if (url.startsWith('sqlite:')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

export class DatabaseSettingError extends Error {
  override readonly name = 'DatabaseSettingError';
}

/**
 * Makes the folder of a SQLite file, one level at a time, and fails at once with a message that
 * names the setting when it cannot. (`mkdirSync(…, {recursive: true})` never returns for some
 * paths, such as one under /proc: the process spun at 100 % CPU and ignored SIGTERM.)
 */
export function prepareSqliteFolder(url: string, file: string): void {
  if (file === ':memory:' || file === '') return;
  const missing: string[] = [];
  let dir = path.dirname(path.resolve(file));
  while (!fs.existsSync(dir)) {
    missing.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const folder of missing)
    try {
      fs.mkdirSync(folder);
    } catch (err) {
      throw new DatabaseSettingError(
        `DATABASE_URL=${url}: the folder ${folder} for the SQLite file cannot be created ` +
          `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message}). ` +
          `Set DATABASE_URL to a file in a folder this process may write to, such as sqlite:./data/portal.db.`,
      );
    }
}

/** A message naming DATABASE_URL and what to do, for an error of opening or migrating the database. */
export function databaseStartupMessage(err: unknown, url: string): string | undefined {
  if (err instanceof DatabaseSettingError) return err.message;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  const code = typeof e?.code === 'string' ? e.code : '';
  const reason = typeof e?.message === 'string' && e.message ? e.message : code;
  const shown = redactedDatabaseUrl(url);
  if (url.startsWith('sqlite:')) {
    if (!code.startsWith('SQLITE_') && !/database|directory|EEXIST|ENOTDIR|EACCES/.test(reason))
      return undefined;
    return (
      `DATABASE_URL=${shown}: the SQLite file cannot be opened (${reason}). ` +
      `Set DATABASE_URL to a file this process may create and write, such as sqlite:./data/portal.db.`
    );
  }
  let where: string;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return `DATABASE_URL is not a database URL. Set it to ${EXAMPLES}.`;
  }
  const socket = /^(ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
  const nested = Array.isArray(e?.errors)
    ? (e.errors as Array<{ code?: unknown }>).find((x) => typeof x?.code === 'string')
    : undefined;
  const socketCode = socket.test(code)
    ? code
    : typeof nested?.code === 'string' && socket.test(nested.code)
      ? nested.code
      : '';
  // A connection cut or mute before the server answered, or a server starting up or shutting down.
  const lost = !socketCode && isConnectionLost(err) ? reason : '';
  if (socketCode || lost)
    return (
      `Cannot reach PostgreSQL at ${where} (DATABASE_URL=${shown}): ${socketCode || lost}. ` +
      `Start PostgreSQL there, or set DATABASE_URL to a server that runs: ${EXAMPLES}.`
    );
  // PostgreSQL's own refusals: a wrong password or user (28xxx), a database that does not exist (3D000).
  if (/^(28|3D)/.test(code))
    return (
      `PostgreSQL at ${where} refused DATABASE_URL=${shown}: ${reason}. ` +
      `Check the user, password and database name in DATABASE_URL (${EXAMPLES}).`
    );
  return undefined;
}
