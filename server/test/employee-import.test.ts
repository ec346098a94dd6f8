import { CLIENT_ID } from '@jz/contracts/auth';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText, isDateFormat } from '../src/lib/import/cell-text.ts';
import { problemText } from '../src/lib/import/report.ts';
import { headerRow } from '../src/lib/import/template.ts';
import { COLUMNS, employeeImporter } from '../src/modules/merchant/employee/employee-import.ts';
import { demoIdCard } from '../src/modules/merchant/employee/employee.seed.ts';
import {
  type Api,
  api,
  buildTestApp,
  demoTokens,
  envelopeOf,
  loginAs,
  PHONES,
  type TestApp,
  waitFor,
} from './helpers/index.ts';

/** 员工批量导入 (docs/import.md): check → report → confirm, all or nothing. */
const B = '/tmpl/api/app/jiazheng/yuangong/import';
/** The template's header row (required columns marked *): files are built as a merchant fills the template in. */
const HEAD = headerRow(employeeImporter.template);
type Cells = (string | number | Date | null | ExcelJS.CellValue)[];

let t: TestApp;
let ownerA: Api;
let tokens: { ownerA: string; ownerB: string; subA: string };
let merchantA: number;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t, 'ownerA', 'ownerB', 'subA');
  ownerA = api(t.app, tokens.ownerA);
  merchantA = (
    await t.db
      .selectFrom('shop')
      .select('merchantId')
      .where('name', '=', '运城洁家家政（总店）')
      .executeTakeFirstOrThrow()
  ).merchantId;
});
afterAll(() => t?.close());

/** A valid ID number per n (distinct for every n below 10 000). */
const idOf = (n: number) => demoIdCard('140802', `198${Math.floor(n / 1000)}-03-01`, n % 1000);

/** An employee row of the template; `n` makes the phone and ID number unique. */
const person = (n: number, over: Partial<Record<string, Cells[number]>> = {}): Cells => {
  const base: Record<string, Cells[number]> = {
    姓名: `导入员工${n}`,
    手机号: `1390${String(n).padStart(7, '0')}`,
    性别: n % 2 ? '男' : '女',
    出生日期: '',
    身份证号: idOf(n),
    籍贯: '山西运城',
    从业年限: 3,
    技能: '日常保洁、收纳整理',
    服务类目: '日常保洁',
    所属店铺: '',
    简介: '',
  };
  const v = { ...base, ...over };
  return HEAD.map((h) => v[h.replace('*', '')]);
};

async function xlsx(rows: Cells[], head = HEAD, sheet = '员工') {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(head);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(data: Buffer, filename = '员工.xlsx') {
  const boundary = `----jz${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function check(data: Buffer, token = tokens.ownerA) {
  const { payload, contentType } = multipart(data);
  const r = envelopeOf<any>(
    await t.app.inject({
      method: 'POST',
      url: `${B}/check`,
      headers: { client: CLIENT_ID, authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    }),
  );
  if (r.code !== 200 || r.result.status !== 'checking') return r;
  // A larger file answers its progress first: poll until the report.
  for (let i = 0; i < 100; i++) {
    await new Promise((res) => setTimeout(res, 200));
    const p = await api(t.app, token).get(`${B}/progress/${r.result.importId}`);
    if (p.result?.status !== 'checking') return p;
  }
  throw new Error('check did not finish');
}
const confirm = (importId: number, token = tokens.ownerA) => api(t.app, token).post(`${B}/confirm`, { importId });
const countByPhonePrefix = async (prefix: string) =>
  Number(
    (
      await t.db
        .selectFrom('employee')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('merchantId', '=', merchantA)
        .where('phone', 'like', `${prefix}%`)
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('cell text', () => {
  it('normalises what Excel stores', () => {
    expect(cellText(13800000001)).toBe('13800000001');
    expect(cellText(Number('140802198503010012'))).toBe('140802198503010000'); // why the template formats ID columns as text
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(new Date(Date.UTC(1985, 2, 1)))).toBe('1985-03-01');
    expect(cellText(31107, 'yyyy-mm-dd')).toBe('1985-03-01'); // a date serial with a date format
    expect(cellText({ formula: 'DATE(1985,3,1)', result: 31107 } as never, 'yyyy/m/d')).toBe('1985-03-01');
    expect(cellText({ formula: 'A1', result: { error: '#N/A' } } as never)).toBe('');
    expect(cellText({ richText: [{ text: ' 张' }, { text: '三 ' }] } as never)).toBe('张三');
    expect(cellText({ text: '链接', hyperlink: 'http://x' } as never)).toBe('链接');
    expect(cellText(true)).toBe('是');
    expect(isDateFormat('0.00')).toBe(false);
    expect(isDateFormat('"元"0')).toBe(false);
    expect(isDateFormat('[$-804]yyyy"年"m"月"d"日"')).toBe(true);
    expect(problemText({ row: 7, column: '手机号', message: '请输入正确的 11 位手机号' })).toBe(
      '第 7 行「手机号」：请输入正确的 11 位手机号',
    );
  });
});

describe('employee import', () => {
  it('answers the template: data sheet with the header, then 说明', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${B}/template`,
      headers: { client: CLIENT_ID, authorization: `Bearer ${tokens.ownerA}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['员工', '说明']);
    const head = wb.worksheets[0].getRow(1).values as string[];
    expect(head.slice(1)).toEqual(HEAD);
    expect(wb.worksheets[0].getRow(1).font?.bold).toBe(true);
    expect(wb.worksheets[0].getColumn(2).numFmt).toBe('@');
    expect(wb.worksheets[0].views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // 性别 is a drop-down on the data rows.
    const dv = (wb.worksheets[0] as unknown as { dataValidations: { model: Record<string, unknown> } }).dataValidations;
    expect(dv.model.C2).toMatchObject({ type: 'list', formulae: ['"男,女"'] });
  });

  it('acceptance: 50 rows with one bad → the report names row and column, confirm refused, nothing written; fixed → 50', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => person(1000 + i));
    rows[5] = person(1005, { 手机号: '1234' }); // Excel row 7
    const bad = await check(await xlsx(rows));
    expect(bad).toMatchObject({ code: 200, result: { status: 'invalid', total: 50, valid: 49, errorCount: 1 } });
    expect(bad.result.errors).toEqual([
      { row: 7, column: '手机号', value: '1234', message: '请输入正确的 11 位手机号' },
    ]);
    expect(await confirm(bad.result.importId)).toMatchObject({ code: 2004 });
    expect(await countByPhonePrefix('1390000')).toBe(0);

    // The annotated copy: row 7 carries its problem in 错误说明.
    const copy = await t.app.inject({
      method: 'POST',
      url: `${B}/errors/${bad.result.importId}`,
      headers: { client: CLIENT_ID, authorization: `Bearer ${tokens.ownerA}` },
    });
    expect(copy.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(copy.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(12).value).toBe('错误说明');
    expect(ws.getRow(7).getCell(12).value).toBe('「手机号」请输入正确的 11 位手机号');
    expect(ws.getRow(8).getCell(12).value || '').toBe('');

    rows[5] = person(1005);
    const good = await check(await xlsx(rows));
    expect(good).toMatchObject({ code: 200, result: { status: 'valid', total: 50, valid: 50, errors: [] } });
    const done = await confirm(good.result.importId);
    expect(done).toMatchObject({ code: 200, result: { status: 'done', imported: 50 } });
    expect(await countByPhonePrefix('1390000')).toBe(50);
    const one = await t.db
      .selectFrom('employee')
      .selectAll()
      .where('phone', '=', '13900001001')
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({ name: '导入员工1001', gender: 1, birthDate: '1981-03-01', workYears: 3 });
    expect(JSON.parse(one.skills)).toEqual(['日常保洁', '收纳整理']);
    // The log row is written after the answer: the confirm's own row (the refused confirm's may still be the newest).
    const log = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('title', '=', '员工管理')
        .where('type', '=', 'import')
        .where('success', '=', 1)
        .where('params', 'like', '%"imported":50%')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    expect(log.success).toBe(1);
    expect(JSON.parse(log.params ?? '{}')).toMatchObject({ rows: 50, imported: 50 });

    // Used once.
    expect(await confirm(good.result.importId)).toMatchObject({
      code: 2004,
      message: expect.stringContaining('不能重复导入'),
    });
    // A second file with the same people: all already employees.
    const again = await check(await xlsx(rows.slice(0, 2)));
    expect(again.result.errors.map((e: any) => [e.row, e.column])).toEqual([
      [2, '手机号'],
      [2, '身份证号'],
      [3, '手机号'],
      [3, '身份证号'],
    ]);
  });

  it('reports repeats within the file, cells normalised from rich text, numbers, dates and formulas', async () => {
    const r = await check(
      await xlsx([
        person(2001, {
          姓名: { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] },
          手机号: 13900002001,
          出生日期: new Date(Date.UTC(1985, 2, 1)),
          从业年限: { formula: '1+2', result: 3 },
        }),
        person(2002, { 手机号: '13900002001' }),
        person(2003, { 身份证号: idOf(2001) }),
        person(2004, { 性别: '未知', 所属店铺: '不存在的店' }),
        person(2005, { 服务类目: '日常保洁、保姆' }),
      ]),
    );
    expect(r.result.status).toBe('invalid');
    expect(r.result.errors.map((e: any) => `${e.row}/${e.column}/${e.message}`)).toEqual([
      '3/手机号/与第 2 行的手机号重复',
      '4/身份证号/与第 2 行的身份证号重复',
      '5/所属店铺/本商家没有名为「不存在的店」的店铺',
      '5/性别/性别须填写“男”或“女”',
      '6/服务类目/「保姆」不是该店铺开通的服务类目',
    ]);
    // The ID number is never shown whole in a report.
    expect(r.result.errors[1].value).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
  });

  it('the ID number is optional: rows without one (or a file without the column) import; a bad one is still refused', async () => {
    const bad = await check(
      await xlsx([person(2101, { 身份证号: '' }), person(2102, { 身份证号: '142301198005120025' })]),
    );
    expect(bad.result.status).toBe('invalid');
    expect(bad.result.errors.map((e: any) => `${e.row}/${e.column}/${e.message}`)).toEqual([
      '3/身份证号/请输入正确的 18 位身份证号',
    ]);
    // two rows without a number are not "repeats" of each other; the column may be left out altogether
    const ok = await check(await xlsx([person(2103, { 身份证号: '' }), person(2104, { 身份证号: '' })]));
    expect(ok.result.status, JSON.stringify(ok.result.errors)).toBe('valid');
    expect((await confirm(ok.result.importId)).code).toBe(200);
    const noColumn = HEAD.filter((h) => h.replace('*', '') !== '身份证号');
    const dropped = (c: Cells) => c.filter((_, i) => HEAD[i].replace('*', '') !== '身份证号');
    const ok2 = await check(await xlsx([dropped(person(2105)), dropped(person(2106, { 性别: '女' }))], noColumn));
    expect(ok2.result.status, JSON.stringify(ok2.result.errors)).toBe('valid');
    expect((await confirm(ok2.result.importId)).code).toBe(200);
    const rows = await t.db
      .selectFrom('employee')
      .select(['idCardNo', 'idCardHash', 'birthDate'])
      .where('merchantId', '=', merchantA)
      .where('phone', 'in', ['13900002103', '13900002104', '13900002105', '13900002106'])
      .execute();
    expect(rows).toEqual(Array.from({ length: 4 }, () => ({ idCardNo: '', idCardHash: null, birthDate: null })));
  });

  it('an ID number stored as a number says how to keep its digits', async () => {
    const r = await check(await xlsx([person(2401, { 身份证号: Number('140802198503010012') })]));
    expect(r.result.errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: '身份证号',
        message: '身份证号被 Excel 存成了数字，末几位已丢失；请将该列设为文本格式后重新填写',
      }),
    ]);
  });

  it('a check that takes longer answers its progress, then the report by polling', async () => {
    process.env.IMPORT_ANSWER_MS = '0';
    try {
      const rows = Array.from({ length: 1200 }, (_, i) => person(5000 + i));
      const { payload, contentType } = multipart(await xlsx(rows));
      const first = envelopeOf<any>(
        await t.app.inject({
          method: 'POST',
          url: `${B}/check`,
          headers: { client: CLIENT_ID, authorization: `Bearer ${tokens.ownerA}`, 'content-type': contentType },
          payload,
        }),
      );
      expect(first).toMatchObject({ code: 200, message: '正在校验', result: { status: 'checking', errors: [] } });
      const seen: string[] = [];
      let j = first.result;
      while (j.status === 'checking') {
        seen.push(`${j.checked}/${j.total}`);
        await new Promise((res) => setTimeout(res, 20));
        j = (await ownerA.get(`${B}/progress/${first.result.importId}`)).result;
      }
      expect(j).toMatchObject({ status: 'valid', total: 1200, checked: 1200, valid: 1200 });
      expect(seen.length).toBeGreaterThan(0);
    } finally {
      delete process.env.IMPORT_ANSWER_MS;
    }
  }, 30_000);

  it('categories must be the named shop’s: 深度保洁 is offered by the main shop, not the branch', async () => {
    const r = await check(
      await xlsx([
        person(2101, { 服务类目: '深度保洁', 所属店铺: '运城洁家家政（总店）' }),
        person(2102, { 服务类目: '深度保洁', 所属店铺: '运城洁家家政（学苑路分店）' }),
      ]),
    );
    expect(r.result.errors).toEqual([
      expect.objectContaining({ row: 3, column: '服务类目', message: '「深度保洁」不是该店铺开通的服务类目' }),
    ]);
  });

  it('refuses what is not an xlsx (2001), a missing header, too many rows', async () => {
    expect(await check(Buffer.from('name,phone\n张三,13800000000\n'))).toMatchObject({
      code: 2001,
      message: expect.stringContaining('不是有效的 Excel'),
    });
    const noPhone = await check(
      await xlsx(
        [person(1)],
        HEAD.filter((h) => h !== `${COLUMNS.phone}*`),
      ),
    );
    expect(noPhone).toMatchObject({ code: 2001, message: expect.stringContaining('「手机号」') });
    // Over 10 MB: refused while it arrives (the multipart limit), before any parsing.
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await check(huge)).toMatchObject({ code: 2001, message: expect.stringContaining('不能超过 10MB') });
    const many = Array.from({ length: 5001 }, (_, i) => ['某', '', '', '', '', '', '', '', '', '', String(i)]);
    const big = await check(await xlsx(many));
    expect(big.code === 2001 ? big.message : big.result.message).toContain('超过 5000 行');
  }, 60_000);

  it('another merchant, another user, an expired id are refused; another merchant sees nothing', async () => {
    const r = await check(await xlsx([person(2201)]));
    expect(r.result.status).toBe('valid');
    const id = r.result.importId;
    expect(await api(t.app, tokens.ownerB).get(`${B}/progress/${id}`)).toMatchObject({ code: 2002 });
    expect(await confirm(id, tokens.ownerB)).toMatchObject({ code: 2002 });
    expect(await confirm(id, tokens.subA)).toMatchObject({ code: 2004 });
    await t.db
      .updateTable('importJob')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await confirm(id)).toMatchObject({ code: 2004, message: expect.stringContaining('30 分钟') });
    expect(await countByPhonePrefix('13900002201')).toBe(0);
    expect(await confirm(999_999)).toMatchObject({ code: 2002 });
  });

  it('an employee added between check and confirm makes the confirmation roll back every row, naming that row', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => person(3000 + i));
    const r = await check(await xlsx(rows));
    expect(r.result.status).toBe('valid');
    // Row 31 (the 30th person) is added meanwhile through the form.
    const added = await ownerA.post('app/jiazheng/yuangong/add', {
      name: '抢先',
      phone: '13900003029',
      gender: 1,
      idCardNo: demoIdCard('140802', '1990-01-01', 777),
    });
    expect(added.code).toBe(200);
    const c = await confirm(r.result.importId);
    expect(c).toMatchObject({ code: 2004, message: expect.stringContaining('第 31 行「手机号」') });
    expect(c.message).toContain('全部数据未导入');
    expect(await countByPhonePrefix('139000030')).toBe(1);
    const job = await ownerA.get(`${B}/progress/${r.result.importId}`);
    expect(job.result).toMatchObject({ status: 'failed', used: true });
  });

  it('a sub-account limited to the main shop may not import into the branch; without the add permission: 301', async () => {
    const sub = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow();
    const shops = await t.db.selectFrom('shop').select(['id', 'name']).where('merchantId', '=', merchantA).execute();
    const main = shops.find((s) => s.name === '运城洁家家政（总店）')!;
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db.insertInto('userShop').values({ userId: sub.id, shopId: main.id, merchantId: merchantA }).execute();
    await t.db.updateTable('user').set({ currentShopId: main.id, allShops: 0 }).where('id', '=', sub.id).execute();
    const token = await loginAs(t.app, PHONES.subA, { fresh: true });
    const perms = (await api(t.app, token).get<string[]>('sys/menu/findAllPerByUserId')).result;
    // The demo sub-account may add employees, so the shop limit is what refuses the branch's row.
    expect(perms).toContain('merchant:employee:add');
    const r = await check(await xlsx([person(2301, { 所属店铺: '运城洁家家政（学苑路分店）' })]), token);
    expect(r.result).toMatchObject({ status: 'invalid', total: 1, valid: 0 });
    expect(r.result.errors).toEqual([
      expect.objectContaining({ row: 2, column: '所属店铺', message: '您无权管理该店铺的员工' }),
    ]);
    // the main shop, inside its limit, passes
    const own = await check(await xlsx([person(2303, { 所属店铺: '运城洁家家政（总店）' })]), token);
    expect(own.result).toMatchObject({ status: 'valid', total: 1, valid: 1 });
    const role = await t.db
      .selectFrom('userRole')
      .select('roleId')
      .where('userId', '=', sub.id)
      .executeTakeFirstOrThrow();
    const add = await t.db.selectFrom('menu').select('id').where('perms', '=', 'merchant:employee:add').execute();
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        add.map((m) => m.id),
      )
      .execute();
    const token2 = await loginAs(t.app, PHONES.subA, { fresh: true });
    expect(await check(await xlsx([person(2302)]), token2)).toMatchObject({ code: 301 });
  });
});
