import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movePrivateFiles } from '../../src/lib/storage/private-move.ts';
import { S3Storage, storageOf } from '../../src/lib/storage/storage.ts';
import { buildTestApp, envelopeOf, loginAs, PHONES, type TestApp } from '../helpers/index.ts';

/**
 * Private files on an S3-compatible store (s3rver, path style): stored under `private/` in the private bucket, never
 * at the public address; answers carry presigned GETs that work and say `private, no-store`; the move of existing
 * objects. s3rver grants anonymous reads of every object it holds (it has no ACLs), so "not public" is proven by where
 * the object is: outside S3_PUBLIC_URL. With one bucket the store's own policy must refuse `private/` (docs).
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PUBLIC = 'jz-media';
const PRIVATE = 'jz-private';
const S3rver = createRequire(import.meta.url)('s3rver') as new (
  o: object,
) => { configureBuckets(): Promise<void>; callback(): http.RequestListener };

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

let storeDir: string;
let store: http.Server;
let endpoint: string;

beforeAll(async () => {
  storeDir = mkdtempSync(path.join(tmpdir(), 'jz-s3-private-'));
  const s3 = new S3rver({
    silent: true,
    directory: storeDir,
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: PUBLIC }, { name: PRIVATE }],
  });
  await s3.configureBuckets();
  store = http.createServer(s3.callback());
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(store.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  store?.closeAllConnections();
  await new Promise((r) => store?.close(r));
  rmSync(storeDir, { recursive: true, force: true });
});

async function appWith(privateBucket: string | undefined) {
  const env: Record<string, string> = {
    UPLOAD_STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: PUBLIC,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...(privateBucket && { S3_PRIVATE_BUCKET: privateBucket }),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jz-s3-private-data-'));
  // Restored key by key: replacing `process.env` itself with a plain object would leave the worker's later files an
  // environment whose TZ no longer reaches the process's clock (time-zone.test once saw UTC after this file).
  const keys = [...Object.keys(env), 'S3_PRIVATE_BUCKET'];
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  if (!privateBucket) delete process.env.S3_PRIVATE_BUCKET;
  try {
    const t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    return { t, dataDir };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function upload(t: TestApp, rootPath: string) {
  const fd = new FormData();
  fd.append('rootPath', rootPath);
  fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'id.png');
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const token = await loginAs(t.app, PHONES.ownerA);
  const res = await t.app.inject({
    method: 'POST',
    url: '/tmpl/api/com/file/up',
    headers: { client: CLIENT_ID, authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return envelopeOf<{ url: string; id: number }>(res);
}

for (const privateBucket of [PRIVATE, undefined]) {
  const bucket = privateBucket ?? PUBLIC;
  describe(`S3 ${privateBucket ? 'with S3_PRIVATE_BUCKET' : 'with one bucket (private/ prefix)'}`, () => {
    let t: TestApp;
    let dataDir: string;
    beforeAll(async () => ({ t, dataDir } = await appWith(privateBucket)));
    afterAll(async () => {
      await t?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a private upload is not at its public address; the answer is a presigned GET that serves it, never cached', async () => {
      const r = await upload(t, 'employee/idcard');
      expect(r.code).toBe(200);
      const url = new URL(r.result.url);
      const key = /^\/[a-z-]+\/private\/(employee\/idcard\/[0-9a-f]{32}\.png)$/.exec(url.pathname)?.[1];
      expect(url.pathname.startsWith(`/${bucket}/private/`)).toBe(true);
      expect(key).toBeDefined();
      expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
      const row = await t.db
        .selectFrom('resource')
        .select('url')
        .where('id', '=', r.result.id)
        .executeTakeFirstOrThrow();
      expect(row.url).toBe(`/tmpl/files/${key}`);

      const signed = await get(r.result.url);
      expect(signed.status).toBe(200);
      expect(signed.body.equals(PNG)).toBe(true);
      expect(signed.headers['cache-control']).toBe('private, no-store');

      // Where a public file of that key would be: nothing.
      const publicUrl = `${endpoint}/${PUBLIC}`;
      expect((await get(`${publicUrl}/${key}`)).status).toBe(404);
      if (privateBucket) expect((await get(`${publicUrl}/private/${key}`)).status).toBe(404);
      // Public folders keep their public address.
      const goods = await upload(t, 'goods');
      expect(goods.result.url).toBe(`${publicUrl}/${new URL(goods.result.url).pathname.split(`/${PUBLIC}/`)[1]}`);
      expect((await get(goods.result.url)).status).toBe(200);
    });

    it('moves existing objects from the public address and rewrites the stored addresses', async () => {
      const storage = storageOf(t.app) as S3Storage;
      expect(storage).toBeInstanceOf(S3Storage);
      const key = `licence/${crypto.randomUUID().replace(/-/g, '')}.png`;
      // A licence saved before folders were classified: a public object and its public address.
      const { client, sdk } = await (
        storage as unknown as { connect(): ReturnType<typeof import('../../src/lib/storage/s3.ts').createS3Client> }
      ).connect();
      await client.send(new sdk.PutObjectCommand({ Bucket: PUBLIC, Key: key, Body: PNG, ContentType: 'image/png' }));
      const publicAddress = `${storage.settings.publicUrl}/${key}`;
      expect((await get(publicAddress)).status).toBe(200);
      const a = await t.db
        .selectFrom('user')
        .select('merchantId')
        .where('phone', '=', PHONES.ownerA)
        .executeTakeFirstOrThrow();
      const licence = await t.db
        .selectFrom('licence')
        .select('id')
        .where('merchantId', '=', a.merchantId!)
        .executeTakeFirstOrThrow();
      await t.db.updateTable('licence').set({ imageUrl: publicAddress }).where('id', '=', licence.id).execute();

      const report = await movePrivateFiles(t.db, { storage: () => storage, publicUrl: storage.settings.publicUrl });
      expect(report).toMatchObject({ moved: 1, missing: [], adopted: 1 });
      expect((await get(publicAddress)).status).toBe(404);
      const stored = await t.db
        .selectFrom('licence')
        .select('imageUrl')
        .where('id', '=', licence.id)
        .executeTakeFirstOrThrow();
      expect(stored.imageUrl).toBe(`/tmpl/files/${key}`);
      const moved = await storage.presign(key, new Date(), 60);
      const got = await get(moved);
      expect(got.status).toBe(200);
      expect(got.body.equals(PNG)).toBe(true);
      expect(got.headers['content-type']).toBe('image/png');
      expect(
        await movePrivateFiles(t.db, { storage: () => storage, publicUrl: storage.settings.publicUrl }),
      ).toMatchObject({ moved: 0, rewritten: {} });
    });
  });
}
