import type { Goods, PriceChangePreview } from '@jz/contracts/goods';
import { adjustPrice } from '@jz/contracts/goods-pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, PHONES, type TestApp, waitFor } from './helpers/index.ts';

/** 批量改价 (docs/goods-specifications.md §6): preview, confirm, refusals, stale previews, scope. */
const G = 'app/jiazheng/shangjia/shangpin';
const PREVIEW = `${G}/piliangGaijia/preview`;
const CONFIRM = `${G}/piliangGaijia/confirm`;
const COVER = '/tmpl/uploads/goods/cover.png';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let anon: Api;
let daily: number;
let cheap: number;
let branchGoods: number;

const specRows = (goodsId: number) =>
  t.db.selectFrom('goodsSpec').selectAll().where('goodsId', '=', goodsId).orderBy('sort').execute();
const goodsRow = (id: number) => t.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const seenOf = (p: PriceChangePreview) =>
  p.items.flatMap((i) => i.specs.map((s) => ({ specId: s.specId, updatedAt: s.updatedAt })));

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  anon = api(t.app);
  const fuwu = (await t.db.selectFrom('fuwu').select('id').where('name', '=', '日常保洁').executeTakeFirstOrThrow()).id;
  const add = async (name: string, specs: unknown[]) => {
    const r = await ownerA.post<{ id: number }>(`${G}/add`, {
      fuwuId: fuwu,
      name,
      coverUrl: COVER,
      specs: JSON.stringify(specs),
    });
    expect(r.code, r.message).toBe(200);
    return r.result.id;
  };
  daily = await add('日常保洁（改价）', [
    { name: '2小时', mode: 'fixed', unit: '次', price: 11900, originalPrice: 12500, durationMinutes: 120 },
    { name: '3小时', mode: 'fixed', unit: '次', price: 15900, originalPrice: 19900, durationMinutes: 180 },
    { name: '4小时', mode: 'fixed', unit: '次', price: 19900, durationMinutes: 240, status: 0 },
  ]);
  cheap = await add('小额商品', [
    { name: '5分', mode: 'fixed', unit: '次', price: 5, durationMinutes: 10 },
    { name: '999分', mode: 'fixed', unit: '次', price: 999, durationMinutes: 10 },
  ]);
  branchGoods = (
    await t.db
      .selectFrom('goods')
      .innerJoin('shop', 'shop.id', 'goods.shopId')
      .select('goods.id')
      .where('shop.name', '=', '运城洁家家政（学苑路分店）')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('批量改价 preview', () => {
  it('percent: every specification (启用 and 停用), rounded half up to the fen in integers, nothing written', async () => {
    const before = await specRows(daily);
    const r = await ownerA.postJson<PriceChangePreview>(PREVIEW, {
      goodsIds: [daily, cheap],
      change: { mode: 'percent', value: 10 },
    });
    expect(r.code, r.message).toBe(200);
    expect(r.result).toMatchObject({ changed: 5, refused: 0 });
    expect(r.result.items.map((i) => [i.goodsId, i.goodsName])).toEqual([
      [daily, '日常保洁（改价）'],
      [cheap, '小额商品'],
    ]);
    expect(r.result.items[0].specs.map((s) => [s.name, s.status, s.oldPrice, s.newPrice, s.refusal])).toEqual([
      ['2小时', 1, 11900, 13090, null],
      ['3小时', 1, 15900, 17490, null],
      ['4小时', 0, 19900, 21890, null],
    ]);
    // 5 fen + 10 % = 5.5 fen → 6 (half up); 999 + 10 % = 1098.9 → 1099
    expect(r.result.items[1].specs.map((s) => s.newPrice)).toEqual([6, 1099]);
    expect(await specRows(daily)).toEqual(before);
  });

  it('the same function as the contracts (two-decimal percents, negative percents)', async () => {
    for (const value of [3.33, -12.5, 0.01, -99.99, 1000]) {
      const r = await ownerA.postJson<PriceChangePreview>(PREVIEW, {
        goodsIds: [cheap],
        change: { mode: 'percent', value },
      });
      expect(r.code, `${value}: ${r.message}`).toBe(200);
      for (const s of r.result.items[0].specs) {
        const want = adjustPrice(s.oldPrice, { mode: 'percent', value });
        expect(s.newPrice, `${s.oldPrice} ${value}%`).toBe(want.ok ? want.fen : null);
      }
    }
  });

  it('refusals in place: a price ≤ 0 is refused, never lifted to 1 fen', async () => {
    const r = await ownerA.postJson<PriceChangePreview>(PREVIEW, {
      goodsIds: [cheap],
      change: { mode: 'amount', value: -500 },
    });
    expect(r.result).toMatchObject({ changed: 1, refused: 1 });
    expect(r.result.items[0].specs.map((s) => [s.newPrice, s.refusal])).toEqual([
      [null, '调整后价格须大于 0（原价 ¥0.05，调整后 -¥4.95）'],
      [499, null],
    ]);
  });

  it('only the ticked specifications, which must be of the selected goods', async () => {
    const [two] = await specRows(daily);
    const r = await ownerA.postJson<PriceChangePreview>(PREVIEW, {
      goodsIds: [daily],
      specIds: [two.id],
      change: { mode: 'amount', value: 100 },
    });
    expect(r.result.items[0].specs.map((s) => [s.specId, s.newPrice])).toEqual([[two.id, 12000]]);
    const [other] = await specRows(cheap);
    expect(
      (
        await ownerA.postJson(PREVIEW, {
          goodsIds: [daily],
          specIds: [other.id],
          change: { mode: 'amount', value: 100 },
        })
      ).code,
    ).toBe(2002);
  });

  it('bad input is 2001, never 500', async () => {
    for (const body of [
      {},
      { goodsIds: [], change: { mode: 'amount', value: 1 } },
      { goodsIds: [daily] },
      { goodsIds: [daily], change: { mode: 'amount', value: 0 } },
      { goodsIds: [daily], change: { mode: 'amount', value: 1.5 } },
      { goodsIds: [daily], change: { mode: 'percent', value: 1.234 } },
      { goodsIds: [daily], change: { mode: 'percent', value: -100 } },
      { goodsIds: [daily], change: { mode: 'percent', value: 1000.01 } },
      { goodsIds: [daily], change: { mode: 'double', value: 2 } },
      { goodsIds: ['x'], change: { mode: 'amount', value: 1 } },
      { goodsIds: [daily], change: { mode: 'amount', value: 'abc' } },
    ]) {
      const r = await ownerA.postJson(PREVIEW, body);
      expect(r.code, JSON.stringify(body)).toBe(2001);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const c = await ownerA.postJson(CONFIRM, { goodsIds: [daily], change: { mode: 'amount', value: 1 }, seen: [] });
    expect(c).toMatchObject({ code: 2001 });
  });
});

describe('批量改价 confirm', () => {
  it('writes the previewed prices, raises original prices below them, rewrites the summary, logs old → new', async () => {
    const p = await ownerA.postJson<PriceChangePreview>(PREVIEW, {
      goodsIds: [daily],
      change: { mode: 'percent', value: 10 },
    });
    const r = await ownerA.postJson<{ changed: number }>(CONFIRM, {
      goodsIds: [daily],
      change: { mode: 'percent', value: 10 },
      seen: seenOf(p.result),
    });
    expect(r).toMatchObject({ code: 200, result: { changed: 3 } });
    expect(
      (await specRows(daily)).map((s) => [s.name, Number(s.price), s.originalPrice && Number(s.originalPrice)]),
    ).toEqual([
      ['2小时', 13090, 13090], // 125.00 < 130.90: raised
      ['3小时', 17490, 19900], // kept
      ['4小时', 21890, null],
    ]);
    expect(await goodsRow(daily)).toMatchObject({ price: 13090, originalPrice: 13090 });
    const list = await ownerA.get<{ records: Goods[] }>(`${G}/shangjia/findAllByPage`, { name: '改价' });
    expect(list.result.records[0].priceLabel).toBe('¥130.90 起');
    // written in onResponse, after inject resolves: wait for this confirm's row (an earlier test logged a refused one)
    const log = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('url', 'like', '%piliangGaijia/confirm')
        .where('success', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    expect(log).toMatchObject({ title: '商品管理', type: 'edit', success: 1 });
    const params = JSON.parse(log.params ?? '{}');
    expect(params.goodsIds).toEqual([daily]);
    expect(params.changes).toEqual([
      '商品「日常保洁（改价）」规格「2小时」¥119 → ¥130.90',
      '商品「日常保洁（改价）」规格「3小时」¥159 → ¥174.90',
      '商品「日常保洁（改价）」规格「4小时」¥199 → ¥218.90',
    ]);
  });

  it('a stale preview is refused (2004) and nothing is written', async () => {
    const body = { goodsIds: [daily], change: { mode: 'amount', value: 100 } };
    const p = await ownerA.postJson<PriceChangePreview>(PREVIEW, body);
    // meanwhile the specification list is edited
    const specs = await specRows(daily);
    const edited = await ownerA.post(`${G}/edit`, {
      id: daily,
      specs: JSON.stringify(
        specs.map((s) => ({
          id: s.id,
          name: s.name,
          mode: s.mode,
          unit: s.unit,
          price: s.name === '3小时' ? 16000 : s.price,
          originalPrice: s.originalPrice,
          durationMinutes: s.durationMinutes,
          status: s.status,
        })),
      ),
    });
    expect(edited.code, edited.message).toBe(200);
    const before = await specRows(daily);
    const r = await ownerA.postJson(CONFIRM, { ...body, seen: seenOf(p.result) });
    expect(r).toMatchObject({ code: 2004, message: '价格已被修改，请重新预览' });
    expect(await specRows(daily)).toEqual(before);
    // a preview missing a specification is stale too
    const fresh = await ownerA.postJson<PriceChangePreview>(PREVIEW, body);
    const partial = await ownerA.postJson(CONFIRM, { ...body, seen: seenOf(fresh.result).slice(1) });
    expect(partial).toMatchObject({ code: 2004, message: '价格已被修改，请重新预览' });
    expect(await specRows(daily)).toEqual(before);
  });

  it('any refusal refuses the whole change (2004 naming it); nothing is written', async () => {
    const body = { goodsIds: [daily, cheap], change: { mode: 'amount', value: -800 } };
    const p = await ownerA.postJson<PriceChangePreview>(PREVIEW, body);
    expect(p.result.refused).toBe(1);
    const before = [await specRows(daily), await specRows(cheap)];
    const r = await ownerA.postJson(CONFIRM, { ...body, seen: seenOf(p.result) });
    expect(r.code).toBe(2004);
    expect(r.message).toBe('商品「小额商品」规格「5分」调整后价格须大于 0（原价 ¥0.05，调整后 -¥7.95）');
    expect([await specRows(daily), await specRows(cheap)]).toEqual(before);
  });

  it("only the current shop's goods: another shop's or merchant's item is 2002, a role without 编辑 301", async () => {
    const change = { mode: 'amount', value: 100 };
    expect((await ownerA.postJson(PREVIEW, { goodsIds: [daily, branchGoods], change })).code).toBe(2002);
    expect((await ownerB.postJson(PREVIEW, { goodsIds: [daily], change })).code).toBe(2002);
    const p = await ownerA.postJson<PriceChangePreview>(PREVIEW, { goodsIds: [daily], change });
    const before = await specRows(daily);
    const seen = seenOf(p.result);
    expect((await ownerB.postJson(CONFIRM, { goodsIds: [daily], change, seen })).code).toBe(2002);
    expect((await ownerA.postJson(CONFIRM, { goodsIds: [branchGoods], change, seen })).code).toBe(2002);
    expect((await anon.postJson(PREVIEW, { goodsIds: [daily], change })).code).toBe(401);
    // the demo sub-account loses 编辑商品
    const role = await t.db
      .selectFrom('user')
      .innerJoin('userRole', 'userRole.userId', 'user.id')
      .select('userRole.roleId')
      .where('user.phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const menu = await t.db.selectFrom('menu').select('id').where('perms', '=', 'merchant:goods:edit').execute();
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        menu.map((m) => m.id),
      )
      .execute();
    expect((await subA.postJson(PREVIEW, { goodsIds: [daily], change })).code).toBe(301);
    expect((await subA.postJson(CONFIRM, { goodsIds: [daily], change, seen })).code).toBe(301);
    expect(await specRows(daily)).toEqual(before);
  });
});
