import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import type { Page } from '@jz/contracts/envelope';
import type { Resource } from '@jz/contracts/resource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, envelopeOf, demoTokens, expectEvery, type TestApp } from './helpers/index.ts';
import { minimalPdf } from './helpers/pdf.ts';

const B = 'app/resource';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = minimalPdf(); // a real PDF: uploads parse PDFs

let t: TestApp;
let dataDir: string;
let admin: Api;
let owner: Api;
let sub: Api;
let adminToken: string;

async function upload(token: string, name: string, data: Buffer, rootPath: string) {
  const boundary = '----jzres';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rootPath"\r\n\r\n${rootPath}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/tmpl/api/com/file/up',
    headers: {
      client: CLIENT_ID,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return envelopeOf<{ id: number; url: string }>(res).result;
}
const diskPath = (url: string) => path.join(dataDir, 'uploads', url.replace('/tmpl/uploads/', ''));

let logo: { id: number; url: string };
let contract: { id: number; url: string };
let shopPic: { id: number; url: string };
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-res-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  const tokens = await demoTokens(t, 'admin', 'ownerA', 'subA');
  adminToken = tokens.admin;
  admin = api(t.app, tokens.admin);
  owner = api(t.app, tokens.ownerA);
  sub = api(t.app, tokens.subA);
  logo = await upload(adminToken, '平台logo.png', PNG, 'sys');
  contract = await upload(adminToken, '入驻合同_100%.pdf', PDF, 'agreement');
  shopPic = await upload(tokens.ownerA, '门店照片.png', PNG, 'shop/photo');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('resource library', () => {
  it('lists every upload, newest first, with its uploader', async () => {
    const r = await admin.get<Page<Resource>>(`${B}/findAllByPage`, { pageNum: 1, pageSize: 10 });
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.result.records.slice(0, 3).map((x) => x.id)).toEqual([shopPic.id, contract.id, logo.id]);
    expect(r.result.records[0]).toMatchObject({
      name: '门店照片.png',
      type: 'image',
      ext: 'png',
      mime: 'image/png',
      size: PNG.length,
      rootPath: 'shop/photo',
      url: shopPic.url,
    });
    expect(r.result.records[0].uploaderName).toBeTruthy();
    expect(r.result.records[0]).not.toHaveProperty('storageKey');
  });

  it('searches by name (literal % and _), type and root folder; empty filters mean none', async () => {
    const byName = await admin.get<Page<Resource>>(`${B}/findAllByPage`, { name: 'logo' });
    expect(byName.result.records.map((x) => x.id)).toEqual([logo.id]);
    expect(
      (await admin.get<Page<Resource>>(`${B}/findAllByPage`, { name: '100%' })).result.records.map((x) => x.id),
    ).toEqual([contract.id]);
    expect(
      (await admin.get<Page<Resource>>(`${B}/findAllByPage`, { name: '%' })).result.records.map((x) => x.id),
    ).toEqual([contract.id]);
    expect(
      (await admin.get<Page<Resource>>(`${B}/findAllByPage`, { name: '_' })).result.records.map((x) => x.id),
    ).toEqual([contract.id]);
    const pdfs = await admin.get<Page<Resource>>(`${B}/findAllByPage`, { type: 'pdf' });
    expectEvery(pdfs.result.records, (x) => x.type === 'pdf');
    expect(pdfs.result.total).toBe(1);
    expect(
      (await admin.get<Page<Resource>>(`${B}/findAllByPage`, { rootPath: 'shop' })).result.records.map((x) => x.id),
    ).toEqual([shopPic.id]);
    expect(
      (await admin.get<Page<Resource>>(`${B}/findAllByPage`, { name: '', type: '' })).result.total,
    ).toBeGreaterThanOrEqual(3);
    expect((await admin.get<Resource[]>(`${B}/findByType/image`)).result.map((x) => x.id)).toEqual(
      expect.arrayContaining([logo.id, shopPic.id]),
    );
    expect((await admin.get<Resource[]>(`${B}/findAllByList`, { type: 'pdf' })).result.map((x) => x.id)).toEqual([
      contract.id,
    ]);
  });

  it('refuses bad filters with 2001', async () => {
    for (const q of [{ type: 'exe' }, { pageSize: 500 }, { pageNum: 0 }])
      expect(await admin.get(`${B}/findAllByPage`, q), JSON.stringify(q)).toMatchObject({ code: 2001 });
    expect(await admin.get(`${B}/findByType/script`)).toMatchObject({ code: 2001 });
  });

  it('adds an https link and renames; refuses other schemes and empty names', async () => {
    const add = await admin.post<{ id: number }>(`${B}/add`, { name: '帮助文档', url: 'https://example.com/help.pdf' });
    expect(add.code).toBe(200);
    for (const url of ['http://example.com/a', 'javascript:alert(1)', 'https://a b', ''])
      expect(await admin.post(`${B}/add`, { name: 'x', url }), url).toMatchObject({ code: 2001 });
    expect(await admin.post(`${B}/edit`, { id: add.result.id, name: '' })).toMatchObject({ code: 2001 });
    expect((await admin.post(`${B}/edit`, { id: add.result.id, name: '使用帮助' })).code).toBe(200);
    const links = await admin.get<Resource[]>(`${B}/findByType/link`);
    expect(links.result).toEqual([
      expect.objectContaining({
        id: add.result.id,
        name: '使用帮助',
        url: 'https://example.com/help.pdf',
        type: 'link',
      }),
    ]);
    expect(await admin.post(`${B}/edit`, { id: 999999, name: 'x' })).toMatchObject({ status: 404, code: 2002 });
    // Deleting a link removes only its record.
    expect((await admin.del(`${B}/delByIds/${add.result.id}`)).code).toBe(200);
  });

  it('is a platform page: merchant owner and sub-account get 301, anonymous 401', async () => {
    for (const who of [owner, sub]) {
      expect(await who.get(`${B}/findAllByPage`)).toMatchObject({ status: 403, code: 301 });
      expect(await who.del(`${B}/delByIds/${logo.id}`)).toMatchObject({ code: 301 });
      expect(await who.post(`${B}/edit`, { id: logo.id, name: 'x' })).toMatchObject({ code: 301 });
    }
    expect(await api(t.app).get(`${B}/findAllByPage`)).toMatchObject({ status: 401, code: 401 });
    expect(existsSync(diskPath(logo.url))).toBe(true);
  });

  it('deleting removes the record and the file; an unknown id deletes nothing (2002)', async () => {
    expect(existsSync(diskPath(contract.url))).toBe(true);
    const miss = await admin.del(`${B}/delByIds/${contract.id},999999`);
    expect(miss).toMatchObject({ status: 404, code: 2002 });
    expect(existsSync(diskPath(contract.url))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: contract.url })).statusCode).toBe(200);

    expect((await admin.del(`${B}/delByIds/${contract.id}`)).code).toBe(200);
    expect(existsSync(diskPath(contract.url))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: contract.url })).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('resource').select('id').where('id', '=', contract.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await admin.del(`${B}/delByIds/abc`)).toMatchObject({ code: 2001 });
  });

  it('two concurrent deletes of the same record: one succeeds, the other answers 2002', async () => {
    const rs = await Promise.all([admin.del(`${B}/delByIds/${logo.id}`), admin.del(`${B}/delByIds/${logo.id}`)]);
    expect(rs.map((r) => r.code).sort()).toEqual([200, 2002]);
    expect(existsSync(diskPath(logo.url))).toBe(false);
  });
});
