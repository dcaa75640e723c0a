import { LocalFileStorage } from './adapters/storage/local-storage';
import { S3FileStorage } from './adapters/storage/s3-storage';
import type { Config } from './config';
import { migrateDatabase, openDatabase } from './db/database';
import {
  BackupRefused,
  bucketFiles,
  localFiles,
  restoreBackup,
  writeBackup,
  type BackupFiles,
  type BackupSummary,
} from './services/backup';

/** The stored files of this configuration: the local uploads folder, or the bucket. */
function filesOf(config: Config): BackupFiles {
  if (config.storage.kind === 's3') return bucketFiles(new S3FileStorage(config.storage));
  return localFiles(config.uploadsDir, new LocalFileStorage(config.uploadsDir));
}

const describe = (summary: BackupSummary) => {
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  const tables = Object.keys(summary.rows).length;
  return `${rows} rows in ${tables} tables, ${summary.files} files`;
};

/**
 * `backup <file>`: the database (one consistent snapshot, while the server runs) and the stored
 * files, in one file. `restore <file>`: into an empty database and storage, at the same version.
 */
export async function backupCommand(
  command: 'backup' | 'restore',
  file: string,
  config: Config,
  io: { stderr: (text: string) => void },
): Promise<number> {
  // No statement timeout: a large table takes the time it takes.
  const db = openDatabase(config.databaseUrl, { connectTimeoutMs: 10_000, queryTimeoutMs: 0 });
  try {
    if (command === 'backup') {
      const summary = await writeBackup(db, filesOf(config), file);
      io.stderr(`${file}: backed up ${describe(summary)}\n`);
      return 0;
    }
    await migrateDatabase(config.databaseUrl, db);
    const summary = await restoreBackup(db, filesOf(config), file);
    io.stderr(`${file}: restored ${describe(summary)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    io.stderr(`${err.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}
