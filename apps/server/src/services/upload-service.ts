import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { UploadedFile } from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import { insertUpload } from '../db/repositories/uploads';
import { invalid, unsupportedType } from './errors';

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

/** Plain text has no signature: it is accepted by its extension only when it decodes as UTF-8 with no control bytes. */
function plainTextType(name: string, data: Buffer): string | undefined {
  const type = TEXT_EXTENSIONS.get(path.extname(name).toLowerCase());
  if (!type) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    const hasControlBytes = [...text].some((c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\f' && c !== '\v';
    });
    return hasControlBytes ? undefined : type;
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
  ) {}

  async store(
    orgId: string,
    userId: string,
    filename: string,
    data: Buffer,
  ): Promise<UploadedFile> {
    if (data.length === 0) throw invalid('The file is empty.', { file: 'is empty' });
    const sniffed = await fileTypeFromBuffer(data);
    const contentType =
      sniffed && ALLOWED.has(sniffed.mime)
        ? sniffed.mime
        : sniffed
          ? undefined
          : plainTextType(filename, data);
    if (!contentType)
      throw unsupportedType(
        'File type must be an image (PNG, JPEG, GIF, WebP), a PDF, an office document, or plain text (TXT, CSV).',
        {
          file: 'has a type that is not accepted',
        },
      );
    const extension = ALLOWED.get(contentType) ?? (contentType === 'text/csv' ? 'csv' : 'txt');
    const publicId = randomBytes(16).toString('hex');
    const storageKey = `${orgId}/${publicId}.${extension}`;
    const { url } = await this.storage.put(storageKey, data, contentType);
    const original = cleanFilename(filename);
    await insertUpload(this.db, {
      publicId,
      orgId,
      userId,
      storageKey,
      url,
      originalFilename: original,
      contentType,
      size: data.length,
      createdAt: new Date().toISOString(),
    });
    return { secure_url: url, original_filename: original, public_id: publicId };
  }
}
