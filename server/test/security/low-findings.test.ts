/**
 * The low findings of the outside review, each reproduced and closed.
 *  - an approved shop renamed without a new audit (the public goods list showed the new name at once);
 *  - the PDF active-content filter missed escaped names (`/S/J#61vaScript`), and PDFs were served inline;
 *  - the old-password check of sys/user/edit/password was unthrottled;
 *  - production accepted SMS_PROVIDER=console (sign-in codes in the log).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CLIENT_ID } from '@jz/contracts/auth';
import type { Page } from '@jz/contracts/envelope';
import type { ShopInfo } from '@jz/contracts/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { contentProblem } from '../../src/modules/common/upload/content-check.ts';
import { s3SettingsFromEnv } from '../../src/lib/storage/s3.ts';
import { S3Storage } from '../../src/lib/storage/storage.ts';
import { hashPassword, verifyPassword } from '../../src/lib/password.ts';
import { type Api, api, buildTestApp, demoUsers, envelopeOf, loginAs, PHONES, type TestApp } from '../helpers/index.ts';
import { minimalPdf } from '../helpers/pdf.ts';

const S = 'app/jiazheng/shangjia/info';
const PUBLIC_GOODS = 'app/jiazheng/shangjia/shangpin/weapp/findAllByPage';
const MAIN_A = '运城洁家家政（总店）';

describe('renaming an approved shop waits for the platform (the approved name stays public)', () => {
  let t: TestApp;
  let ownerA: Api;
  let admin: Api;
  let anon: Api;
  let shopId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ ownerA, admin } = await demoUsers(t, 'ownerA', 'admin'));
    anon = api(t.app);
    shopId = (await t.db.selectFrom('shop').select('id').where('name', '=', MAIN_A).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const publicNames = async () =>
    new Set(
      (
        await anon.get<Page<{ shopId: number; shopName: string }>>(PUBLIC_GOODS, {
          shangjiaInfoId: shopId,
          pageSize: 100,
        })
      ).result.records.map((g) => g.shopName),
    );
  const row = () => t.db.selectFrom('shop').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow();

  it('the new name is held for review: customers, orders and the console keep the approved name meanwhile', async () => {
    expect(await publicNames()).toEqual(new Set([MAIN_A]));
    const r = await ownerA.post(`${S}/edit`, { id: shopId, name: '洁家速到家（总店）', businessHours: '08:00-20:00' });
    expect(r.code).toBe(200);
    expect(r.message).toMatch(/名称.*审核/);
    expect(await publicNames()).toEqual(new Set([MAIN_A]));
    const stored = await row();
    expect(stored).toMatchObject({ name: MAIN_A, pendingName: '洁家速到家（总店）', auditStatus: 1, yingyeState: 1 });
    // The other fields of the same edit applied at once.
    expect(stored.businessHours).toBe('08:00-20:00');
    const detail = await ownerA.get<ShopInfo & { pendingName: string | null }>(`${S}/findById/${shopId}`);
    expect(detail.result).toMatchObject({ name: MAIN_A, pendingName: '洁家速到家（总店）', auditStatus: 1 });
    // The platform's queue of things to review (待审核) lists it, with the name asked for.
    const queue = await admin.get<Page<ShopInfo & { pendingName: string | null }>>(`${S}/search/findAllByPage`, {
      auditStatus: 0,
      pageSize: 50,
    });
    expect(queue.result.records.find((s) => s.id === shopId)).toMatchObject({ pendingName: '洁家速到家（总店）' });
  });

  it('approved: the new name becomes the public one, once', async () => {
    const ok = await admin.post(`${S}/audit`, { id: shopId, auditStatus: 1 });
    expect(ok.code).toBe(200);
    expect(await row()).toMatchObject({ name: '洁家速到家（总店）', pendingName: null, auditStatus: 1 });
    expect(await publicNames()).toEqual(new Set(['洁家速到家（总店）']));
    expect((await admin.post(`${S}/audit`, { id: shopId, auditStatus: 1 })).code).toBe(2004);
  });

  it('rejected: the approved name stays, the shop stays open, the merchant reads the reason', async () => {
    expect((await ownerA.post(`${S}/edit`, { id: shopId, name: '全城最低价家政' })).code).toBe(200);
    const no = await admin.post(`${S}/audit`, { id: shopId, auditStatus: 2, auditRemark: '名称含夸大宣传用语' });
    expect(no.code).toBe(200);
    const stored = await row();
    expect(stored).toMatchObject({ name: '洁家速到家（总店）', pendingName: null, auditStatus: 1, yingyeState: 1 });
    expect(stored.auditRemark).toContain('名称含夸大宣传用语');
    expect(stored.auditRemark).toContain('全城最低价家政');
    expect(await publicNames()).toEqual(new Set(['洁家速到家（总店）']));
  });

  it('asking for the approved name again withdraws the request; a name taken by another shop is refused', async () => {
    expect((await ownerA.post(`${S}/edit`, { id: shopId, name: '又一个名字' })).code).toBe(200);
    expect((await row()).pendingName).toBe('又一个名字');
    // The console's form sends the requested name with every save: other edits leave the request as it is.
    expect((await ownerA.post(`${S}/edit`, { id: shopId, name: '又一个名字', phone: '13912340000' })).code).toBe(200);
    expect(await row()).toMatchObject({ pendingName: '又一个名字', phone: '13912340000', name: '洁家速到家（总店）' });
    expect((await ownerA.post(`${S}/edit`, { id: shopId, name: '洁家速到家（总店）' })).code).toBe(200);
    expect((await row()).pendingName).toBeNull();
    const branch = await t.db
      .selectFrom('shop')
      .select('name')
      .where('parentId', '=', shopId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await ownerA.post(`${S}/edit`, { id: shopId, name: branch.name })).toMatchObject({ code: 2004 });
    expect((await row()).pendingName).toBeNull();
  });
});

describe('PDF uploads: escaped names are decoded, and PDFs and Office files are served as downloads', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jz-low-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    owner = await loginAs(t.app, PHONES.ownerA);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (data: Buffer, filename: string) => {
    const boundary = `----jz${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rootPath"\r\n\r\ngoods/detail\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return envelopeOf<{ url: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/tmpl/api/com/file/up',
        headers: {
          client: CLIENT_ID,
          authorization: `Bearer ${owner}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      }),
    );
  };
  const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\ntrailer <<>>\n%%EOF\n`, 'latin1');
  // A clean PDF has to be a real one: PDFs are parsed and need a catalog and a page tree.
  const cleanPdf = (catalog: string) => minimalPdf(catalog);

  it.each([
    ['/S/J#61vaScript', '1 0 obj <</Type/Catalog/OpenAction <</S/J#61vaScript/JS(app.alert(1))>> >> endobj'],
    ['/Names <</J#61v#61Script …>>', '1 0 obj <</Names <</J#61v#61Script 2 0 R>> >> endobj'],
    ['/#4a#61#76#61#53#63#72#69#70#74', '1 0 obj <</OpenAction <</S/#4a#61#76#61#53#63#72#69#70#74>> >> endobj'],
    ['/L#61unch', '1 0 obj <</OpenAction <</S/L#61unch/F(calc.exe)>> >> endobj'],
  ])('refuses a PDF whose action is named %s', async (_, body) => {
    const before = readdirSync(dataDir, { recursive: true }).length;
    const r = await upload(pdf(body), 'x.pdf');
    expect(r).toMatchObject({ code: 2001, message: '文件内容无效：PDF 中含有脚本或启动程序的动作，已拒绝上传' });
    expect(readdirSync(dataDir, { recursive: true }).length).toBe(before);
  });

  it('a name escape that spells nothing active, and ordinary PDF names, pass', async () => {
    const d = { kind: 'pdf', ext: 'pdf', mime: 'application/pdf' } as const;
    expect(await contentProblem(cleanPdf('/Lang(zh#2DCN)/Name/A#20B/JSX 1'), d as never)).toBe(undefined);
  });

  it('a clean PDF is stored and served with Content-Disposition: attachment (never rendered by the app origin)', async () => {
    const r = await upload(cleanPdf(''), '合同.pdf');
    expect(r.code).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: r.result.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('attachment');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('with UPLOAD_STORAGE=s3 the object store serves PDFs as downloads too', () => {
  it('a PDF is PUT with Content-Disposition: attachment; an image without', async () => {
    const sent: Record<string, string>[] = [];
    const requestHandler = {
      handle: async (req: { headers: Record<string, string> }) => {
        sent.push(req.headers);
        return { response: { statusCode: 200, headers: {}, body: Readable.from([]) } };
      },
    };
    const settings = s3SettingsFromEnv({
      UPLOAD_STORAGE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'jz-media',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'TEST',
      S3_SECRET_ACCESS_KEY: 'secret',
    })!;
    const storage = new S3Storage(settings, { client: { requestHandler } as never });
    await storage.put('agreement/0123456789abcdef0123456789abcdef.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await storage.put('shop/0123456789abcdef0123456789abcdef.png', Buffer.from('x'), 'image/png');
    expect(sent[0]['content-disposition']).toBe('attachment');
    expect(sent[1]['content-disposition']).toBeUndefined();
  });
});

describe('the old-password check of sys/user/edit/password is throttled like sign-in', () => {
  let t: TestApp;
  const PW = 'Jiazheng2026';
  const EDIT = 'sys/user/edit/password';
  const LOGIN = 'app/jiazheng/login/password/login';
  beforeAll(async () => {
    t = await buildTestApp();
    const hash = await hashPassword(PW);
    await t.db
      .updateTable('user')
      .set({ passwordHash: hash })
      .where('phone', 'in', [PHONES.ownerA, PHONES.ownerB])
      .execute();
  });
  afterAll(() => t?.close());
  const hashOf = async (phone: string) =>
    (await t.db.selectFrom('user').select('passwordHash').where('phone', '=', phone).executeTakeFirstOrThrow())
      .passwordHash;

  it('5 wrong old passwords lock the account: the right one is then refused (429) and the password is unchanged', async () => {
    const me = api(t.app, await loginAs(t.app, PHONES.ownerA));
    const first = await me.post(EDIT, { oldPassword: 'Wrong12345', newPassword: 'Taken2026x' });
    expect(first).toMatchObject({ code: 2004, message: '原密码错误，还可尝试 4 次' });
    for (let i = 0; i < 4; i++) await me.post(EDIT, { oldPassword: `Wrong${i}2345`, newPassword: 'Taken2026x' });
    const locked = await me.post(EDIT, { oldPassword: PW, newPassword: 'Taken2026x' });
    expect(locked.status).toBe(429);
    expect(locked).toMatchObject({ code: 2004 });
    expect(locked.message).toMatch(/原密码错误次数过多.*分钟后再试/);
    expect(await verifyPassword(PW, await hashOf(PHONES.ownerA))).toBe(true);
    // One budget per account: password sign-in is locked as well (SMS sign-in still works).
    expect((await api(t.app).post(LOGIN, { account: PHONES.ownerA, password: PW })).status).toBe(429);
  });

  it('a right old password clears the earlier failures and changes the password', async () => {
    const me = api(t.app, await loginAs(t.app, PHONES.ownerB));
    for (let i = 0; i < 3; i++)
      expect((await me.post(EDIT, { oldPassword: 'Wrong12345', newPassword: 'Better2026x' })).code).toBe(2004);
    expect(await me.post(EDIT, { oldPassword: PW, newPassword: 'Better2026x' })).toMatchObject({ code: 200 });
    expect(await verifyPassword('Better2026x', await hashOf(PHONES.ownerB))).toBe(true);
    const me2 = api(t.app, await loginAs(t.app, PHONES.ownerB, { fresh: true }));
    expect(await me2.post(EDIT, { oldPassword: 'Wrong12345', newPassword: 'Other2026x' })).toMatchObject({
      message: '原密码错误，还可尝试 4 次',
    });
  });
});

describe('production refuses SMS_PROVIDER=console (codes would go to the log)', () => {
  const prod = {
    NODE_ENV: 'production',
    APP_SECRET: 'a-real-production-secret-0123456789abcdef',
    DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  };

  it('config.ts: console (also the default) is refused with the reason; aliyun is accepted', () => {
    expect(() => loadConfig(prod)).toThrow(/SMS_PROVIDER=console writes sign-in codes to the log/);
    expect(() => loadConfig({ ...prod, SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ ...prod, SMS_PROVIDER: 'aliyun' }).SMS_PROVIDER).toBe('aliyun');
    expect(loadConfig({ NODE_ENV: 'development', SMS_PROVIDER: 'console' }).SMS_PROVIDER).toBe('console');
  });

  it('the real start (src/main.ts) exits with that reason before touching the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jz-prod-sms-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '', ...prod, DATA_DIR: dir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('SMS_PROVIDER=console writes sign-in codes to the log');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
