import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  demoTokens,
  envelopeOf,
  expectEvery,
  loginAs,
  PHONES,
  type TestApp,
  waitFor,
} from './helpers/index.ts';
import { minimalPdf } from './helpers/pdf.ts';
import { uploadSettings } from '../src/modules/common/upload/upload.service.ts';

/** Real file heads: what file-type recognises from the content. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);
const GIF = Buffer.from(
  '4749463839610100010080000000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
const ICO = Buffer.concat([
  Buffer.from('0000010001001010000001002000680400001600000028000000', 'hex'),
  Buffer.alloc(64),
]);
const MP4 = Buffer.concat([
  Buffer.from('0000001c66747970697366 6f6d0000020069736f6d69736f326d703431'.replace(/ /g, ''), 'hex'),
  Buffer.from('000000086d646174', 'hex'),
  Buffer.alloc(32),
]);
const PDF = minimalPdf();
const DOCX = Buffer.from(
  zipSync({
    '[Content_Types].xml': new TextEncoder().encode(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': new TextEncoder().encode('<w:document/>'),
  }),
);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----jz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let dataDir: string;
let owner: string;
let admin: string;

async function upload(token: string | undefined, parts: Part[], url = '/tmpl/api/com/file/up') {
  const { payload, contentType } = multipart(parts);
  const headers: Record<string, string> = { client: CLIENT_ID, 'content-type': contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  return envelopeOf<any>(await t.app.inject({ method: 'POST', url, headers, payload }));
}
const file = (data: Buffer, filename: string, type?: string): Part => ({ name: 'file', filename, type, data });
const root = (v: string): Part => ({ name: 'rootPath', value: v });

/** Every file under DATA_DIR, relative. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}
const uploadedFiles = () => filesUnder(path.join(dataDir, 'uploads'));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-up-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ ownerA: owner, admin } = await demoTokens(t, 'ownerA', 'admin'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/com/file/up', () => {
  it('stores an image under a generated name, records it, answers {success, result:{url,type}} and serves it with its real type', async () => {
    const r = await upload(owner, [root('shop'), file(PNG, '门头照.png', 'image/png')]);
    expect(r).toMatchObject({
      status: 200,
      code: 200,
      message: '上传成功',
      result: { type: 'image', ext: 'png', mime: 'image/png', size: PNG.length, name: '门头照.png' },
    });
    expect((r as any).success).toBe(true);
    expect(r.result.url).toMatch(/^\/tmpl\/uploads\/shop\/[0-9a-f]{32}\.png$/);

    const rec = await t.db.selectFrom('resource').selectAll().where('id', '=', r.result.id).executeTakeFirstOrThrow();
    const ownerRow = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.ownerA)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({
      url: r.result.url,
      type: 'image',
      rootPath: 'shop',
      uploaderId: ownerRow.id,
      merchantId: ownerRow.merchantId,
      size: PNG.length,
    });

    const got = await t.app.inject({ method: 'GET', url: r.result.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('decides the kind from the content: jpg, gif, ico, mp4, pdf, docx; the name and declared type do not matter', async () => {
    const cases: [Buffer, string, string, string, string][] = [
      [JPG, 'a.jpeg', 'image', 'jpg', 'image/jpeg'],
      [GIF, 'a.bin', 'image', 'gif', 'image/gif'],
      [ICO, 'favicon.ico', 'image', 'ico', 'image/x-icon'],
      [MP4, 'clip.mp4', 'video', 'mp4', 'video/mp4'],
      [PDF, 'contract.pdf', 'pdf', 'pdf', 'application/pdf'],
      [
        DOCX,
        'report.docx',
        'office',
        'docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      // A PNG sent as "photo.pdf" with a PDF content type is still a PNG, stored and served as one.
      [PNG, 'photo.pdf', 'image', 'png', 'image/png'],
    ];
    for (const [data, name, kind, ext, mime] of cases) {
      const r = await upload(owner, [file(data, name, 'application/pdf'), root('goods/detail')]);
      expect(r.result, name).toMatchObject({ type: kind, ext });
      expect(r.result.url).toMatch(new RegExp(`^/tmpl/uploads/goods/detail/[0-9a-f]{32}\\.${ext}$`));
      const got = await t.app.inject({ method: 'GET', url: r.result.url });
      expect(got.headers['content-type'], name).toContain(ext === 'ico' ? 'image/' : mime);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses disguised files: HTML or SVG named .png, plain text, an empty file (2001, nothing stored)', async () => {
    const before = uploadedFiles().length;
    const rows = await t.db.selectFrom('resource').select('id').execute();
    for (const [data, name] of [
      [HTML, 'evil.png'],
      [SVG, 'logo.svg'],
      [Buffer.from('just text'), 'a.txt'],
      [Buffer.from(zipSync({ 'a.txt': new Uint8Array([65]) })), 'archive.docx'],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'setup.exe'],
    ] as [Buffer, string][]) {
      const r = await upload(owner, [root('shop'), file(data, name, 'image/png')]);
      expect(r, name).toMatchObject({ status: 400, code: 2001 });
      expect(r.message).toContain('不支持的文件类型');
    }
    expect(await upload(owner, [root('shop'), file(Buffer.alloc(0), 'empty.png')])).toMatchObject({
      code: 2001,
      message: '请选择要上传的文件',
    });
    expect(uploadedFiles().length).toBe(before);
    expect((await t.db.selectFrom('resource').select('id').execute()).length).toBe(rows.length);
  });

  it('refuses oversized files: an image over 5 MB, anything over the parser limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    expect(await upload(owner, [root('shop'), file(big, 'big.png')])).toMatchObject({
      status: 400,
      code: 2001,
      message: '图片大小不能超过 5MB!',
    });
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload(owner, [root('shop'), file(exact, 'exact.png')])).code).toBe(200);
    const huge = Buffer.concat([MP4, Buffer.alloc(30 * 1024 * 1024 + 10)]);
    const r = await upload(owner, [root('shop'), file(huge, 'huge.mp4')]);
    expect(r).toMatchObject({ code: 2001 });
    expect(r.message).toMatch(/不能超过 30MB/);
  });

  it('never writes outside the upload folder: rootPath is a whitelisted folder name, not a path', async () => {
    const before = filesUnder(dataDir).sort();
    for (const bad of [
      '../x',
      '../../etc',
      'shop/../..',
      '/shop',
      'shop/',
      'shop//a',
      'shop/a/b',
      'SHOP',
      'unknown',
      'shop\\a',
      '..',
      'shop/a.b',
      '',
    ]) {
      const r = await upload(owner, [root(bad), file(PNG, 'a.png')]);
      expect(r, bad).toMatchObject({ status: 400, code: 2001 });
    }
    expect(await upload(owner, [file(PNG, 'a.png')])).toMatchObject({ code: 2001, message: '请指定上传目录' });
    // A hostile file name is only a display name.
    // (shop: a public folder; private folders are server/test/security/private-files.test.ts)
    const r = await upload(owner, [root('shop'), file(PNG, '../../../etc/passwd.png')]);
    expect(r.result.name).toBe('passwd.png');
    expect(r.result.url).toMatch(/^\/tmpl\/uploads\/shop\/[0-9a-f]{32}\.png$/);
    const after = filesUnder(dataDir).filter((f) => !before.includes(f));
    expect(after.filter((f) => !/-(wal|shm|journal)$/.test(f))).toEqual([
      path.join('uploads', r.result.url.replace('/tmpl/uploads/', '')),
    ]);
  });

  it('serves nothing but stored files: traversal and unknown names answer 4xx', async () => {
    for (const url of [
      '/tmpl/uploads/../../package.json',
      '/tmpl/uploads/%2e%2e/%2e%2e/package.json',
      '/tmpl/uploads/shop/nothere.png',
      '/tmpl/uploads/',
      '/tmpl/uploads/shop/00000000000000000000000000000000.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"name"');
    }
  });

  it('refuses anonymous callers (401), a non-multipart body and two files (2001)', async () => {
    expect(await upload(undefined, [root('shop'), file(PNG, 'a.png')])).toMatchObject({ status: 401, code: 401 });
    const form = await t.app.inject({
      method: 'POST',
      url: '/tmpl/api/com/file/up',
      headers: {
        client: CLIENT_ID,
        authorization: `Bearer ${owner}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'rootPath=shop',
    });
    expect(envelopeOf(form)).toMatchObject({ code: 2001 });
    expect(await upload(owner, [root('shop'), file(PNG, 'a.png'), file(PNG, 'b.png')])).toMatchObject({
      code: 2001,
      message: '一次只能上传一个文件',
    });
  });

  it('narrows kinds when asked (kind=image refuses a PDF) and writes an operation log row', async () => {
    expect(await upload(owner, [root('shop'), { name: 'kind', value: 'image' }, file(PDF, 'a.pdf')])).toMatchObject({
      code: 2001,
      message: '只能上传图片（png、jpg、jpeg、webp、gif、ico）',
    });
    expect(await upload(owner, [root('shop'), { name: 'kind', value: 'script' }, file(PNG, 'a.png')])).toMatchObject({
      code: 2001,
    });
    const r = await upload(admin, [root('banner'), { name: 'kind', value: 'image' }, file(PNG, 'b.png')]);
    expect(r.code).toBe(200);
    const log = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('url', '=', '/tmpl/api/com/file/up')
        .where('success', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    expect(log).toMatchObject({ title: '文件上传', type: 'add', method: 'POST' });
  });

  it('takes concurrent uploads without collisions', async () => {
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(owner, [root('goods'), file(PNG, `p${i}.png`)])),
    );
    expectEvery(rs, (r) => r.code === 200);
    expect(new Set(rs.map((r) => r.result.url)).size).toBe(8);
  });
});

describe('POST /api/com/file/upWidthWangEdit', () => {
  it('answers url and name (and the editor errno/data shape) for an image, into editor/ by default', async () => {
    const r = await upload(admin, [file(PNG, 'inline.png')], '/tmpl/api/com/file/upWidthWangEdit');
    expect(r).toMatchObject({ code: 200, result: { name: 'inline.png', type: 'image' } });
    expect(r.result.url).toMatch(/^\/tmpl\/uploads\/editor\/[0-9a-f]{32}\.png$/);
    expect((r as any).errno).toBe(0);
    expect((r as any).data).toEqual({ url: r.result.url, alt: 'inline.png', href: r.result.url });
    const r2 = await upload(admin, [root('sys/config'), file(MP4, 'v.mp4')], '/tmpl/api/com/file/upWidthWangEdit');
    expect(r2.result.url).toMatch(/^\/tmpl\/uploads\/sys\/config\/[0-9a-f]{32}\.mp4$/);
  });

  it('takes images and MP4 only', async () => {
    expect(await upload(admin, [file(PDF, 'a.pdf')], '/tmpl/api/com/file/upWidthWangEdit')).toMatchObject({
      code: 2001,
    });
    expect(await upload(admin, [file(HTML, 'a.mp4')], '/tmpl/api/com/file/upWidthWangEdit')).toMatchObject({
      code: 2001,
    });
    expect(
      await upload(admin, [{ name: 'kind', value: 'video' }, file(PNG, 'a.png')], '/tmpl/api/com/file/upWidthWangEdit'),
    ).toMatchObject({ code: 2001, message: '上传视频必须为 MP4 格式！' });
    expect(await upload(undefined, [file(PNG, 'a.png')], '/tmpl/api/com/file/upWidthWangEdit')).toMatchObject({
      status: 401,
    });
  });
});

// UPLOAD_STORAGE=s3 (an S3-compatible server in both addressing styles, OSS/COS shapes, outages): upload-s3.test.ts.

describe('the size limit of PDF and Office files is configuration (UPLOAD_OTHER_MAX_MB)', () => {
  let t1: TestApp;
  let token: string;
  beforeAll(async () => {
    const saved = process.env.UPLOAD_OTHER_MAX_MB;
    process.env.UPLOAD_OTHER_MAX_MB = '1';
    try {
      t1 = await buildTestApp({ env: { DATA_DIR: dataDir } });
    } finally {
      if (saved === undefined) delete process.env.UPLOAD_OTHER_MAX_MB;
      else process.env.UPLOAD_OTHER_MAX_MB = saved;
    }
    token = await loginAs(t1.app, PHONES.ownerA);
  });
  afterAll(() => t1?.close());

  const send = async (app: TestApp, tok: string, data: Buffer, name: string) => {
    const { payload, contentType } = multipart([root('shop'), file(data, name)]);
    const res = await app.app.inject({
      method: 'POST',
      url: '/tmpl/api/com/file/up',
      payload,
      headers: { client: CLIENT_ID, 'content-type': contentType, authorization: `Bearer ${tok}` },
    });
    return envelopeOf(res);
  };

  it('UPLOAD_OTHER_MAX_MB=1: a PDF over 1 MB is refused with the limit, one under it stored; images keep 5 MB', async () => {
    const over = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 1 - PDF.length)]);
    expect(await send(t1, token, over, 'big.pdf')).toMatchObject({ code: 2001, message: '文件大小不能超过 1MB!' });
    const under = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 - PDF.length)]);
    expect((await send(t1, token, under, 'ok.pdf')).code).toBe(200);
    const image = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    expect((await send(t1, token, image, 'photo.png')).code).toBe(200);
  });

  it('by default (20 MB) a 21 MB PDF is refused and a 2 MB one stored; a bad setting falls back to 20', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]);
    expect(await send(t, owner, big, 'huge.pdf')).toMatchObject({ code: 2001, message: '文件大小不能超过 20MB!' });
    expect((await send(t, owner, Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]), 'two.pdf')).code).toBe(200);
    expect(uploadSettings({ UPLOAD_OTHER_MAX_MB: 'lots' }).otherMaxMb).toBe(20);
    expect(uploadSettings({ UPLOAD_OTHER_MAX_MB: '0' }).otherMaxMb).toBe(20);
    expect(uploadSettings({ UPLOAD_OTHER_MAX_MB: '50' }).otherMaxMb).toBe(50);
  });
});
