import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../../types.ts';

/**
 * Where uploaded files live. Keys are `<rootPath>/<generated name>` built only from a whitelisted folder and a
 * generated name; the local implementation still checks that every key resolves inside its folder.
 */
export interface FileStorage {
  readonly kind: 'local';
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

const byApp = new WeakMap<object, FileStorage>();

/** The storage of this app: local disk under DATA_DIR/uploads (the S3-compatible store is not implemented yet). */
export function storageOf(app: App): FileStorage {
  let s = byApp.get(app.db);
  if (!s) {
    s = new LocalDiskStorage(uploadsRoot(app));
    byApp.set(app.db, s);
  }
  return s;
}

export const uploadsRoot = (app: App) => path.resolve(app.config.dataDir, 'uploads');
