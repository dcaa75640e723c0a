import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UploadedFile } from '@portal/domain';
import { fileTypeFromFile } from 'file-type';
import { inTransaction } from '../../db/repositories/executor';
import { deleteUploadReservation, insertUpload } from '../../db/repositories/uploads';
import { invalid, unsupportedType } from '../errors';
import type { ReceivedFile, UploadHold, UploadsContext } from './context';
import { checkQuota } from './quota';
import { discard } from './receiving';

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

/** Checks a received file's type from its bytes, stores it and records it; the temporary file goes. */
export async function store(
  ctx: UploadsContext,
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
      throw unsupportedType('fileType', {
        file: 'typeNotAccepted',
      });
    // Without a hold (no quota counted while streaming), the last word is here.
    if (!hold) await checkQuota(ctx, userId);
    const extension = ALLOWED.get(contentType) ?? (contentType === 'text/csv' ? 'csv' : 'txt');
    const publicId = randomBytes(16).toString('hex');
    const storageKey = `${orgId}/${publicId}.${extension}`;
    const { url } = await ctx.storage.putFile(storageKey, file.path, contentType, file.size);
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
    await inTransaction(ctx.db, async (tx) => {
      await insertUpload(tx, row);
      if (hold) await deleteUploadReservation(tx, hold.id);
    });
    return { secure_url: url, original_filename: original, public_id: publicId };
  } finally {
    await discard(ctx, file);
  }
}
