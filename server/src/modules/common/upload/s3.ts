import { createHash, createHmac } from 'node:crypto';

/** Settings of an S3-compatible store (AWS S3, MinIO, Aliyun OSS / Tencent COS in S3 mode). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL clients fetch files from (a CDN or the bucket's public URL); default endpoint/bucket. */
  publicUrl: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * AWS Signature Version 4 for one request (no query string). Answers the Authorization header value; `headers` must
 * already hold host, x-amz-date and x-amz-content-sha256 (lower-case names).
 */
export function signV4(o: {
  method: string;
  path: string;
  headers: Record<string, string>;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  service?: string;
}) {
  const service = o.service ?? 's3';
  const amzDate = o.headers['x-amz-date'];
  const day = amzDate.slice(0, 8);
  const names = Object.keys(o.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(o.headers[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalUri = o.path
    .split('/')
    .map((s) => encodeSegment(decodeURIComponent(s)))
    .join('/');
  const canonicalRequest = [
    o.method,
    canonicalUri,
    '',
    canonicalHeaders,
    signedHeaders,
    o.headers['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${o.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, day), o.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${o.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}

const amzDateOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** PUT / DELETE of one object, path-style (endpoint/bucket/key), signed with SigV4. */
export async function s3Request(
  s: S3Settings,
  method: 'PUT' | 'DELETE',
  key: string,
  body?: Buffer,
  contentType?: string,
) {
  const url = new URL(`${s.endpoint.replace(/\/$/, '')}/${s.bucket}/${key}`);
  const payload = body ?? Buffer.alloc(0);
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': amzDateOf(new Date()),
    'x-amz-content-sha256': sha256(payload),
  };
  if (contentType) headers['content-type'] = contentType;
  if (method === 'PUT') headers['cache-control'] = 'public, max-age=2592000, immutable';
  headers.authorization = signV4({
    method,
    path: url.pathname,
    headers,
    region: s.region,
    accessKeyId: s.accessKeyId,
    secretAccessKey: s.secretAccessKey,
  });
  const res = await fetch(url, {
    method,
    headers,
    body: method === 'PUT' ? new Uint8Array(payload) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok && !(method === 'DELETE' && res.status === 404))
    throw new Error(`S3 ${method} ${key} failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
}

/** S3 settings from the environment, or undefined when UPLOAD_STORAGE is not s3. Throws on incomplete settings. */
export function s3SettingsFromEnv(env: Record<string, string | undefined> = process.env): S3Settings | undefined {
  if ((env.UPLOAD_STORAGE ?? 'local') !== 's3') return undefined;
  const need = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (need.length) throw new Error(`UPLOAD_STORAGE=s3 needs ${need.join(', ')}`);
  const endpoint = env.S3_ENDPOINT!.replace(/\/$/, '');
  if (!/^https?:\/\//.test(endpoint)) throw new Error('S3_ENDPOINT must start with http:// or https://');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(env.S3_BUCKET!))
    throw new Error('S3_BUCKET is not a valid bucket name');
  return {
    endpoint,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: (env.S3_PUBLIC_URL || `${endpoint}/${env.S3_BUCKET}`).replace(/\/$/, ''),
  };
}
