import dns from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CLIENT_ID } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3SettingsFromEnv } from '../src/lib/storage/s3.ts';
import { S3Storage } from '../src/lib/storage/storage.ts';
import { buildTestApp, demoTokens, envelopeOf, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { startMain } from './helpers/main-process.ts';
import { minimalPdf } from './helpers/pdf.ts';

/**
 * UPLOAD_STORAGE=s3 through @aws-sdk/client-s3, against s3rver (an S3-compatible server started here) in both
 * addressing styles, through the real upload route; plus what an unreachable store, bad settings and the Aliyun OSS /
 * Tencent COS endpoint shapes give.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = minimalPdf(); // a real PDF: uploads parse PDFs
const BUCKET = 'jz-media';
// s3rver has one built-in account; it does not check SigV4 signatures (the SDK's signer is AWS's own).
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

interface S3rverInstance {
  configureBuckets(): Promise<void>;
  callback(): http.RequestListener;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (o: object) => S3rverInstance;

/**
 * RFC 6761 says every *.localhost name is the loopback; systemd-resolved and browsers do so, glibc's plain
 * `files dns` (this machine, most containers) does not. The virtual-hosted client addresses jz-media.s3.localhost, so
 * this test resolves *.localhost (and localhost itself, IPv4, where s3rver listens) for the duration of the file.
 */
const realLookup = dns.lookup;
function resolveLocalhostSubdomains() {
  (dns as { lookup: unknown }).lookup = (host: string, opts: unknown, cb?: unknown) => {
    const loopback = host === 'localhost' || host.endsWith('.localhost');
    return (realLookup as (...a: unknown[]) => void).call(dns, loopback ? '127.0.0.1' : host, opts, cb);
  };
}

/** A multipart body as a browser sends it (FormData through the fetch Request encoder). */
async function multipart(fields: Record<string, string>, file: { data: Buffer; name: string; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append(
    'file',
    new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function upload(t: TestApp, token: string, data: Buffer, name: string, rootPath = 'shop') {
  const { payload, contentType } = await multipart({ rootPath }, { data, name });
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/tmpl/api/com/file/up',
    headers: { client: CLIENT_ID, authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return { ...envelopeOf<any>(res), ms: performance.now() - started };
}

/** An app whose storage reads these variables (storageOf reads process.env once, while the app is built). */
async function appWith(env: Record<string, string>, dataDir: string) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await buildTestApp({ env: { DATA_DIR: dataDir } });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** GET over a fresh connection (no keep-alive), so s3rver's log shows exactly the requests made. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

let dataDir: string;
let storeDir: string;
let store: http.Server;
let port: number;
/** Every request s3rver received: method, Host header, path. */
const seen: { method: string; host: string; url: string }[] = [];

beforeAll(async () => {
  resolveLocalhostSubdomains();
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-s3-data-'));
  storeDir = mkdtempSync(path.join(tmpdir(), 'jz-s3-store-'));
  // serviceEndpoint 'localhost': s3rver reads the bucket from hosts <bucket>.s3.localhost (virtual-hosted) and from
  // the path on localhost (path style).
  const s3 = new S3rver({
    silent: true,
    directory: storeDir,
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.configureBuckets();
  const handle = s3.callback();
  store = http.createServer((req, res) => {
    // The SDK adds ?x-id=PutObject and the like: the path is what addresses the object.
    seen.push({ method: req.method!, host: String(req.headers.host), url: req.url!.split('?')[0] });
    handle(req, res);
  });
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  port = (store.address() as net.AddressInfo).port;
});
afterAll(async () => {
  (dns as { lookup: unknown }).lookup = realLookup;
  store?.closeAllConnections();
  await new Promise((r) => store?.close(r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(storeDir, { recursive: true, force: true });
});

describe.each([
  {
    style: 'virtual-hosted (the default: Aliyun OSS, Tencent COS, AWS)',
    env: (): Record<string, string> => ({ S3_ENDPOINT: `http://s3.localhost:${port}` }),
    base: () => `http://${BUCKET}.s3.localhost:${port}`,
    host: () => `${BUCKET}.s3.localhost:${port}`,
    pathOf: (key: string) => `/${key}`,
  },
  {
    style: 'path style (S3_FORCE_PATH_STYLE=true: MinIO)',
    env: (): Record<string, string> => ({ S3_ENDPOINT: `http://localhost:${port}`, S3_FORCE_PATH_STYLE: 'true' }),
    base: () => `http://localhost:${port}/${BUCKET}`,
    host: () => `localhost:${port}`,
    pathOf: (key: string) => `/${BUCKET}/${key}`,
  },
])('UPLOAD_STORAGE=s3, $style', ({ env, base, host, pathOf }) => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  beforeAll(async () => {
    t = await appWith({ UPLOAD_STORAGE: 's3', S3_BUCKET: BUCKET, ...KEYS, ...env() }, dataDir);
    ({ ownerA: owner, admin } = await demoTokens(t, 'ownerA', 'admin'));
  });
  afterAll(() => t?.close());

  it('a merchant upload lands in the bucket with its real type and bytes; the answer is the bucket URL', async () => {
    const from = seen.length;
    // Sent as application/octet-stream: the stored type is what the content says.
    const r = await upload(t, owner, PNG, '门头照.png');
    expect(r).toMatchObject({ status: 200, code: 200, result: { type: 'image', mime: 'image/png', size: PNG.length } });
    const escaped = base().replace(/[.]/g, '\\.');
    expect(r.result.url).toMatch(new RegExp(`^${escaped}/shop/[0-9a-f]{32}\\.png$`));
    const key = r.result.url.slice(base().length + 1);

    // The store was addressed in this style: bucket in the host name, or first in the path.
    expect(seen.slice(from)).toEqual([{ method: 'PUT', host: host(), url: pathOf(key) }]);

    // The returned URL serves the object: same bytes, the detected type, long-lived caching.
    const got = await get(r.result.url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=2592000, immutable');
    expect(got.body.equals(PNG)).toBe(true);

    const rec = await t.db.selectFrom('resource').selectAll().where('id', '=', r.result.id).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ url: r.result.url, storageKey: key, mime: 'image/png' });
  });

  it('PDF keeps its type; deleting the resource (资源管理) deletes the object', async () => {
    const r = await upload(t, owner, PDF, 'contract.pdf', 'agreement');
    expect(r).toMatchObject({ code: 200, result: { type: 'pdf', mime: 'application/pdf' } });
    expect((await get(r.result.url)).headers['content-type']).toBe('application/pdf');

    const del = envelopeOf(
      await t.app.inject({
        method: 'DELETE',
        url: `/tmpl/api/app/resource/delByIds/${r.result.id}`,
        headers: { client: CLIENT_ID, authorization: `Bearer ${admin}` },
      }),
    );
    expect(del.code).toBe(200);
    const key = r.result.url.slice(base().length + 1);
    expect(seen.filter((s) => s.method === 'DELETE').at(-1)).toEqual({
      method: 'DELETE',
      host: host(),
      url: pathOf(key),
    });
    expect((await get(r.result.url)).status).toBe(404);
  });
});

describe('a store that is down, hangs or refuses: a Chinese envelope error within seconds, nothing recorded', () => {
  const apps: TestApp[] = [];
  let hang: net.Server;
  const held: net.Socket[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const s of held) s.destroy();
    await new Promise((r) => hang?.close(r));
  });

  async function tryUpload(env: Record<string, string>) {
    const t = await appWith({ UPLOAD_STORAGE: 's3', S3_BUCKET: BUCKET, ...KEYS, ...env }, dataDir);
    apps.push(t);
    const owner = await loginAs(t.app, PHONES.ownerA);
    const before = (await t.db.selectFrom('resource').select('id').execute()).length;
    const r = await upload(t, owner, PNG, 'a.png');
    const after = (await t.db.selectFrom('resource').select('id').execute()).length;
    expect(after, 'no resource row for a file that was not stored').toBe(before);
    expect(r.raw).not.toMatch(/ECONNREFUSED|S3RVER|localhost|stack/i);
    return r;
  }

  it('nothing listens on the endpoint (connection refused): 503, 文件存储暂时不可用, at once', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const r = await tryUpload({ S3_ENDPOINT: `http://localhost:${closedPort}`, S3_FORCE_PATH_STYLE: 'true' });
    expect(r).toMatchObject({ status: 503, code: 500, message: '文件存储暂时不可用，请稍后再试', result: null });
    expect(r.ms).toBeLessThan(2_000);
  });

  it('the store accepts connections and never answers: given up after S3_TIMEOUT_MS per attempt (2 attempts)', async () => {
    hang = net.createServer((s) => held.push(s));
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    const hangPort = (hang.address() as net.AddressInfo).port;
    const r = await tryUpload({ S3_ENDPOINT: `http://s3.localhost:${hangPort}`, S3_TIMEOUT_MS: '500' });
    expect(r).toMatchObject({ status: 503, code: 500, message: '文件存储暂时不可用，请稍后再试' });
    expect(held.length).toBe(2); // the first attempt and one retry
    expect(r.ms).toBeGreaterThanOrEqual(1_000);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('the store answers but refuses (unknown access key): 502, 文件存储拒绝了上传, not retried', async () => {
    const from = seen.length;
    const r = await tryUpload({ S3_ENDPOINT: `http://s3.localhost:${port}`, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    expect(r).toMatchObject({ status: 502, code: 500, message: '文件存储拒绝了上传，请联系平台管理员检查存储配置' });
    expect(seen.slice(from).map((s) => s.method)).toEqual(['PUT']);
  });
});

describe('settings: checked at start-up, public URL derived per style', () => {
  const base = { UPLOAD_STORAGE: 's3', S3_BUCKET: BUCKET, ...KEYS };

  it('derives the public URL and region: OSS and COS virtual-hosted, MinIO path style; explicit values win', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ UPLOAD_STORAGE: 'local' })).toBeUndefined();
    expect(s3SettingsFromEnv({ ...base, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com/' })).toMatchObject({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      forcePathStyle: false,
      region: 'cn-hangzhou',
      publicUrl: 'https://jz-media.oss-cn-hangzhou.aliyuncs.com',
      timeoutMs: 15_000,
    });
    expect(
      s3SettingsFromEnv({ ...base, S3_ENDPOINT: 'https://s3.oss-cn-beijing-internal.aliyuncs.com' }),
    ).toMatchObject({ region: 'cn-beijing', publicUrl: 'https://jz-media.s3.oss-cn-beijing-internal.aliyuncs.com' });
    expect(
      s3SettingsFromEnv({
        ...base,
        S3_BUCKET: 'jz-media-1250000000',
        S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com',
      }),
    ).toMatchObject({ region: 'ap-guangzhou', publicUrl: 'https://jz-media-1250000000.cos.ap-guangzhou.myqcloud.com' });
    expect(
      s3SettingsFromEnv({
        ...base,
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_TIMEOUT_MS: '3000',
      }),
    ).toMatchObject({
      forcePathStyle: true,
      region: 'us-east-1',
      publicUrl: 'http://minio:9000/jz-media',
      timeoutMs: 3000,
    });
    expect(
      s3SettingsFromEnv({
        ...base,
        S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
        S3_REGION: 'oss-cn-hangzhou',
        S3_PUBLIC_URL: 'https://img.example.cn/',
      }),
    ).toMatchObject({ region: 'oss-cn-hangzhou', publicUrl: 'https://img.example.cn' });
  });

  it('refuses what cannot work, naming every variable at fault', () => {
    const problems = (env: Record<string, string>) => {
      try {
        s3SettingsFromEnv(env);
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(problems({ UPLOAD_STORAGE: 's3' })).toBe(
      'Invalid configuration (UPLOAD_STORAGE=s3):\n' +
        '  S3_ENDPOINT: required with UPLOAD_STORAGE=s3\n' +
        '  S3_BUCKET: required with UPLOAD_STORAGE=s3\n' +
        '  S3_ACCESS_KEY_ID: required with UPLOAD_STORAGE=s3\n' +
        '  S3_SECRET_ACCESS_KEY: required with UPLOAD_STORAGE=s3',
    );
    expect(problems({ UPLOAD_STORAGE: 'oss' })).toMatch(/UPLOAD_STORAGE: must be local or s3/);
    const ok = { ...base, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com' };
    expect(problems(ok)).toBe('accepted');
    for (const [change, message] of [
      [{ S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
      [{ S3_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com' }, /S3_ENDPOINT: must be an http/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: is an IP address.*S3_FORCE_PATH_STYLE=true/],
      [{ S3_BUCKET: 'Jz_Media' }, /S3_BUCKET: "Jz_Media" is not a valid bucket name/],
      [{ S3_BUCKET: 'jz.media' }, /S3_BUCKET: contains a dot.*S3_FORCE_PATH_STYLE=true/],
      [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: must be true or false/],
      [{ S3_PUBLIC_URL: 'cdn.example.com' }, /S3_PUBLIC_URL: must be an http/],
      [{ S3_TIMEOUT_MS: '0' }, /S3_TIMEOUT_MS: must be a whole number/],
      [{ S3_REGION: 'cn hangzhou' }, /S3_REGION: "cn hangzhou" is not a region name/],
    ] as [Record<string, string>, RegExp][])
      expect(problems({ ...ok, ...change }), JSON.stringify(change)).toMatch(message);
    // Path style takes IP addresses and dotted bucket names.
    expect(
      problems({ ...ok, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'jz.media', S3_FORCE_PATH_STYLE: 'true' }),
    ).toBe('accepted');
  });

  it('bad settings stop the app from being built (before any upload)', async () => {
    await expect(
      appWith({ UPLOAD_STORAGE: 's3', S3_ENDPOINT: 'http://10.0.0.1:9000', ...KEYS }, dataDir),
    ).rejects.toThrow(
      /Invalid configuration \(UPLOAD_STORAGE=s3\):\n {2}S3_BUCKET: required[\s\S]*S3_ENDPOINT: is an IP address/,
    );
  });

  it('the real server process exits 1 at start with the message, without listening', async () => {
    const main = startMain(
      {
        LOG_LEVEL: 'warn',
        UPLOAD_STORAGE: 's3',
        S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
        S3_BUCKET: 'jz.media',
        S3_FORCE_PATH_STYLE: 'no',
      },
      'jz-s3-start-',
    );
    try {
      expect(await main.exited).toBe(1);
      const out = main.output();
      expect(out).toContain('Invalid configuration (UPLOAD_STORAGE=s3):');
      expect(out).toContain('S3_ACCESS_KEY_ID: required with UPLOAD_STORAGE=s3');
      expect(out).toContain('S3_FORCE_PATH_STYLE: must be true or false (got "no")');
      expect(out).not.toContain('Server listening');
      expect(out).not.toMatch(/\n\s+at /); // a message, not a stack trace
    } finally {
      await main.dispose();
    }
  }, 60_000);
});

describe('the requests the client builds (intercepted, no network)', () => {
  /** A storage whose client hands every request to `sent` and answers 200. */
  function intercepted(env: Record<string, string>) {
    const sent: { method: string; url: string; headers: Record<string, string>; body: Buffer }[] = [];
    const settings = s3SettingsFromEnv({
      UPLOAD_STORAGE: 's3',
      S3_ACCESS_KEY_ID: 'LTAI-TEST',
      S3_SECRET_ACCESS_KEY: 'secret',
      ...env,
    })!;
    const requestHandler = {
      handle: async (req: {
        method: string;
        protocol: string;
        hostname: string;
        port?: number;
        path: string;
        headers: Record<string, string>;
        body?: Uint8Array;
      }) => {
        const port = req.port ? `:${req.port}` : '';
        sent.push({
          method: req.method,
          url: `${req.protocol}//${req.hostname}${port}${req.path}`,
          headers: req.headers,
          body: Buffer.from(req.body ?? new Uint8Array()),
        });
        return { response: { statusCode: 200, headers: {}, body: Readable.from([]) } };
      },
    };
    return { storage: new S3Storage(settings, { client: { requestHandler } as never }), sent };
  }
  const key = 'shop/0123456789abcdef0123456789abcdef.png';

  it('Aliyun OSS (S3_ENDPOINT=https://oss-cn-hangzhou.aliyuncs.com, bucket jz-media): https://jz-media.oss-cn-hangzhou.aliyuncs.com/<key>', async () => {
    const { storage, sent } = intercepted({
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_BUCKET: 'jz-media',
    });
    await storage.put(key, PNG, 'image/png');
    expect(sent).toHaveLength(1);
    const [put] = sent;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(`https://jz-media.oss-cn-hangzhou.aliyuncs.com/${key}`);
    expect(put.headers.host).toBe('jz-media.oss-cn-hangzhou.aliyuncs.com');
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.body.equals(PNG)).toBe(true);
    // SigV4 for the region the endpoint names; no flexible-checksum headers (OSS refuses what it does not know).
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=LTAI-TEST\/\d{8}\/cn-hangzhou\/s3\/aws4_request, ?SignedHeaders=[^,]*host/,
    );
    expect(Object.keys(put.headers).filter((h) => /checksum|x-amz-trailer|aws-chunked/i.test(h))).toEqual([]);
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(storage.urlOf(key)).toBe(`https://jz-media.oss-cn-hangzhou.aliyuncs.com/${key}`);

    await storage.remove(key);
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: `https://jz-media.oss-cn-hangzhou.aliyuncs.com/${key}` });
  });

  it('Tencent COS virtual-hosted; MinIO path style; Office files download as attachments', async () => {
    const cos = intercepted({ S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com', S3_BUCKET: 'jz-media-1250000000' });
    await cos.storage.put(key, PNG, 'image/png');
    expect(cos.sent[0].url).toBe(`https://jz-media-1250000000.cos.ap-guangzhou.myqcloud.com/${key}`);
    expect(cos.sent[0].headers.authorization).toContain('/ap-guangzhou/s3/aws4_request');

    const minio = intercepted({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'jz-media', S3_FORCE_PATH_STYLE: 'true' });
    const doc = 'resource/0123456789abcdef0123456789abcdef.docx';
    await minio.storage.put(
      doc,
      Buffer.from('PK'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(minio.sent[0].url).toBe(`http://minio:9000/jz-media/${doc}`);
    expect(minio.sent[0].headers['content-disposition']).toBe('attachment');
    expect(minio.storage.urlOf(doc)).toBe(`http://minio:9000/jz-media/${doc}`);
  });
});
