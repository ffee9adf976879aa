/** Uploaded files under DATA_DIR/uploads: the default, for a single API process. */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore, StoredObject } from './object-store.js';
import { contentTypeFor } from './content-type.js';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export class DiskStore implements ObjectStore {
  readonly kind = 'disk' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = uploadsDir(dataDir);
  }

  /** Keys come from the server (never from a user), but a `..` must still never escape the folder. */
  private file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Clé de stockage invalide : ${key}`);
    return file;
  }

  async init(): Promise<void> {
    await mkdir(path.join(this.root, 'avatars'), { recursive: true });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { mode: 0o644 });
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: createReadStream(file),
      contentType: contentTypeFor(key),
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  }

  close(): void {}
}
