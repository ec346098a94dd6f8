import { CLIENT_ID } from '@jz/contracts/auth';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuanToFenDigits } from '../src/modules/merchant/goods/goods-import.ts';
import { api, buildTestApp, demoTokens, envelopeOf, type TestApp } from './helpers/index.ts';

/** 商品批量导入 with specifications (docs/import.md). */
const B = '/tmpl/api/app/jiazheng/shangjia/shangpin/import';
const HEAD = [
  '商品名称*',
  '服务类目*',
  '封面图链接',
  '标签',
  '介绍',
  '规格名称*',
  '计价方式*',
  '单位',
  '价格（元）*',
  '原价（元）',
  '起订数量',
  '最多数量',
  '最低消费（元）',
  '最小面积',
  '最大面积',
  '服务时长（分钟）*',
  '库存',
  '每日可约',
  '状态',
];
type Cell = string | number | null;

let t: TestApp;
let token: string;
let tokenB: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA: token, ownerB: tokenB } = await demoTokens(t, 'ownerA', 'ownerB'));
});
afterAll(() => t?.close());

const spec = (o: Record<string, Cell>): Cell[] => HEAD.map((h) => o[h.replace('*', '')] ?? '');

async function xlsx(rows: Cell[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEAD);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function check(data: Buffer, tk = token) {
  const boundary = `----jz${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="goods.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return envelopeOf<any>(
    await t.app.inject({
      method: 'POST',
      url: `${B}/check`,
      headers: {
        client: CLIENT_ID,
        authorization: `Bearer ${tk}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    }),
  );
}

const cleaning = (name: string, specName: string, price: Cell, more: Record<string, Cell> = {}) =>
  spec({
    商品名称: name,
    服务类目: '日常保洁',
    规格名称: specName,
    计价方式: '按次/套餐',
    单位: '次',
    '价格（元）': price,
    '服务时长（分钟）': 120,
    ...more,
  });

const rows = (badPrice: Cell) => [
  cleaning('导入日常保洁', '2小时', 99, { 标签: '自带工具、准时上门', 介绍: '专业<保洁>' }),
  cleaning('导入日常保洁', '3小时', badPrice, { '原价（元）': '199.90' }),
  spec({
    商品名称: '导入开荒保洁',
    服务类目: '开荒保洁',
    规格名称: '60㎡以下',
    计价方式: '按面积段',
    '价格（元）': 360,
    最小面积: 0,
    最大面积: 60,
    '服务时长（分钟）': 240,
  }),
  spec({
    商品名称: '导入开荒保洁',
    规格名称: '60-90㎡',
    计价方式: '按面积段',
    '价格（元）': 520,
    最小面积: 60,
    最大面积: 90,
    '服务时长（分钟）': 360,
  }),
  spec({
    商品名称: '导入按小时',
    服务类目: '钟点工',
    规格名称: '1小时',
    计价方式: '按单位计价',
    单位: '小时',
    '价格（元）': 45,
    '最低消费（元）': 90,
    '服务时长（分钟）': 60,
    状态: '启用',
  }),
];

describe('goods import', () => {
  it('yuan become fen by their digits', () => {
    expect(yuanToFenDigits('12.5')).toBe(1250);
    expect(yuanToFenDigits('0.07')).toBe(7);
    expect(yuanToFenDigits('199.9')).toBe(19990);
    expect(yuanToFenDigits('12.345')).toBeNull();
    expect(yuanToFenDigits('-1')).toBeNull();
  });

  it('answers the template with 商品 and 说明', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${B}/template`,
      headers: { client: CLIENT_ID, authorization: `Bearer ${token}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['商品', '说明']);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(HEAD);
  });

  it('a bad price names its row; fixed, three items are created 下架 in the current shop with their specifications', async () => {
    const bad = await check(await xlsx(rows('12.345')));
    expect(bad).toMatchObject({ code: 200, result: { status: 'invalid', total: 5 } });
    expect(bad.result.errors).toEqual([
      { row: 3, column: '价格（元）', value: '12.345', message: '金额须为数字，最多两位小数' },
    ]);
    expect(await api(t.app, token).post(`${B}/confirm`, { importId: bad.result.importId })).toMatchObject({
      code: 2004,
    });
    expect(await t.db.selectFrom('goods').select('id').where('name', 'like', '导入%').execute()).toHaveLength(0);

    const good = await check(await xlsx(rows('12.5')));
    expect(good.result).toMatchObject({ status: 'valid', errors: [] });
    const done = await api(t.app, token).post(`${B}/confirm`, { importId: good.result.importId });
    expect(done).toMatchObject({ code: 200, result: { status: 'done', imported: 3 } });
    const goods = await t.db.selectFrom('goods').selectAll().where('name', 'like', '导入%').orderBy('id').execute();
    expect(goods.map((g) => [g.name, g.shelfState])).toEqual([
      ['导入日常保洁', 0],
      ['导入开荒保洁', 0],
      ['导入按小时', 0],
    ]);
    expect(goods[0].coverUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(JSON.parse(goods[0].tags)).toEqual(['自带工具', '准时上门']);
    expect(goods[0].intro).toBe('<p>专业&lt;保洁&gt;</p>');
    expect(Number(goods[0].price)).toBe(1250); // the cheapest on-sale specification
    const specs = await t.db
      .selectFrom('goodsSpec')
      .selectAll()
      .where(
        'goodsId',
        'in',
        goods.map((g) => g.id),
      )
      .orderBy('goodsId')
      .orderBy('sort')
      .execute();
    expect(
      specs.map((s) => [s.name, s.mode, Number(s.price), s.originalPrice === null ? null : Number(s.originalPrice)]),
    ).toEqual([
      ['2小时', 'fixed', 9900, null],
      ['3小时', 'fixed', 1250, 19990],
      ['60㎡以下', 'area_band', 36000, null],
      ['60-90㎡', 'area_band', 52000, null],
      ['1小时', 'per_unit', 4500, null],
    ]);
    // half-open bands as written in the sheet: 0–60 and 60–90 meet without overlapping
    expect(specs.slice(2, 4).map((s) => [s.areaMin, s.areaMax])).toEqual([
      [0, 60],
      [60, 90],
    ]);
    expect(Number(specs[4].minCharge)).toBe(9000);
  });

  it('reports overlapping bands, a category the shop does not offer, an unknown mode; another merchant cannot see the job', async () => {
    const r = await check(
      await xlsx([
        spec({
          商品名称: '重叠',
          服务类目: '开荒保洁',
          规格名称: 'A',
          计价方式: '按面积段',
          '价格（元）': 1,
          最大面积: 60,
          '服务时长（分钟）': 60,
        }),
        spec({
          商品名称: '重叠',
          规格名称: 'B',
          计价方式: '按面积段',
          '价格（元）': 2,
          最小面积: 50,
          '服务时长（分钟）': 60,
        }),
        spec({
          商品名称: '月嫂',
          服务类目: '月嫂',
          规格名称: '26天',
          计价方式: '包月',
          '价格（元）': 1,
          '服务时长（分钟）': 60,
        }),
      ]),
    );
    expect(r.result.errors.map((e: any) => `${e.row}/${e.column}/${e.message}`)).toEqual([
      '2/规格名称/商品「重叠」：面积段「A」（60㎡以下）与「B」（50㎡以上）重叠',
      '4/服务类目/「月嫂」不是当前店铺开通的服务类目',
      '4/计价方式/计价方式须为“按次/套餐”“按面积段”或“按单位计价”',
    ]);
    expect(await api(t.app, tokenB).get(`${B}/progress/${r.result.importId}`)).toMatchObject({ code: 2002 });
  });
});
