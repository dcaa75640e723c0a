import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadedFile } from '@portal/domain';
import { fileTypeFromFile } from 'file-type';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import { insertUpload, uploadsSince } from '../db/repositories/uploads';
import { invalid, tooLarge, tooManyRequests, unsupportedType } from './errors';

const HOUR_MS = 3_600_000;

export const UPLOAD_QUOTA_REACHED =
  'You have uploaded too many files in the last hour. Please try again later.';

/** A file received into a temporary file, not yet checked nor stored. */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
}

/** How much one account may upload in an hour (UPLOADS_PER_HOUR, UPLOAD_BYTES_PER_HOUR). */
export interface UploadQuota {
  perHour: number;
  bytesPerHour: number;
}

/** What learners may upload, by the type sniffed from the bytes (never the name or the header). */
const ALLOWED = new Map<string, string>([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
]);

const TEXT_EXTENSIONS = new Map([
  ['.txt', 'text/plain'],
  ['.csv', 'text/csv'],
]);

/** Whether text holds control characters other than the white space of text (\t \n \v \f \r). */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && (code < 0x09 || code > 0x0d)) return true;
  }
  return false;
}

/**
 * Plain text has no signature: it is accepted by its extension only when it decodes as UTF-8
 * with no control bytes. The file is read in chunks, never whole.
 */
async function plainTextType(name: string, file: string): Promise<string | undefined> {
  const type = TEXT_EXTENSIONS.get(path.extname(name).toLowerCase());
  if (!type) return undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 }))
      if (hasControlCharacters(decoder.decode(chunk as Buffer, { stream: true }))) return undefined;
    if (hasControlCharacters(decoder.decode())) return undefined;
    return type;
  } catch {
    return undefined;
  }
}

export function cleanFilename(name: string): string {
  const base = [...path.basename(name.replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) >= 0x20 && !'<>:"|?*'.includes(c))
    .join('')
    .trim();
  return (base || 'file').slice(0, 255);
}

export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    readonly maxBytes: number,
    /** Where files are received before they are checked (a folder no one serves). */
    private readonly incomingDir: string,
    private readonly quota: UploadQuota,
  ) {}

  /**
   * Refuses (429) an account that has used its uploads of the last hour, saying when it may
   * upload again. Uploads are counted in the database, so the quota holds across processes.
   */
  async checkQuota(userId: string, now = Date.now()): Promise<void> {
    const recent = await uploadsSince(this.db, userId, new Date(now - HOUR_MS).toISOString());
    let bytes = recent.reduce((sum, u) => sum + u.size, 0);
    if (recent.length < this.quota.perHour && bytes < this.quota.bytesPerHour) return;
    // Free again once enough of the oldest uploads are over an hour old.
    let count = recent.length;
    let freeAt = now;
    for (const upload of recent) {
      if (count < this.quota.perHour && bytes < this.quota.bytesPerHour) break;
      count -= 1;
      bytes -= upload.size;
      freeAt = Date.parse(upload.createdAt) + HOUR_MS;
    }
    throw tooManyRequests(UPLOAD_QUOTA_REACHED, (freeAt - now) / 1_000);
  }

  /**
   * Streams an uploaded file into a temporary file (never whole in memory), refusing it (413)
   * past the size limit. The caller stores or discards what it answers.
   */
  async receive(name: string, file: Readable & { truncated?: boolean }): Promise<ReceivedFile> {
    await fs.promises.mkdir(this.incomingDir, { recursive: true });
    const target = path.join(this.incomingDir, randomBytes(16).toString('hex'));
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(file, count, fs.createWriteStream(target, { flags: 'wx' }));
      if (file.truncated || size > this.maxBytes)
        throw tooLarge(`File is larger than ${this.maxBytes} bytes`, { file: 'is too large' });
    } catch (err) {
      await fs.promises.rm(target, { force: true });
      throw err;
    }
    return { name, path: target, size };
  }

  async discard(file: ReceivedFile): Promise<void> {
    await fs.promises.rm(file.path, { force: true });
  }

  /** Checks a received file's type from its bytes, stores it and records it; the temporary file goes. */
  async store(orgId: string, userId: string, file: ReceivedFile): Promise<UploadedFile> {
    try {
      if (file.size === 0) throw invalid('The file is empty.', { file: 'is empty' });
      const sniffed = await fileTypeFromFile(file.path);
      const contentType =
        sniffed && ALLOWED.has(sniffed.mime)
          ? sniffed.mime
          : sniffed
            ? undefined
            : await plainTextType(file.name, file.path);
      if (!contentType)
        throw unsupportedType(
          'File type must be an image (PNG, JPEG, GIF, WebP), a PDF, an office document, or plain text (TXT, CSV).',
          {
            file: 'has a type that is not accepted',
          },
        );
      // Concurrent uploads passed the first check together: the last word is here.
      await this.checkQuota(userId);
      const extension = ALLOWED.get(contentType) ?? (contentType === 'text/csv' ? 'csv' : 'txt');
      const publicId = randomBytes(16).toString('hex');
      const storageKey = `${orgId}/${publicId}.${extension}`;
      const { url } = await this.storage.putFile(storageKey, file.path, contentType, file.size);
      const original = cleanFilename(file.name);
      await insertUpload(this.db, {
        publicId,
        orgId,
        userId,
        storageKey,
        url,
        originalFilename: original,
        contentType,
        size: file.size,
        createdAt: new Date().toISOString(),
      });
      return { secure_url: url, original_filename: original, public_id: publicId };
    } finally {
      await this.discard(file);
    }
  }
}
