import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorText, type PlainErrorCode, type UploadedFile } from '@portal/domain';
import { fileTypeFromFile } from 'file-type';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import { inTransaction, type Executor } from '../db/repositories/executor';
import {
  deleteUploadReservation,
  insertUpload,
  insertUploadReservation,
  lockUploadQuotas,
  quotaUse,
  setUploadReservationBytes,
  type QuotaUse,
} from '../db/repositories/uploads';
import { invalid, tooLarge, tooManyRequests, unsupportedType } from './errors';

const HOUR_MS = 3_600_000;


const MB = 1_000_000;
/** A quota in MB as the messages give it (one decimal at most). */
const inMb = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/** How much more an upload in progress holds each time it outgrows what it holds. */
const HOLD_STEP = 1_048_576;

/**
 * The bytes an upload in progress holds against the quotas of its account and its address, from
 * before its body is read until it is stored or refused (docs/decisions.md, uploads).
 */
export interface UploadHold {
  id: string;
  orgId: string;
  userId: string;
  address: string;
  bytes: number;
}

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
  /**
   * The bytes all accounts of an organisation may upload from one client address in an hour
   * (UPLOAD_BYTES_PER_ADDRESS_PER_HOUR): self sign-up cannot multiply the account's quota.
   */
  bytesPerAddressPerHour: number;
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
   * upload again. Uploads are counted in the database, so the quota holds across processes;
   * uploads in progress count with the bytes they hold.
   */
  async checkQuota(userId: string, now = Date.now()): Promise<void> {
    const use = await quotaUse(this.db, { userId }, new Date(now - HOUR_MS).toISOString());
    this.refuseIfFull(use, this.quota.perHour, this.quota.bytesPerHour, 'uploadQuota', now);
  }

  /** 429 when `use` leaves no room, with the time the oldest stored uploads free enough. */
  private refuseIfFull(
    use: QuotaUse,
    perHour: number,
    bytesPerHour: number,
    message: PlainErrorCode,
    now: number,
  ): void {
    let { count, bytes } = use;
    if (count < perHour && bytes < bytesPerHour) return;
    // Free again once enough of the oldest uploads are over an hour old.
    let freeAt = now + HOUR_MS;
    for (const upload of use.stored) {
      if (count < perHour && bytes < bytesPerHour) break;
      count -= 1;
      bytes -= upload.size;
      freeAt = Date.parse(upload.createdAt) + HOUR_MS;
    }
    if (count >= perHour || bytes >= bytesPerHour) freeAt = now + HOUR_MS;
    throw tooManyRequests(message, (freeAt - now) / 1_000);
  }

  /**
   * Checks the quotas of the account and of its address with `bytes` more on them, in one
   * transaction that holds the organisation's quotas: 429 when a quota is used up already,
   * 413 when these bytes would take it past its limit. `hold` is the upload growing, if any.
   */
  private async withRoom<T>(
    who: { orgId: string; userId: string; address: string },
    bytes: number,
    write: (tx: Executor) => Promise<T>,
    counts: boolean,
  ): Promise<T> {
    const now = Date.now();
    const since = new Date(now - HOUR_MS).toISOString();
    return inTransaction(this.db, async (tx) => {
      await lockUploadQuotas(tx, who.orgId);
      const mine = await quotaUse(tx, { userId: who.userId }, since);
      const address = await quotaUse(tx, { orgId: who.orgId, address: who.address }, since);
      if (counts) {
        this.refuseIfFull(
          mine,
          this.quota.perHour,
          this.quota.bytesPerHour,
          'uploadQuota',
          now,
        );
        this.refuseIfFull(
          address,
          Number.POSITIVE_INFINITY,
          this.quota.bytesPerAddressPerHour,
          'addressUploadQuota',
          now,
        );
      }
      if (mine.bytes + bytes > this.quota.bytesPerHour)
        throw tooLarge(errorText('uploadOverQuota', { max: inMb(this.quota.bytesPerHour) }), {
          file: 'overUploadLimit',
        });
      if (address.bytes + bytes > this.quota.bytesPerAddressPerHour)
        throw tooLarge(
          errorText('addressOverQuota', { max: inMb(this.quota.bytesPerAddressPerHour) }),
          { file: 'overUploadLimit' },
        );
      return write(tx);
    });
  }

  /**
   * Before a byte of the body is read: holds `bytes` (the declared length, or a first step when
   * none is declared) for an upload of the account from `address`, or refuses it (429 / 413).
   */
  async hold(
    who: { orgId: string; userId: string; address: string },
    bytes: number,
  ): Promise<UploadHold> {
    const hold: UploadHold = { id: randomBytes(16).toString('hex'), ...who, bytes };
    await this.withRoom(
      who,
      bytes,
      (tx) => insertUploadReservation(tx, { ...hold, at: new Date().toISOString() }),
      true,
    );
    return hold;
  }

  /** An upload in progress has received `size` bytes: it holds at least as many, or is refused (413). */
  private async grow(hold: UploadHold, size: number): Promise<void> {
    if (size <= hold.bytes) return;
    // A step ahead, so that a long upload asks the database now and then, not for every chunk;
    // exactly what arrived when the step does not fit.
    const ahead = Math.max(size, Math.min(size + HOLD_STEP, this.maxBytes + 64 * 1024));
    for (const bytes of ahead > size ? [ahead, size] : [size]) {
      try {
        await this.withRoom(
          hold,
          bytes - hold.bytes,
          (tx) => setUploadReservationBytes(tx, hold.id, bytes),
          false,
        );
        hold.bytes = bytes;
        return;
      } catch (err) {
        if (bytes === size) throw err;
      }
    }
  }

  /** An upload in progress ended (stored, refused or cut off): its bytes no longer count. */
  async release(hold: UploadHold): Promise<void> {
    await deleteUploadReservation(this.db, hold.id);
  }

  /**
   * Streams an uploaded file into a temporary file (never whole in memory), refusing it (413)
   * past the size limit. The caller stores or discards what it answers.
   */
  async receive(
    name: string,
    file: Readable & { truncated?: boolean },
    hold?: UploadHold,
  ): Promise<ReceivedFile> {
    await fs.promises.mkdir(this.incomingDir, { recursive: true });
    const target = path.join(this.incomingDir, randomBytes(16).toString('hex'));
    let size = 0;
    const grow = (n: number) => (hold ? this.grow(hold, n) : Promise.resolve());
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
      if (file.truncated || size > this.maxBytes)
        throw tooLarge(errorText('fileTooLarge', { max: this.maxBytes }), { file: 'isTooLarge' });
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
  async store(
    orgId: string,
    userId: string,
    file: ReceivedFile,
    hold?: UploadHold,
  ): Promise<UploadedFile> {
    try {
      if (file.size === 0) throw invalid('emptyFile', { file: 'isEmpty' });
      const sniffed = await fileTypeFromFile(file.path);
      const contentType =
        sniffed && ALLOWED.has(sniffed.mime)
          ? sniffed.mime
          : sniffed
            ? undefined
            : await plainTextType(file.name, file.path);
      if (!contentType)
        throw unsupportedType('fileType', { file: 'typeNotAccepted' });
      // Without a hold (no quota counted while streaming), the last word is here.
      if (!hold) await this.checkQuota(userId);
      const extension = ALLOWED.get(contentType) ?? (contentType === 'text/csv' ? 'csv' : 'txt');
      const publicId = randomBytes(16).toString('hex');
      const storageKey = `${orgId}/${publicId}.${extension}`;
      const { url } = await this.storage.putFile(storageKey, file.path, contentType, file.size);
      const original = cleanFilename(file.name);
      const row = {
        publicId,
        orgId,
        userId,
        storageKey,
        url,
        originalFilename: original,
        contentType,
        size: file.size,
        createdAt: new Date().toISOString(),
        address: hold?.address ?? null,
      };
      // The upload takes the place of what it held, in one step: its bytes count once, always.
      await inTransaction(this.db, async (tx) => {
        await insertUpload(tx, row);
        if (hold) await deleteUploadReservation(tx, hold.id);
      });
      return { secure_url: url, original_filename: original, public_id: publicId };
    } finally {
      await this.discard(file);
    }
  }
}
