import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Code } from '@jz/contracts/envelope';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';
import type { App } from '../app-type.ts';
import { createS3Client, S3_OPERATION_DEADLINE_MS, type S3Settings, s3SettingsFromEnv } from './s3.ts';

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

/** An S3 failure the caller can act on: whether the store answered at all decides what the user is told. */
function storageError(err: unknown) {
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  // The store answered and refused (wrong key, no such bucket, denied): retrying will not help, the settings are wrong.
  // 408 and 429 are the store's own load, not a refusal.
  if (status && status >= 400 && status < 500 && status !== 408 && status !== 429)
    return new AppError(Code.ERROR, '文件存储拒绝了上传，请联系平台管理员检查存储配置', 502);
  // Refused or reset connections, DNS failures, timeouts, the deadline, 5xx: the store is down or overloaded.
  return new AppError(Code.ERROR, '文件存储暂时不可用，请稍后再试', 503);
}

/** The parts of an SDK error worth a log line (never the request, which holds the signature). */
const errorFacts = (err: unknown) => {
  const e = err as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number; attempts?: number };
  };
  const m = e.$metadata;
  return { name: e.name, message: e.message, code: e.code, status: m?.httpStatusCode, attempts: m?.attempts };
};

/**
 * Served as downloads (Content-Disposition: attachment), never rendered where they are served, by both stores (the
 * local one in upload.module.ts): Office files, and PDFs (a PDF viewer runs a document's scripts, and the content check
 * cannot see inside compressed object streams).
 */
export const DOWNLOAD_ONLY = /\.(pdf|docx?|xlsx?|pptx?)$/;

/**
 * Any S3-compatible store (UPLOAD_STORAGE=s3) through @aws-sdk/client-s3: objects under the same keys, served from
 * S3_PUBLIC_URL. Virtual-hosted style unless S3_FORCE_PATH_STYLE=true (s3.ts).
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private sdk?: ReturnType<typeof createS3Client>;

  constructor(
    readonly settings: S3Settings,
    private readonly opts: { log?: FastifyBaseLogger; client?: Partial<S3ClientConfig> } = {},
  ) {}

  private connect() {
    this.sdk ??= createS3Client(this.settings, this.opts.client);
    return this.sdk;
  }

  private check(key: string) {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  }

  async put(key: string, data: Buffer, mime: string) {
    this.check(key);
    const { client, sdk } = await this.connect();
    const started = Date.now();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: mime,
          // Names are generated and never reused: caches may keep the file for good.
          CacheControl: 'public, max-age=2592000, immutable',
          ...(DOWNLOAD_ONLY.test(key) && { ContentDisposition: 'attachment' }),
        }),
        { abortSignal: AbortSignal.timeout(S3_OPERATION_DEADLINE_MS) },
      );
    } catch (err) {
      this.opts.log?.error(
        { store: errorFacts(err), key, bucket: this.settings.bucket, ms: Date.now() - started },
        'upload: object storage put failed',
      );
      throw storageError(err);
    }
  }

  /** Missing objects are not an error (S3 answers 204 either way); failures reject with the SDK's error for the log. */
  async remove(key: string) {
    this.check(key);
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }), {
      abortSignal: AbortSignal.timeout(S3_OPERATION_DEADLINE_MS),
    });
  }

  urlOf(key: string) {
    return `${this.settings.publicUrl}/${key}`;
  }

  /** Frees the client's keep-alive sockets. */
  async close() {
    if (!this.sdk) return;
    const { client } = await this.sdk.catch(() => ({ client: undefined }));
    client?.destroy();
  }
}

const byApp = new WeakMap<object, FileStorage>();

/** The storage of this app: local disk under DATA_DIR/uploads, or an S3-compatible store when UPLOAD_STORAGE=s3. */
export function storageOf(app: App): FileStorage {
  let s = byApp.get(app.db);
  if (!s) {
    const s3 = s3SettingsFromEnv();
    if (s3) {
      const store = new S3Storage(s3, { log: app.log });
      s = store;
      // storageOf runs first while the upload module registers (start-up), where hooks may still be added.
      try {
        app.addHook('onClose', () => store.close());
      } catch {}
    } else s = new LocalDiskStorage(uploadsRoot(app));
    byApp.set(app.db, s);
  }
  return s;
}

export const uploadsRoot = (app: App) => path.resolve(app.config.dataDir, 'uploads');
