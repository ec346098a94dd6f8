import { isIP } from 'node:net';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';

/** Settings of an S3-compatible store (AWS S3, Aliyun OSS, Tencent COS, MinIO…), read by s3SettingsFromEnv. */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * false (default): virtual-hosted style, `https://<bucket>.<endpoint host>/<key>`, the only style Aliyun OSS takes.
   * true: path style, `<endpoint>/<bucket>/<key>` (MinIO and other self-hosted stores).
   */
  forcePathStyle: boolean;
  /** Base URL clients fetch files from (a CDN or the bucket's own address); default bucketUrlOf(settings). */
  publicUrl: string;
  /** Longest silence of the store (connecting, or mid-request) before an attempt is given up, in ms. */
  timeoutMs: number;
  /**
   * Bucket of private files (ID cards, licences…), read only through presigned URLs; unset: the public bucket, whose
   * anonymous read must then exclude the `private/` prefix (docs/configuration.md).
   */
  privateBucket?: string;
}

/** At most this many attempts per operation: one retry of a transient failure, then the caller gets an answer. */
export const S3_MAX_ATTEMPTS = 2;
/** Connecting never waits longer than this (a store that does not answer SYN at all), whatever S3_TIMEOUT_MS says. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * One operation, retries included, ends within this: under the web client's 120 s upload timeout, so the user gets the
 * server's answer rather than a network error.
 */
export const S3_OPERATION_DEADLINE_MS = 90_000;

/** Region of an Aliyun OSS or Tencent COS endpoint, as their S3-compatible APIs sign it (cn-hangzhou, ap-guangzhou). */
function regionOfEndpoint(host: string): string | undefined {
  // oss-cn-hangzhou.aliyuncs.com, oss-cn-hangzhou-internal.aliyuncs.com, s3.oss-cn-hangzhou.aliyuncs.com
  const oss = /^(?:s3\.)?oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(host);
  if (oss && oss[1] !== 'accelerate' && oss[1] !== 'accelerate-overseas') return oss[1];
  // cos.ap-guangzhou.myqcloud.com
  return /^cos\.([a-z0-9-]+)\.myqcloud\.com$/.exec(host)?.[1];
}

/** Where the bucket's objects are addressed: `https://<bucket>.<host>` (virtual-hosted) or `<endpoint>/<bucket>`. */
export function bucketUrlOf(s: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>): string {
  if (s.forcePathStyle) return `${s.endpoint}/${s.bucket}`;
  const u = new URL(s.endpoint);
  return `${u.protocol}//${s.bucket}.${u.host}${u.pathname.replace(/\/$/, '')}`;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * S3 settings from the environment, or undefined when UPLOAD_STORAGE is local (the default). Incomplete or
 * contradictory settings throw one error listing every problem, so the server refuses to start rather than failing
 * at the first upload.
 */
export function s3SettingsFromEnv(env: Record<string, string | undefined> = process.env): S3Settings | undefined {
  const kind = env.UPLOAD_STORAGE || 'local';
  if (kind !== 'local' && kind !== 's3')
    throw new Error(`Invalid configuration:\n  UPLOAD_STORAGE: must be local or s3 (got "${kind}")`);
  if (kind !== 's3') return undefined;

  const problems: string[] = [];
  const bad = (name: string, message: string) => problems.push(`  ${name}: ${message}`);
  for (const k of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
    if (!env[k]?.trim()) bad(k, 'required with UPLOAD_STORAGE=s3');

  const flag = env.S3_FORCE_PATH_STYLE || 'false';
  if (flag !== 'true' && flag !== 'false') bad('S3_FORCE_PATH_STYLE', `must be true or false (got "${flag}")`);
  const forcePathStyle = flag === 'true';

  const endpoint = (env.S3_ENDPOINT ?? '').trim().replace(/\/+$/, '');
  let host = '';
  if (endpoint) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {}
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname)
      bad(
        'S3_ENDPOINT',
        `must be an http:// or https:// URL such as https://oss-cn-hangzhou.aliyuncs.com (got "${endpoint}")`,
      );
    else if (url.search || url.hash || url.username) bad('S3_ENDPOINT', 'must not carry a query, fragment or user');
    else {
      host = url.hostname;
      // The SDK silently falls back to path style for an IP address: the derived public URL would then be wrong.
      if (!forcePathStyle && isIP(host.replace(/^\[|\]$/g, '')))
        bad('S3_ENDPOINT', 'is an IP address, which cannot carry a bucket name: set S3_FORCE_PATH_STYLE=true');
    }
  }

  const bucket = (env.S3_BUCKET ?? '').trim();
  if (bucket) {
    if (!BUCKET.test(bucket) || bucket.includes('..'))
      bad('S3_BUCKET', `"${bucket}" is not a valid bucket name (3-63 lowercase letters, digits, hyphens)`);
    // Virtual-hosted style puts the bucket in the host name: a dot there breaks TLS (and the SDK reverts to path style).
    else if (!forcePathStyle && bucket.includes('.'))
      bad(
        'S3_BUCKET',
        'contains a dot, which virtual-hosted style cannot address: rename it or set S3_FORCE_PATH_STYLE=true',
      );
  }

  const privateBucket = (env.S3_PRIVATE_BUCKET ?? '').trim();
  if (privateBucket) {
    if (!BUCKET.test(privateBucket) || privateBucket.includes('..'))
      bad(
        'S3_PRIVATE_BUCKET',
        `"${privateBucket}" is not a valid bucket name (3-63 lowercase letters, digits, hyphens)`,
      );
    else if (!forcePathStyle && privateBucket.includes('.'))
      bad('S3_PRIVATE_BUCKET', 'contains a dot, which virtual-hosted style cannot address');
    else if (privateBucket === bucket)
      bad('S3_PRIVATE_BUCKET', 'must differ from S3_BUCKET (leave it unset to use a private prefix of S3_BUCKET)');
  }

  const region = (env.S3_REGION ?? '').trim() || regionOfEndpoint(host) || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) bad('S3_REGION', `"${region}" is not a region name such as cn-hangzhou`);

  const publicUrl = (env.S3_PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(publicUrl))
    bad('S3_PUBLIC_URL', `must be an http:// or https:// URL such as https://cdn.example.com (got "${publicUrl}")`);

  const timeout = env.S3_TIMEOUT_MS ?? '15000';
  const timeoutMs = Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 200 || timeoutMs > 120_000)
    bad('S3_TIMEOUT_MS', `must be a whole number of milliseconds from 200 to 120000 (got "${timeout}")`);

  if (problems.length) throw new Error(`Invalid configuration (UPLOAD_STORAGE=s3):\n${problems.join('\n')}`);
  const base = { endpoint, bucket, forcePathStyle };
  return {
    ...base,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    publicUrl: publicUrl || bucketUrlOf(base),
    timeoutMs,
    ...(privateBucket && { privateBucket }),
  };
}

/**
 * The client of these settings. The SDK is imported on first use: it costs ~200 ms of start-up that a server storing
 * uploads on local disk never needs. `extra` replaces parts of the configuration (tests pass a requestHandler).
 */
export async function createS3Client(s: S3Settings, extra: Partial<S3ClientConfig> = {}) {
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    maxAttempts: S3_MAX_ATTEMPTS,
    // Bounded waits: an unreachable store fails within seconds instead of holding the upload request open.
    requestHandler: {
      connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, s.timeoutMs),
      socketTimeout: s.timeoutMs,
    },
    // Since 3.729 the SDK adds CRC32 checksum headers to every upload; Aliyun OSS, Tencent COS and older MinIO refuse
    // or mishandle them. Checksums only where an operation requires one (none of ours does).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });
  return { client, sdk };
}
