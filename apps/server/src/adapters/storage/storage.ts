/**
 * Where uploaded files live. The embedded default is a local folder served at /uploads; an
 * S3-compatible bucket implements the same interface (docs/design.md §2, `STORAGE`).
 */
export interface FileStorage {
  /** Stores `data` under `key` and answers the URL the browser fetches it from. */
  put(key: string, data: Buffer, contentType: string): Promise<{ url: string }>;
  remove(key: string): Promise<void>;
}
