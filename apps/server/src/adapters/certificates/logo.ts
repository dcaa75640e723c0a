import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../storage/storage';

/**
 * The organisation's logo for its certificates, read from where this server keeps it: an upload
 * (`/uploads/{org}/{id}.png`) or a pack's media (`/media/…`). PNG and JPEG only (what PDFKit
 * draws); an address elsewhere on the web is not fetched (the server does not reach out on an
 * administrator's word), and a logo it cannot read is left out. Kept in memory, 64 at most.
 */
export class LogoReader {
  private readonly cache = new Map<string, Buffer | null>();

  constructor(
    private readonly options: {
      mediaDir: string;
      uploadsDir: string;
      storage: Pick<FileStorage, 'get'>;
      maxBytes?: number;
    },
  ) {}

  async read(url: string | undefined): Promise<Buffer | undefined> {
    if (!url || !/\.(png|jpe?g)$/i.test(url)) return undefined;
    if (!this.cache.has(url)) {
      if (this.cache.size >= 64) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(url, await this.load(url).catch(() => null));
    }
    return this.cache.get(url) ?? undefined;
  }

  private async load(url: string): Promise<Buffer | null> {
    const max = this.options.maxBytes ?? 2 * 1024 * 1024;
    const upload = /^\/uploads\/([\w-]+\/[0-9a-f]{32}\.(?:png|jpe?g))$/i.exec(url);
    if (upload) {
      const key = upload[1]!;
      if (this.options.storage.get) {
        const stored = await this.options.storage.get(key);
        if (!stored || stored.size > max) {
          stored?.body.destroy();
          return null;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of stored.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }
      return this.readFile(this.options.uploadsDir, key, max);
    }
    if (url.startsWith('/media/'))
      return this.readFile(
        this.options.mediaDir,
        decodeURIComponent(url.slice('/media/'.length)),
        max,
      );
    return null;
  }

  private async readFile(root: string, relative: string, max: number): Promise<Buffer | null> {
    const base = path.resolve(root);
    const file = path.resolve(base, relative);
    if (!file.startsWith(`${base}${path.sep}`)) return null;
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > max) return null;
    return fs.readFile(file);
  }
}
