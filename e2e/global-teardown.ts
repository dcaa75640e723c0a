import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes the run's data folder (database, uploads), which only this run used. */
export default function globalTeardown(): void {
  const dir = process.env.PORTAL_E2E_DATA_DIR;
  if (dir && path.resolve(dir).startsWith(path.resolve(os.tmpdir()) + path.sep)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
