import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../../types.ts';
import { type S3Settings, s3Request, s3SettingsFromEnv } from './s3.ts';

/**
 * Where uploaded files live. Keys are `<rootPath>/<generated name>` built only from a whitelisted folder and a
 * generated name; the local implementation still checks that every key resolves inside its folder.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, mime: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The address clients use to fetch the file. */
  urlOf(key: string): string;
}

export const UPLOAD_URL_PREFIX = '/tmpl/uploads/';
/** `sys/config/5f0c…e1.png`: one or two lowercase folders, then a generated hex name with a known extension. */
export const STORAGE_KEY = /^[a-z0-9]+(\/[a-z0-9]+)?\/[0-9a-f]{32}\.(png|jpg|webp|gif|ico|mp4|pdf|docx?|xlsx?|pptx?)$/;

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  private resolve(key: string) {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`storage key escapes the upload folder: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer) {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data, { flag: 'wx' }); // never overwrite: names are generated and unique
  }

  async remove(key: string) {
    await rm(this.resolve(key), { force: true });
  }

  urlOf(key: string) {
    return UPLOAD_URL_PREFIX + key;
  }
}

/** Any S3-compatible store (UPLOAD_STORAGE=s3): objects under the same keys, served from S3_PUBLIC_URL. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  constructor(readonly settings: S3Settings) {}

  private check(key: string) {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  }
  async put(key: string, data: Buffer, mime: string) {
    this.check(key);
    await s3Request(this.settings, 'PUT', key, data, mime);
  }
  async remove(key: string) {
    this.check(key);
    await s3Request(this.settings, 'DELETE', key);
  }
  urlOf(key: string) {
    return `${this.settings.publicUrl}/${key}`;
  }
}

const byApp = new WeakMap<object, FileStorage>();

/** The storage of this app: local disk under DATA_DIR/uploads, or an S3-compatible store when UPLOAD_STORAGE=s3. */
export function storageOf(app: App): FileStorage {
  let s = byApp.get(app.db);
  if (!s) {
    const s3 = s3SettingsFromEnv();
    s = s3 ? new S3Storage(s3) : new LocalDiskStorage(uploadsRoot(app));
    byApp.set(app.db, s);
  }
  return s;
}

export const uploadsRoot = (app: App) => path.resolve(app.config.dataDir, 'uploads');
