import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { feedbackApi } from '@jz/contracts/api/feedback';
import { CLIENT_ID } from '@jz/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, seal } from '../../src/lib/secret-box.ts';
import { signLocal } from '../../src/lib/storage/private-files.ts';
import { movePrivateFiles } from '../../src/lib/storage/private-move.ts';
import { storageOf } from '../../src/lib/storage/storage.ts';
import { api, buildTestApp, demoTokens, envelopeOf, PHONES, type TestApp } from '../helpers/index.ts';

/**
 * Private files (ID cards, certificates, licences, onboarding documents, feedback attachments) on local disk: never
 * served by the public static route, readable only through a short-lived signed URL that answers to an allowed reader
 * carry; what pages send back is stored as the stable reference; another merchant's file cannot be borrowed; existing
 * files move. The S3 side is private-files-s3.test.ts.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const SIGNED = /^\/tmpl\/files\/([a-z0-9/]+\/[0-9a-f]{32}\.png)\?e=(\d+)&m=(\d+)&s=([\w-]+)$/;
const Y = '/api/app/jiazheng/yuangong';

async function multipart(fields: Record<string, string>, data: Buffer, name: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

let t: TestApp;
let dataDir: string;
let tokens: { a: string; b: string; admin: string };

async function upload(token: string, rootPath: string) {
  const { payload, contentType } = await multipart({ rootPath }, PNG, 'id.png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/tmpl/api/com/file/up',
    headers: { client: CLIENT_ID, authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return envelopeOf<{ url: string; id: number }>(res);
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A refusal in the envelope, never the file's bytes. */
function expectRefused(res: Awaited<ReturnType<typeof get>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.rawPayload.includes(PNG.subarray(0, 8))).toBe(false);
  const env = envelopeOf(res);
  expect(env.code).toBe(status === 404 ? 2002 : 401);
  return env;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-private-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  const { ownerA: a, ownerB: b, admin } = await demoTokens(t, 'ownerA', 'ownerB', 'admin');
  tokens = { a, b, admin };
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('private folders on local disk', () => {
  it('an upload to a private folder is stored outside the served folder; the answer is a signed URL, the record the stable reference', async () => {
    const r = await upload(tokens.a, 'employee/idcard');
    expect(r.code).toBe(200);
    const [, key, , m] = SIGNED.exec(r.result.url) ?? [];
    expect(key).toMatch(/^employee\/idcard\//);
    const merchantA = (
      await t.db.selectFrom('user').select('merchantId').where('phone', '=', PHONES.ownerA).executeTakeFirstOrThrow()
    ).merchantId;
    expect(Number(m)).toBe(merchantA);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const row = await t.db
      .selectFrom('resource')
      .select(['url', 'merchantId'])
      .where('id', '=', r.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ url: `/tmpl/files/${key}`, merchantId: merchantA });
    expect(existsSync(path.join(dataDir, 'private', key))).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads', key))).toBe(false);

    // The signed URL serves the bytes, never to be cached.
    const ok = await get(r.result.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PNG)).toBe(true);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without a signature, with a tampered or expired one, or at the public address: refused in the envelope', async () => {
    const r = await upload(tokens.a, 'licence');
    const [, key, e, m, s] = SIGNED.exec(r.result.url) ?? [];
    // Anonymous, and signed in as the owner or another merchant: the stable reference alone is never enough.
    for (const token of [undefined, tokens.a, tokens.b]) {
      const res = await get(`/tmpl/files/${key}`, token);
      expect(expectRefused(res, 401).message).toBe('请登录后在页面中查看此文件');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const flip = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [
      `/tmpl/files/${key}?e=${e}&m=${m}&s=${flip}`,
      `/tmpl/files/${key}?e=${Number(e) + 3600}&m=${m}&s=${s}`, // a later expiry
      `/tmpl/files/${key}?e=${e}&m=${Number(m) + 1}&s=${s}`, // another merchant
      `/tmpl/files/${key}?e=${e}&m=${m}`,
    ])
      expect(expectRefused(await get(url), 401).message).toBe('文件链接无效，请刷新页面后重试');
    // Another key with this key's signature.
    const other = await upload(tokens.a, 'licence');
    const otherKey = SIGNED.exec(other.result.url)![1];
    expectRefused(await get(`/tmpl/files/${otherKey}?e=${e}&m=${m}&s=${s}`), 401);

    // Signed 20 minutes ago: expired.
    const old = signLocal(t.app.config.APP_SECRET, key, Number(m), Date.now() - 20 * 60_000);
    expect(expectRefused(await get(old), 401).message).toBe('文件链接已过期，请刷新页面后重试');
    // Still good from a signature made 4 minutes ago (10 to 15 minutes of life).
    expect((await get(signLocal(t.app.config.APP_SECRET, key, Number(m), Date.now() - 4 * 60_000))).statusCode).toBe(
      200,
    );

    // The public static route never serves a private folder, even with a file left there.
    mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
    copyFileSync(path.join(dataDir, 'private', key), path.join(dataDir, 'uploads', key));
    expectRefused(await get(`/tmpl/uploads/${key}`), 404);
    rmSync(path.join(dataDir, 'uploads', key));
    // Not a private folder, or not a key: not found.
    expectRefused(await get('/tmpl/files/goods/00000000000000000000000000000000.png?e=1&m=1&s=x'), 404);
    expectRefused(await get('/tmpl/files/../uploads/x.png'), 404);
  });

  it('public folders stay public: anonymous GET, long cache', async () => {
    const r = await upload(tokens.a, 'goods');
    expect(r.result.url).toMatch(/^\/tmpl\/uploads\/goods\/[0-9a-f]{32}\.png$/);
    const res = await get(r.result.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('a page sending the signed URL back stores the stable reference; the merchant reads it signed, the platform reviewer too', async () => {
    const up = await upload(tokens.a, 'feedback');
    const key = SIGNED.exec(up.result.url)![1];
    const add = await api(t.app, tokens.a).post(feedbackApi.add.path.replace(/^\/api\//, ''), {
      type: '1',
      content: '截图里有客户的地址',
      images: JSON.stringify([up.result.url]),
    });
    expect(add.code).toBe(200);
    const stored = await t.db
      .selectFrom('feedback')
      .select('images')
      .where('content', '=', '截图里有客户的地址')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.images)).toEqual([`/tmpl/files/${key}`]);

    const mine = await api(t.app, tokens.a).get(feedbackApi.minePage.path.replace(/^\/api\//, ''), {
      pageNum: 1,
      pageSize: 50,
    });
    const mineRaw = mine.raw;
    expect(mineRaw).toMatch(new RegExp(`/tmpl/files/${key.replace(/[/.]/g, '\\$&')}\\?e=\\d+&m=\\d+&s=`));
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // The platform's feedback handler (platform:feedback:list) gets a URL it can open.
    const all = await api(t.app, tokens.admin).get(feedbackApi.page.path.replace(/^\/api\//, ''), {
      pageNum: 1,
      pageSize: 50,
    });
    const url = new RegExp(`/tmpl/files/${key.replace(/[/.]/g, '\\$&')}\\?e=\\d+&m=0&s=[\\w-]+`).exec(all.raw)?.[0];
    expect(url).toBeDefined();
    expect((await get(url!)).statusCode).toBe(200);
  });

  it('another merchant cannot store this merchant’s private file in its own record, by any address, and gets it signed nowhere', async () => {
    const up = await upload(tokens.a, 'employee/cert');
    const key = SIGNED.exec(up.result.url)![1];
    const before = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const address of [
      up.result.url,
      `/tmpl/files/${key}`,
      `/tmpl/uploads/${key}`,
      `https://console.example.cn${up.result.url}`,
    ]) {
      const r = await api(t.app, tokens.b).post(feedbackApi.add.path.replace(/^\/api\//, ''), {
        type: '1',
        content: '借用别人的证件照片',
        images: JSON.stringify([address]),
      });
      expect(r, address).toMatchObject({
        status: 400,
        code: 2001,
        message: '文件无效：只能使用本商户上传的文件，请重新上传',
      });
    }
    const after = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Planted straight into B's record, B's answers still carry only the unreadable reference.
    const b = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.ownerB)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db
      .insertInto('feedback')
      .values({
        userId: b.id,
        merchantId: b.merchantId,
        type: '1',
        content: '被塞进来的引用',
        images: JSON.stringify([`/tmpl/files/${key}`]),
        contact: null,
        state: 0,
        reply: null,
        handledBy: null,
        handledAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const mine = await api(t.app, tokens.b).get(feedbackApi.minePage.path.replace(/^\/api\//, ''), {
      pageNum: 1,
      pageSize: 50,
    });
    expect(mine.raw).toContain(`"/tmpl/files/${key}"`);
    expect(mine.raw).not.toContain(`/tmpl/files/${key}?`);
  });

  it('the platform is never handed staff ID cards (no review permission covers employee files)', async () => {
    const up = await upload(tokens.a, 'employee/idcard');
    const key = SIGNED.exec(up.result.url)![1];
    const list = await api(t.app, tokens.admin).get('app/resource/findAllByPage', { pageNum: 1, pageSize: 100 });
    expect(list.code).toBe(200);
    expect(list.raw).toContain(`"/tmpl/files/${key}"`);
    expect(list.raw).not.toContain(`/tmpl/files/${key}?`);
  });
});

describe('moving existing private files (migration 1900)', () => {
  it('moves files to the private folder, rewrites every stored address, adopts orphans, and a second run changes nothing', async () => {
    const hex = () => crypto.randomUUID().replace(/-/g, '');
    const keys = {
      front: `employee/idcard/${hex()}.png`,
      cert: `employee/cert/${hex()}.png`,
      licence: `licence/${hex()}.png`,
      feedback: `feedback/${hex()}.png`,
      jinjian: `jinjian/${hex()}.png`,
      missing: `employee/idcard/${hex()}.png`,
      goods: `goods/${hex()}.png`,
    };
    for (const [name, key] of Object.entries(keys)) {
      if (name === 'missing') continue;
      mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', key), PNG);
    }
    const legacy = (k: string) => `/tmpl/uploads/${k}`;
    const a = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    const employee = await t.db
      .selectFrom('employee')
      .select(['id', 'certificates'])
      .where('merchantId', '=', a.merchantId!)
      .executeTakeFirstOrThrow();
    const certs = [{ name: '健康证', imageUrl: legacy(keys.cert), expireAt: null }];
    await t.db
      .updateTable('employee')
      .set({
        idCardFrontUrl: legacy(keys.front),
        idCardBackUrl: legacy(keys.missing),
        avatarUrl: legacy(keys.goods),
        certificates: JSON.stringify(certs),
      })
      .where('id', '=', employee.id)
      .execute();
    const licence = await t.db
      .selectFrom('licence')
      .select('id')
      .where('merchantId', '=', a.merchantId!)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('licence')
      .set({ imageUrl: legacy(keys.licence) })
      .where('id', '=', licence.id)
      .execute();
    const now = new Date().toISOString();
    await t.db
      .insertInto('feedback')
      .values({
        userId: a.id,
        merchantId: a.merchantId,
        type: '2',
        content: '旧的反馈截图',
        images: JSON.stringify([legacy(keys.feedback), legacy(keys.goods)]),
        contact: null,
        state: 0,
        reply: null,
        handledBy: null,
        handledAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // The feedback file has a resource row from its upload; the others predate it.
    await t.db
      .insertInto('resource')
      .values({
        name: 'old.png',
        url: legacy(keys.feedback),
        storageKey: keys.feedback,
        type: 'image',
        ext: 'png',
        mime: 'image/png',
        size: PNG.length,
        rootPath: 'feedback',
        uploaderId: a.id,
        merchantId: a.merchantId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // Onboarding data is sealed: its addresses are rewritten inside the seal.
    const detail = JSON.stringify({ idCardFrontUrl: legacy(keys.jinjian), name: '张三' });
    const jj = await t.db
      .insertInto('jinjianApplication')
      .values({
        merchantId: a.merchantId!,
        kind: 1,
        status: 30,
        provider: 'sandbox',
        applyNo: `T${hex().slice(0, 20)}`,
        providerMerchantNo: null,
        rejectReason: null,
        subjectName: '张三',
        detail: seal('jinjianApplication.detail', detail),
        submittedBy: a.id,
        submittedAt: now,
        approvedAt: null,
        rejectedAt: null,
        cardBound: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const report = await movePrivateFiles(t.db, { storage: () => storageOf(t.app) });
    expect(report.moved).toBe(5);
    expect(report.missing).toEqual([keys.missing]);
    expect(report.adopted).toBe(4); // front, cert, licence, jinjian (feedback had its row; the missing file gets none)
    for (const k of [keys.front, keys.cert, keys.licence, keys.feedback, keys.jinjian]) {
      expect(existsSync(path.join(dataDir, 'private', k)), k).toBe(true);
      expect(existsSync(path.join(dataDir, 'uploads', k)), k).toBe(false);
    }
    // Public folders' files stay where they are.
    expect(existsSync(path.join(dataDir, 'uploads', keys.goods))).toBe(true);

    const stable = (k: string) => `/tmpl/files/${k}`;
    const e = await t.db.selectFrom('employee').selectAll().where('id', '=', employee.id).executeTakeFirstOrThrow();
    expect([e.idCardFrontUrl, e.idCardBackUrl, e.avatarUrl]).toEqual([
      stable(keys.front),
      stable(keys.missing),
      legacy(keys.goods),
    ]);
    expect(JSON.parse(e.certificates)[0].imageUrl).toBe(stable(keys.cert));
    expect(
      (await t.db.selectFrom('licence').select('imageUrl').where('id', '=', licence.id).executeTakeFirstOrThrow())
        .imageUrl,
    ).toBe(stable(keys.licence));
    const fb = await t.db
      .selectFrom('feedback')
      .select('images')
      .where('content', '=', '旧的反馈截图')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(fb.images)).toEqual([stable(keys.feedback), legacy(keys.goods)]);
    expect(
      (
        await t.db
          .selectFrom('resource')
          .select('url')
          .where('storageKey', '=', keys.feedback)
          .executeTakeFirstOrThrow()
      ).url,
    ).toBe(stable(keys.feedback));
    const sealed = (
      await t.db.selectFrom('jinjianApplication').select('detail').where('id', '=', jj.id).executeTakeFirstOrThrow()
    ).detail;
    expect(sealed.startsWith('enc:')).toBe(true);
    expect(JSON.parse(open('jinjianApplication.detail', sealed)).idCardFrontUrl).toBe(stable(keys.jinjian));
    const adopted = await t.db
      .selectFrom('resource')
      .select(['storageKey', 'merchantId'])
      .where('storageKey', '=', keys.front)
      .execute();
    expect(adopted).toEqual([{ storageKey: keys.front, merchantId: a.merchantId }]);

    // The employee page shows the moved ID card through a signed URL that serves it.
    const detailRes = await api(t.app, tokens.a).get(`${Y.replace(/^\/api\//, '')}/findById/${employee.id}`);
    const url = detailRes.raw.match(/\/tmpl\/files\/employee\/idcard\/[0-9a-f]{32}\.png\?[^"]+/)?.[0];
    expect(url).toBeDefined();
    const img = await get(url!);
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const again = await movePrivateFiles(t.db, { storage: () => storageOf(t.app) });
    expect(again).toMatchObject({ rewritten: {}, moved: 0, adopted: 0 });
  });
});
