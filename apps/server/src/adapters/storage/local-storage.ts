import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';

export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly publicPrefix = '/uploads',
  ) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<{ url: string }> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return { url: `${this.publicPrefix}/${key}` };
  }

  async putFile(key: string, filePath: string): Promise<{ url: string }> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await fs.rename(filePath, file);
    } catch (err) {
      // Another file system (a mounted uploads folder): copy, then remove.
      if ((err as { code?: string }).code !== 'EXDEV') throw err;
      await fs.copyFile(filePath, file);
      await fs.rm(filePath, { force: true });
    }
    return { url: `${this.publicPrefix}/${key}` };
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
