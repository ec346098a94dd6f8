import type { Page } from '@jz/contracts/envelope';
import type { Goods, GoodsDetail, PublicGoods } from '@jz/contracts/goods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, type TestApp } from './helpers/index.ts';

/** Goods specifications through the goods API (docs/goods-specifications.md §1, §4, §8). */
const G = 'app/jiazheng/shangjia/shangpin';
const S = 'app/jiazheng/shangjia/info';
const COVER = '/tmpl/uploads/goods/cover.png';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let anon: Api;
let shops: { aMain: number; aBranch: number; bMain: number };
let cat: { daily: number; kaihuang: number; ac: number };

const specRows = (goodsId: number) =>
  t.db.selectFrom('goodsSpec').selectAll().where('goodsId', '=', goodsId).orderBy('sort').execute();
const goodsRow = (id: number) => t.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const HOURS = [
  { name: '2小时', mode: 'fixed', unit: '次', price: 11900, originalPrice: 13900, durationMinutes: 120 },
  { name: '3小时', mode: 'fixed', unit: '次', price: 15900, durationMinutes: 180 },
  { name: '4小时', mode: 'fixed', unit: '次', price: 19900, durationMinutes: 240, stock: 0 },
];
const PER_AREA = [
  {
    name: '按面积',
    mode: 'per_unit',
    unit: '平方米',
    price: 600,
    minCharge: 30000,
    minQuantity: 30,
    durationMinutes: 5,
  },
  { name: '60㎡以下', mode: 'area_band', price: 36000, areaMax: 60, durationMinutes: 300 },
  { name: '60-90㎡', mode: 'area_band', price: 52000, areaMin: 60, areaMax: 90, durationMinutes: 420 },
];

const add = (who: Api, body: Record<string, unknown>) =>
  who.post<{ id: number }>(`${G}/add`, {
    coverUrl: COVER,
    ...body,
    ...(body.specs !== undefined && typeof body.specs !== 'string' && { specs: JSON.stringify(body.specs) }),
  } as never);
const edit = (who: Api, body: Record<string, unknown>) =>
  who.post(`${G}/edit`, {
    ...body,
    ...(body.specs !== undefined && typeof body.specs !== 'string' && { specs: JSON.stringify(body.specs) }),
  } as never);

let daily: number;
let kaihuang: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  anon = api(t.app);
  const byName = async (name: string) =>
    (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  shops = {
    aMain: await byName('运城洁家家政（总店）'),
    aBranch: await byName('运城洁家家政（学苑路分店）'),
    bMain: await byName('太原安心家政'),
  };
  const f = async (name: string) =>
    (await t.db.selectFrom('fuwu').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  cat = { daily: await f('日常保洁'), kaihuang: await f('开荒保洁'), ac: await f('空调清洗') };
});
afterAll(() => t?.close());

describe('goods with specifications: add and edit', () => {
  it('adds a 日常保洁 with 2/3/4-hour packages: specifications in order, summary columns from the cheapest', async () => {
    const r = await add(ownerA, { fuwuId: cat.daily, name: '日常保洁（规格）', specs: HOURS });
    expect(r.code, r.message).toBe(200);
    daily = r.result.id;
    const specs = await specRows(daily);
    expect(specs.map((s) => [s.name, s.sort, Number(s.price), s.durationMinutes, s.stock])).toEqual([
      ['2小时', 0, 11900, 120, null],
      ['3小时', 10, 15900, 180, null],
      ['4小时', 20, 19900, 240, 0],
    ]);
    expectEvery(specs, (s) => s.merchantId === specs[0].merchantId && s.status === 1);
    expect(await goodsRow(daily)).toMatchObject({
      price: 11900,
      originalPrice: 13900,
      unit: '次',
      durationMinutes: 120,
      minQuantity: 1,
    });
  });

  it('adds a 开荒保洁 priced per ㎡ with a minimum charge and by area bands', async () => {
    const r = await add(ownerA, { fuwuId: cat.kaihuang, name: '开荒保洁（规格）', specs: PER_AREA });
    expect(r.code, r.message).toBe(200);
    kaihuang = r.result.id;
    const specs = await specRows(kaihuang);
    expect(specs.map((s) => [s.name, s.mode, s.unit, Number(s.price), s.minCharge && Number(s.minCharge)])).toEqual([
      ['按面积', 'per_unit', '平方米', 600, 30000],
      ['60㎡以下', 'area_band', '次', 36000, null],
      ['60-90㎡', 'area_band', '次', 52000, null],
    ]);
    expect(specs.map((s) => [s.areaMin, s.areaMax, s.minQuantity])).toEqual([
      [null, null, 30],
      [null, 60, 1],
      [60, 90, 1],
    ]);
    expect(await goodsRow(kaihuang)).toMatchObject({ price: 600, unit: '平方米', durationMinutes: 5, minQuantity: 30 });
  });

  it('area bands are half-open: 0–80 / 80–120 / 120– are accepted as written; a real overlap is refused', async () => {
    const bands = [
      { name: '80㎡以下', mode: 'area_band', price: 40000, areaMin: 0, areaMax: 80, durationMinutes: 240 },
      { name: '80-120㎡', mode: 'area_band', price: 60000, areaMin: 80, areaMax: 120, durationMinutes: 360 },
      { name: '120㎡以上', mode: 'area_band', price: 90000, areaMin: 120, durationMinutes: 480 },
    ];
    const r = await add(ownerA, { fuwuId: cat.kaihuang, name: '深度保洁（半开面积段）', specs: bands });
    expect(r.code, r.message).toBe(200);
    const stored = await specRows(r.result.id);
    expect(stored.map((s) => [s.name, s.areaMin, s.areaMax])).toEqual([
      ['80㎡以下', 0, 80],
      ['80-120㎡', 80, 120],
      ['120㎡以上', 120, null],
    ]);
    const detail = await ownerA.get<GoodsDetail>(`${G}/shangjia/findById/${r.result.id}`);
    expect(detail.result.specs.map((s) => [s.areaMin, s.areaMax])).toEqual([
      [0, 80],
      [80, 120],
      [120, null],
    ]);
    // 100–130 shares 100 … 119 with 80-120㎡ and 120 … 129 with 120㎡以上: refused on edit and add, nothing written
    const overlapping = [...bands.slice(0, 2), { ...bands[2], name: '100-130㎡', areaMin: 100, areaMax: 130 }];
    const e = await edit(ownerA, {
      id: r.result.id,
      specs: overlapping.map((b, i) => (i < 2 ? { ...b, id: stored[i].id } : b)),
    });
    expect(e).toMatchObject({ code: 2001, message: '面积段「80-120㎡」（80-120㎡）与「100-130㎡」（100-130㎡）重叠' });
    expect((await specRows(r.result.id)).map((s) => s.name)).toEqual(['80㎡以下', '80-120㎡', '120㎡以上']);
    const a = await add(ownerA, { fuwuId: cat.kaihuang, name: '重叠面积段', specs: overlapping });
    expect(a).toMatchObject({ code: 2001, message: '面积段「80-120㎡」（80-120㎡）与「100-130㎡」（100-130㎡）重叠' });
    // an empty band [80, 80) and a band with neither bound are refused too
    const empty = await add(ownerA, {
      fuwuId: cat.kaihuang,
      name: '空面积段',
      specs: [{ ...bands[1], areaMin: 80, areaMax: 80 }],
    });
    expect(empty).toMatchObject({ code: 2001, message: '最大面积须大于最小面积（面积段含最小面积、不含最大面积）' });
    const open = await add(ownerA, {
      fuwuId: cat.kaihuang,
      name: '不限面积段',
      specs: [{ ...bands[0], areaMin: 0, areaMax: null }],
    });
    expect(open).toMatchObject({ code: 2001, message: '请填写面积段（最小面积或最大面积）' });
  });

  it('edits the list: reorder, disable, delete one, add one; summary rewritten', async () => {
    const [two, three, four] = await specRows(daily);
    const r = await edit(ownerA, {
      id: daily,
      specs: [
        { ...HOURS[2], id: four.id, stock: 5 },
        { ...HOURS[1], id: three.id },
        { ...HOURS[0], id: two.id, status: 0 },
        { name: '5小时', mode: 'fixed', unit: '次', price: 23900, durationMinutes: 300 },
      ],
    });
    expect(r.code, r.message).toBe(200);
    let specs = await specRows(daily);
    expect(specs.map((s) => [s.id, s.name, s.sort, s.status, s.stock])).toEqual([
      [four.id, '4小时', 0, 1, 5],
      [three.id, '3小时', 10, 1, null],
      [two.id, '2小时', 20, 0, null],
      [expect.any(Number), '5小时', 30, 1, null],
    ]);
    // the cheapest on sale is now 3小时 (2小时 is off)
    expect(await goodsRow(daily)).toMatchObject({ price: 15900, originalPrice: 15900, durationMinutes: 180 });
    // delete 2小时 and 5小时
    expect(
      (
        await edit(ownerA, {
          id: daily,
          specs: [
            { ...HOURS[1], id: three.id },
            { ...HOURS[2], id: four.id },
          ],
        })
      ).code,
    ).toBe(200);
    specs = await specRows(daily);
    expect(specs.map((s) => s.name)).toEqual(['3小时', '4小时']);
    // the other fields of an edit with specs are written too; the body's price is ignored
    expect(
      (
        await edit(ownerA, {
          id: daily,
          name: '日常保洁（改名）',
          price: 1,
          specs: [
            { ...HOURS[1], id: three.id },
            { ...HOURS[2], id: four.id },
          ],
        })
      ).code,
    ).toBe(200);
    expect(await goodsRow(daily)).toMatchObject({ name: '日常保洁（改名）', price: 15900 });
  });

  it("refuses another item's specification id (2002) and another merchant's item, changing nothing", async () => {
    const before = await specRows(daily);
    const [foreign] = await specRows(kaihuang);
    const r = await edit(ownerA, { id: daily, specs: [{ ...HOURS[0], id: foreign.id }] });
    expect(r.code).toBe(2002);
    expect(await specRows(daily)).toEqual(before);
    expect(await specRows(kaihuang)).toHaveLength(3);
    const other = await edit(ownerB, { id: daily, specs: [{ ...HOURS[0] }] });
    expect(other.code).toBe(2002);
    expect(await specRows(daily)).toEqual(before);
  });

  it('bad input is 2001 with a Chinese message, never 500', async () => {
    const cases: unknown[] = [
      '[not json',
      [],
      {},
      [{ ...HOURS[0] }, { ...HOURS[0] }],
      [{ ...HOURS[0], status: 0 }],
      [{ ...HOURS[0], price: 0 }],
      [{ ...HOURS[0], price: 1.5 }],
      [{ ...HOURS[0], mode: 'weird' }],
      [{ ...HOURS[0], durationMinutes: undefined }],
      [{ ...HOURS[0], originalPrice: 100 }],
      [PER_AREA[1], { ...PER_AREA[2], areaMin: 50 }],
      [{ ...PER_AREA[0], unit: '次' }],
      [{ ...HOURS[0], id: 'abc' }],
      Array.from({ length: 21 }, (_, i) => ({ ...HOURS[0], name: `规格${i}` })),
    ];
    for (const specs of cases) {
      const body = { specs: typeof specs === 'string' ? specs : JSON.stringify(specs) };
      const a = await add(ownerA, { fuwuId: cat.daily, name: '坏规格', ...body });
      expect(a.code, JSON.stringify(specs)).toBe(2001);
      expect(a.message).toMatch(/[\u4e00-\u9fa5]/);
      const e = await edit(ownerA, { id: daily, ...body });
      expect(e.code, JSON.stringify(specs)).toBe(2001);
    }
    // without specs, price and unit are required
    expect((await add(ownerA, { fuwuId: cat.daily, name: '无价格' })).code).toBe(2001);
    expect(await t.db.selectFrom('goods').select('id').where('name', 'in', ['坏规格', '无价格']).execute()).toEqual([]);
  });
});

describe('single-price bodies (old clients) keep working', () => {
  let legacy: number;
  it('add without specs writes the one legacy specification', async () => {
    const r = await add(ownerA, {
      fuwuId: cat.daily,
      name: '钟点保洁',
      price: 4500,
      unit: '小时',
      minQuantity: 2,
      durationMinutes: 90,
    });
    expect(r.code, r.message).toBe(200);
    legacy = r.result.id;
    expect(await specRows(legacy)).toMatchObject([
      { name: '1小时', mode: 'per_unit', unit: '小时', price: 4500, minQuantity: 2, durationMinutes: 60, sort: 0 },
    ]);
    expect(await goodsRow(legacy)).toMatchObject({ price: 4500, unit: '小时', durationMinutes: 90, minQuantity: 2 });
  });

  it('edit of the price of a one-specification item moves its specification', async () => {
    expect((await edit(ownerA, { id: legacy, price: 5000, originalPrice: 6000 })).code).toBe(200);
    expect(await specRows(legacy)).toMatchObject([{ price: 5000, originalPrice: 6000 }]);
    expect(await goodsRow(legacy)).toMatchObject({ price: 5000, originalPrice: 6000 });
    // a new unit reshapes it into that unit's legacy specification
    expect((await edit(ownerA, { id: legacy, unit: '次', durationMinutes: 120 })).code).toBe(200);
    expect(await specRows(legacy)).toMatchObject([
      { name: '钟点保洁', mode: 'fixed', unit: '次', price: 5000, durationMinutes: 120 },
    ]);
    // renaming the item renames the package named after it
    expect((await edit(ownerA, { id: legacy, name: '钟点保洁套餐' })).code).toBe(200);
    expect(await specRows(legacy)).toMatchObject([{ name: '钟点保洁套餐' }]);
  });

  it('an item with several specifications refuses a single price (2004), accepts other fields', async () => {
    const r = await edit(ownerA, { id: daily, price: 9900 });
    expect(r).toMatchObject({ code: 2004, message: '该商品有多个规格，请在规格表中修改价格' });
    expect(await goodsRow(daily)).toMatchObject({ price: 15900 });
    // the unchanged price an old client sends back with its whole form is no change
    expect((await edit(ownerA, { id: daily, price: 15900, name: '日常保洁（规格）' })).code).toBe(200);
    expect(await goodsRow(daily)).toMatchObject({ name: '日常保洁（规格）', price: 15900 });
  });
});

describe('answers', () => {
  it('the list adds priceLabel, perUnit and specCount', async () => {
    const r = await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { pageSize: 50 });
    const by = new Map(r.result.records.map((g) => [g.id, g]));
    expect(by.get(daily)).toMatchObject({ priceLabel: '¥159 起', perUnit: null, specCount: 2 });
    expect(by.get(kaihuang)).toMatchObject({ priceLabel: '¥6/平方米 起', perUnit: '平方米', specCount: 3 });
    expectEvery(r.result.records, (g) => g.specCount >= 1 && g.priceLabel.startsWith('¥'));
    // the demo's single-price item
    expect(r.result.records.find((g) => g.name === '日常保洁 3 小时')).toMatchObject({
      priceLabel: '¥159',
      specCount: 1,
    });
  });

  it('the detail lists every specification with its orders', async () => {
    const r = await ownerA.get<GoodsDetail>(`${G}/shangjia/findById/${daily}`);
    expect(r.code).toBe(200);
    expect(r.result.specs.map((s) => [s.name, s.sort, s.status, s.orderCount])).toEqual([
      ['3小时', 0, 1, 0],
      ['4小时', 10, 1, 0],
    ]);
    expect(r.result).toMatchObject({ priceLabel: '¥159 起', perUnit: null, specCount: 2 });
    // orders per specification: paid and not cancelled
    const [three] = r.result.specs;
    const order = await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('merchantId', '=', r.result.merchantId)
      .where('status', '=', 20)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('serviceOrder')
      .set({ goodsId: daily, specId: three.id })
      .where('id', '=', order.id)
      .execute();
    const again = await ownerA.get<GoodsDetail>(`${G}/shangjia/findById/${daily}`);
    expect(again.result.specs[0].orderCount).toBe(1);
  });

  it('customer answers list the 启用 specifications (soldOut, no stock) and the price label', async () => {
    await edit(ownerA, {
      id: daily,
      specs: [{ ...HOURS[0] }, { ...HOURS[1], status: 0 }, { ...HOURS[2], stock: 0 }],
    });
    expect((await ownerA.post(`${G}/setShangjiaState/${daily}`, { shelfState: 1 })).code).toBe(200);
    const page = await anon.get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, {
      shangjiaInfoId: shops.aMain,
      pageSize: 50,
    });
    const g = page.result.records.find((x) => x.id === daily)!;
    expect(g.priceLabel).toBe('¥119 起');
    expect(g.specs.map((s) => [s.name, s.soldOut])).toEqual([
      ['2小时', false],
      ['4小时', true],
    ]);
    expect(Object.keys(g.specs[0])).not.toContain('stock');
    expect(Object.keys(g.specs[0])).not.toContain('status');
    expect(Object.keys(g)).not.toContain('specCount');
    const shop = await anon.get<{ fuwuList: { goods: PublicGoods[] }[] }>(`${G}/shangjiaDetail/shangpinlist`, {
      shangjiaInfoId: shops.aMain,
    });
    const inShop = shop.result.fuwuList.flatMap((f) => f.goods).find((x) => x.id === daily)!;
    expect(inShop.specs.map((s) => s.name)).toEqual(['2小时', '4小时']);
    const list = await anon.get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shops.aMain}`);
    const one = list.result.find((x) => x.id === daily)!;
    expect(one).toMatchObject({ priceLabel: '¥119 起' });
    expect(one.specs).toHaveLength(2);
    // every visible item has at least one specification
    expectEvery(list.result, (x) => x.specs.length >= 1);
  });
});

describe('复制店铺商品 copies the specifications', () => {
  it('new ids, same order, stock and state, off the shelf', async () => {
    const src = await t.db.selectFrom('goods').select(['id', 'name']).where('shopId', '=', shops.aMain).execute();
    const before = await t.db.selectFrom('goods').select('id').where('shopId', '=', shops.aBranch).execute();
    const r = await ownerA.post<{ copiedGoods: number }>(`${S}/fuzhi`, { fromId: shops.aMain, toId: shops.aBranch });
    expect(r).toMatchObject({ code: 200, result: { copiedGoods: src.length } });
    const copy = await t.db
      .selectFrom('goods')
      .selectAll()
      .where('shopId', '=', shops.aBranch)
      .where(
        'id',
        'not in',
        before.map((g) => g.id),
      )
      .where('name', '=', '日常保洁（规格）')
      .executeTakeFirstOrThrow();
    expect(copy.shelfState).toBe(0);
    const strip = (rows: Awaited<ReturnType<typeof specRows>>) =>
      rows.map(({ id: _i, goodsId: _g, createdAt: _c, updatedAt: _u, ...s }) => s);
    const copied = await specRows(copy.id);
    expect(strip(copied)).toEqual(strip(await specRows(daily)));
    expect(copied.map((s) => [s.name, s.status, s.stock])).toEqual([
      ['2小时', 1, null],
      ['3小时', 0, null],
      ['4小时', 1, 0],
    ]);
    const originalIds = new Set((await specRows(daily)).map((s) => s.id));
    expect(copied.some((s) => originalIds.has(s.id))).toBe(false);
    // every copied item has its specifications
    const copies = await t.db
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', shops.aBranch)
      .where(
        'id',
        'not in',
        before.map((g) => g.id),
      )
      .execute();
    for (const g of copies) expect((await specRows(g.id)).length).toBeGreaterThan(0);
  });
});

describe('the demo seed', () => {
  it('gives demo goods real specification lists, every other item its legacy one', async () => {
    const named = async (name: string) =>
      (await t.db.selectFrom('goods').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    expect((await specRows(await named('学苑路·日常保洁（2/3/4 小时）'))).map((s) => s.name)).toEqual([
      '2小时',
      '3小时',
      '4小时',
    ]);
    expect((await specRows(await named('全屋深度保洁（按面积段）'))).map((s) => [s.areaMin, s.areaMax])).toEqual([
      [null, 60],
      [60, 90],
      [90, 120],
      [120, null],
    ]);
    expect(await specRows(await named('新房开荒保洁'))).toMatchObject([
      { mode: 'per_unit', unit: '平方米', minCharge: 30000 },
    ]);
    expect((await specRows(await named('金牌月嫂（26 天 / 42 天）'))).map((s) => s.name)).toEqual(['26天', '42天']);
    expect((await specRows(await named('挂机空调深度清洗'))).map((s) => s.name)).toEqual([
      '挂机空调',
      '柜机空调',
      '油烟机',
    ]);
    const without = await t.db
      .selectFrom('goods')
      .select('goods.id')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('goodsSpec').select('goodsSpec.id').whereRef('goodsSpec.goodsId', '=', 'goods.id')),
        ),
      )
      .execute();
    expect(without).toEqual([]);
    // the summary price of a seeded list is its cheapest
    expect(await goodsRow(await named('全屋深度保洁（按面积段）'))).toMatchObject({ price: 39900, unit: '次' });
  });
});
