import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/database';
import type { UseCaseArgs } from '../use-cases';
import type { UploadQuota, UploadsContext } from './context';
import { checkQuota, holdBytes, release } from './quota';
import { discard, receive } from './receiving';
import { store } from './storing';

export type { ReceivedFile, UploadHold, UploadQuota } from './context';
export { cleanFilename } from './storing';

/**
 * Learners' uploads: the hourly quotas and the bytes an upload in progress holds (quota.ts), the
 * body streamed to a temporary file (receiving.ts), then checked and stored (storing.ts).
 */
export class UploadService {
  private readonly ctx: UploadsContext;

  constructor(
    db: Db,
    storage: FileStorage,
    readonly maxBytes: number,
    /** Where files are received before they are checked (a folder no one serves). */
    incomingDir: string,
    quota: UploadQuota,
  ) {
    this.ctx = { db, storage, maxBytes, incomingDir, quota };
  }

  checkQuota(...args: UseCaseArgs<typeof checkQuota>) {
    return checkQuota(this.ctx, ...args);
  }

  hold(...args: UseCaseArgs<typeof holdBytes>) {
    return holdBytes(this.ctx, ...args);
  }

  release(...args: UseCaseArgs<typeof release>) {
    return release(this.ctx, ...args);
  }

  receive(...args: UseCaseArgs<typeof receive>) {
    return receive(this.ctx, ...args);
  }

  discard(...args: UseCaseArgs<typeof discard>) {
    return discard(this.ctx, ...args);
  }

  store(...args: UseCaseArgs<typeof store>) {
    return store(this.ctx, ...args);
  }
}
