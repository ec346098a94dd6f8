import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { Code } from '@jz/contracts/envelope';
import { isPrivatePath, PRIVATE_FILE_PREFIX } from '@jz/contracts/upload';
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
  /** Stores a file; keys of a private folder (PRIVATE_ROOTS) go to the private location. */
  put(key: string, data: Buffer, mime: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** What is stored and answered: the public address, or for a private key its stable reference `/tmpl/files/<key>`. */
  urlOf(key: string): string;
  /**
   * Moves a file of a private folder uploaded before folders were classified from the public location to the private
   * one. 'already': it is there; 'missing': in neither place.
   */
  movePrivate(key: string): Promise<'moved' | 'already' | 'missing'>;
}

/** Private files on local disk live in DATA_DIR/private, beside (never under) the statically served uploads. */
export const PRIVATE_DIR = 'private';
/** On S3 private objects are under this prefix, in S3_PRIVATE_BUCKET or the public bucket. */
export const PRIVATE_PREFIX = 'private/';

export const UPLOAD_URL_PREFIX = '/tmpl/uploads/';
/** `sys/config/5f0c…e1.png`: one or two lowercase folders, then a generated hex name with a known extension. */
export const STORAGE_KEY = /^[a-z0-9]+(\/[a-z0-9]+)?\/[0-9a-f]{32}\.(png|jpg|webp|gif|ico|mp4|pdf|docx?|xlsx?|pptx?)$/;

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local' as const;
  /** DATA_DIR/private: a sibling of the served folder, so no static route can reach it. */
  readonly privateRoot: string;
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
    this.privateRoot = path.join(path.dirname(root), PRIVATE_DIR);
  }

  /** The file's path: under the private folder for private keys unless `publicPlace` (legacy files being moved). */
  resolve(key: string, publicPlace = false) {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    const base = isPrivatePath(key) && !publicPlace ? this.privateRoot : this.root;
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`storage key escapes the upload folder: ${key}`);
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
    return (isPrivatePath(key) ? PRIVATE_FILE_PREFIX : UPLOAD_URL_PREFIX) + key;
  }

  async movePrivate(key: string) {
    const from = this.resolve(key, true);
    const to = this.resolve(key);
    if (await exists(to)) {
      await rm(from, { force: true });
      return 'already' as const;
    }
    if (!(await exists(from))) return 'missing' as const;
    await mkdir(path.dirname(to), { recursive: true });
    await rename(from, to);
    return 'moved' as const;
  }
}

const exists = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

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

  /** Bucket and object key of a storage key: private keys under `private/` in the private bucket. */
  objectOf(key: string, publicPlace = false) {
    this.check(key);
    if (!isPrivatePath(key) || publicPlace) return { Bucket: this.settings.bucket, Key: key };
    return { Bucket: this.settings.privateBucket ?? this.settings.bucket, Key: PRIVATE_PREFIX + key };
  }

  async put(key: string, data: Buffer, mime: string) {
    const started = Date.now();
    const { client, sdk } = await this.connect();
    const priv = isPrivatePath(key);
    try {
      await client.send(
        new sdk.PutObjectCommand({
          ...this.objectOf(key),
          Body: data,
          ContentLength: data.length,
          ContentType: mime,
          // Names are generated and never reused: caches may keep a public file for good; never a private one.
          CacheControl: priv ? 'private, no-store' : 'public, max-age=2592000, immutable',
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
    const { client, sdk } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand(this.objectOf(key)), {
      abortSignal: AbortSignal.timeout(S3_OPERATION_DEADLINE_MS),
    });
  }

  urlOf(key: string) {
    return isPrivatePath(key) ? PRIVATE_FILE_PREFIX + key : `${this.settings.publicUrl}/${key}`;
  }

  /**
   * A presigned GET of a private object, valid `seconds` from `signedAt` (callers round it, so one URL serves a few
   * minutes of answers and the browser's image cache). The answer says `private, no-store` whatever the object says.
   */
  async presign(key: string, signedAt: Date, seconds: number) {
    const { client, sdk } = await this.connect();
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    const cmd = new sdk.GetObjectCommand({
      ...this.objectOf(key),
      ResponseCacheControl: 'private, no-store',
      ...(DOWNLOAD_ONLY.test(key) && { ResponseContentDisposition: 'attachment' }),
    });
    return getSignedUrl(client, cmd, { expiresIn: seconds, signingDate: signedAt });
  }

  async movePrivate(key: string) {
    const { client, sdk } = await this.connect();
    const to = this.objectOf(key);
    const from = this.objectOf(key, true);
    const opts = { abortSignal: AbortSignal.timeout(S3_OPERATION_DEADLINE_MS) };
    const found = async (o: { Bucket: string; Key: string }) => {
      try {
        await client.send(new sdk.HeadObjectCommand(o), opts);
        return true;
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw err;
      }
    };
    if (await found(to)) {
      await client.send(new sdk.DeleteObjectCommand(from), opts);
      return 'already' as const;
    }
    if (!(await found(from))) return 'missing' as const;
    await client.send(
      new sdk.CopyObjectCommand({
        ...to,
        CopySource: `${from.Bucket}/${from.Key}`,
        MetadataDirective: 'REPLACE',
        CacheControl: 'private, no-store',
        ...(DOWNLOAD_ONLY.test(key) && { ContentDisposition: 'attachment' }),
        ContentType: mimeOfKey(key),
      }),
      opts,
    );
    await client.send(new sdk.DeleteObjectCommand(from), opts);
    return 'moved' as const;
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

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
/** The type of a stored file from its key's extension (the extension was decided from the content at upload). */
export const mimeOfKey = (key: string) => MIME[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
