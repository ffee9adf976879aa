/**
 * Where uploaded files live: a folder under DATA_DIR (one process) or an S3-compatible bucket
 * (several API processes, or a host without a persistent disk). Keys are relative paths such
 * as `avatars/<uuid>.webp`; the public URLs (/media/...) are the same in both modes.
 */
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config.js';
import { DiskStore } from './disk-store.js';
import { S3Store } from './s3-store.js';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number | null;
  etag: string | null;
}

export interface ObjectStore {
  /** `disk` or `s3`, for logs and /api/ready-style reports. */
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Prepares the store (folder, bucket); called once at start-up. */
  init(): Promise<void>;
  close(): void;
}

export function createObjectStore(config: Pick<AppConfig, 'dataDir' | 's3'>): ObjectStore {
  return config.s3 ? new S3Store(config.s3) : new DiskStore(config.dataDir);
}
