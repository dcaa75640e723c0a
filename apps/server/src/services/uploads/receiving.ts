import { randomBytes } from 'node:crypto';
import { errorText } from '@portal/domain';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tooLarge } from '../errors';
import type { ReceivedFile, UploadHold, UploadsContext } from './context';
import { growHold } from './quota';

/**
 * Streams an uploaded file into a temporary file (never whole in memory), refusing it (413)
 * past the size limit. The caller stores or discards what it answers.
 */
export async function receive(
  ctx: UploadsContext,
  name: string,
  file: Readable & { truncated?: boolean },
  hold?: UploadHold,
): Promise<ReceivedFile> {
  await fs.promises.mkdir(ctx.incomingDir, { recursive: true });
  const target = path.join(ctx.incomingDir, randomBytes(16).toString('hex'));
  let size = 0;
  const grow = (n: number) => (hold ? growHold(ctx, hold, n) : Promise.resolve());
  // Counted as they arrive: past what the upload holds, it must find room in the quotas first.
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      grow(size).then(
        () => done(null, chunk),
        (err: unknown) => done(err as Error),
      );
    },
  });
  try {
    await pipeline(file, count, fs.createWriteStream(target, { flags: 'wx' }));
    if (file.truncated || size > ctx.maxBytes)
      throw tooLarge(errorText('fileTooLarge', { max: ctx.maxBytes }), { file: 'isTooLarge' });
  } catch (err) {
    await fs.promises.rm(target, { force: true });
    throw err;
  }
  return { name, path: target, size };
}

export async function discard(ctx: UploadsContext, file: ReceivedFile): Promise<void> {
  await fs.promises.rm(file.path, { force: true });
}
