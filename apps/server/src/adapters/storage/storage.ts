import type { Readable } from 'node:stream';

/** A stored file, to serve. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

/**
 * Where uploaded files live. The embedded default is a local folder served at /uploads; an
 * S3-compatible bucket (STORAGE=s3) implements the same interface, so that any server process
 * serves any file (docs/configuration.md, "Uploaded files").
 */
export interface FileStorage {
  /** Stores `data` under `key` and answers the URL the browser fetches it from. */
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  /** Stores the file at `filePath` (which the storage may move) under `key`, streaming it. */
  putFile(
    key: string,
    filePath: string,
    contentType: string,
    size: number,
  ): Promise<{ url: string }>;
  /** The file under `key`, or null; absent when the storage is served by a static folder. */
  get?(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
}
