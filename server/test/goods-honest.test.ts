/**
 * Honest goods numbers: 销量 is counted from the orders (paid and not cancelled), in the list, the detail and
 * the customer listings alike; a batch 上架/下架/删除 answers each item it skipped and why, in Chinese.
 */
import type { Page } from '@jz/contracts/envelope';
import type { Goods, GoodsBatchResult, PublicGoods } from '@jz/contracts/goods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, type Api, api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';
import { paidOrder } from './helpers/order-flow.ts';

const G = 'app/jiazheng/shangjia/shangpin';
let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shopA: number;

const row = (id: number) => t.db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sold = async (goodsId: number) =>
  (
    await t.db
      .selectFrom('serviceOrder')
      .select('id')
      .where('goodsId', '=', goodsId)
      .where('status', 'in', [20, 30, 40, 50, 60])
      .execute()
  ).length;

/** A copy of a goods item of the shop (off the shelf), so a test owns its items. */
let copies = 0;
async function copyOf(id: number, patch: Partial<{ shelfState: number; fuwuId: number }> = {}) {
  const { id: _id, ...g } = await row(id);
  copies++;
  return (
    await t.db
      .insertInto('goods')
      .values({ ...g, name: `${g.name}（副本${copies}）`, shelfState: 0, ...patch })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  shopA = (
    await t.db.selectFrom('shop').select('id').where('name', '=', '运城洁家家政（总店）').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

describe('销量 comes from the orders', () => {
  it('list, detail and customer listings count paid, not cancelled orders; a cancellation lowers it', async () => {
    const o = await paidOrder(t, shopA, { phone: '13922230001' });
    const want = await sold(o.goodsId);
    expect(want).toBeGreaterThan(0);
    const list = await ownerA.get<Page<Goods>>(`${G}/shangjia/findAllByPage`, { pageSize: 50 });
    expect(list.result.records.find((g) => g.id === o.goodsId)?.sales).toBe(want);
    const detail = await ownerA.get<Goods & { orders: { active: number; completed: number } }>(
      `${G}/shangjia/findById/${o.goodsId}`,
    );
    expect(detail.result.sales).toBe(want);
    expect(detail.result.sales).toBe(detail.result.orders.active + detail.result.orders.completed);
    const pub = await api(t.app).get<PublicGoods[]>(`${G}/findByShangjiaInfoId/${shopA}`);
    expect(pub.result.find((g) => g.id === o.goodsId)?.sales).toBe(want);
    const weapp = await api(t.app).get<Page<PublicGoods>>(`${G}/weapp/findAllByPage`, { pageSize: 100 });
    expect(weapp.result.records.find((g) => g.id === o.goodsId)?.sales).toBe(want);
    const counts = weapp.result.records.map((g) => g.sales);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // the merchant cancels it (full refund): the item has sold one less (the old counter kept it)
    const r = await ownerA.post('app/jiazheng/pay/dingdan/shangjiaCancel', { id: o.id, reason: '测试取消' });
    expect(r.code, r.message).toBe(200);
    const after = await ownerA.get<Goods>(`${G}/shangjia/findById/${o.goodsId}`);
    expect(after.result.sales).toBe(want - 1);
    // the stored column is not what is answered
    await t.db.updateTable('goods').set({ sales: 99999 }).where('id', '=', o.goodsId).execute();
    expect((await ownerA.get<Goods>(`${G}/shangjia/findById/${o.goodsId}`)).result.sales).toBe(want - 1);
  });
});

describe('batch actions say what they skipped and why', () => {
  it('批量上架: already on the shelf, closed category, category the shop does not offer are skipped', async () => {
    const base = await t.db
      .selectFrom('goods')
      .select(['id', 'fuwuId'])
      .where('shopId', '=', shopA)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const already = await copyOf(base.id, { shelfState: 1 });
    const fine = await copyOf(base.id);
    const closedCat = { id: await addCategory(t, '停用类目（测试）') };
    const inClosed = await copyOf(base.id, { fuwuId: closedCat.id });
    const other = await t.db
      .selectFrom('fuwu')
      .select('id')
      .where('status', '=', 0)
      .where('name', '=', '搬家')
      .executeTakeFirstOrThrow();
    const notOffered = await copyOf(base.id, { fuwuId: other.id });
    const ids = [already, fine, inClosed, notOffered];
    const r = await ownerA.post<GoodsBatchResult>(`${G}/setPiliangShangjiaState/${ids.join(',')}`, { shelfState: 1 });
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe('已上架 1 个商品，跳过 3 个');
    expect(r.result.changed).toBe(1);
    expect(r.result.skipped.map((s) => [s.id, s.reason])).toEqual([
      [already, '已是上架状态'],
      [inClosed, '服务类目已停用，不能上架'],
      [notOffered, '当前店铺未开通该服务类目，请先在店铺信息中添加'],
    ]);
    expect(r.result.skipped[0].name).toMatch(/（副本\d+）$/);
    expect(r.result.skipped[0]).not.toHaveProperty('refused');
    expect((await row(fine)).shelfState).toBe(1);
    expect((await row(inClosed)).shelfState).toBe(0);
    expect((await row(notOffered)).shelfState).toBe(0);
    // one item, refused by its own state: a 2004 naming it; already on the shelf: nothing to do, no error
    const single = await ownerA.post(`${G}/setShangjiaState/${inClosed}`, { shelfState: 1 });
    expect(single).toMatchObject({ code: 2004 });
    expect(single.message).toMatch(/^商品「.+」服务类目已停用，不能上架$/);
    expect((await ownerA.post(`${G}/setShangjiaState/${already}`, { shelfState: 1 })).code).toBe(200);
    // 批量下架 of items already off: all skipped, said so
    const off = await ownerA.post<GoodsBatchResult>(`${G}/setPiliangShangjiaState/${inClosed},${notOffered}`, {
      shelfState: 0,
    });
    expect(off.result).toMatchObject({ changed: 0 });
    expect(off.result.skipped.map((s) => s.reason)).toEqual(['已是下架状态', '已是下架状态']);
    expect(off.message).toBe('已下架 0 个商品，跳过 2 个');
  });

  it('批量删除: on the shelf and with unfinished orders are skipped, the rest deleted', async () => {
    const base = await t.db
      .selectFrom('goods')
      .select('id')
      .where('shopId', '=', shopA)
      .where('shelfState', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const onShelf = await copyOf(base.id, { shelfState: 1 });
    const busy = await copyOf(base.id, { shelfState: 1 });
    const o = await paidOrder(t, shopA, { phone: '13922230002' });
    await t.db.updateTable('serviceOrder').set({ goodsId: busy }).where('id', '=', o.id).execute();
    await t.db.updateTable('goods').set({ shelfState: 0 }).where('id', '=', busy).execute();
    const free = await copyOf(base.id);
    const r = await ownerA.del<GoodsBatchResult>(`${G}/delByIds/${onShelf},${busy},${free}`);
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe('已删除 1 个商品，跳过 2 个');
    expect(r.result.changed).toBe(1);
    expect(r.result.skipped.map((s) => [s.id, s.reason])).toEqual([
      [onShelf, '在售中，请先下架再删除'],
      [busy, '还有未完成的订单，不能删除'],
    ]);
    expect(await t.db.selectFrom('goods').select('id').where('id', '=', free).executeTakeFirst()).toBeUndefined();
    expect((await row(onShelf)).id).toBe(onShelf);
    expect((await row(busy)).id).toBe(busy);
    // one item: the 2004 refusal names it, as before
    const single = await ownerA.del(`${G}/delByIds/${busy}`);
    expect(single).toMatchObject({ code: 2004 });
    expect(single.message).toMatch(/^商品「.+」还有未完成的订单，不能删除$/);
  });

  it('a batch naming another merchant’s item changes nothing (2002); anonymous 401; bad ids 2001', async () => {
    const mine = await copyOf(
      (await t.db.selectFrom('goods').select('id').where('shopId', '=', shopA).executeTakeFirstOrThrow()).id,
    );
    const foreign = (
      await t.db
        .selectFrom('goods')
        .innerJoin('shop', 'shop.id', 'goods.shopId')
        .select('goods.id')
        .where('shop.name', '=', '太原安心家政')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await ownerA.post(`${G}/setPiliangShangjiaState/${mine},${foreign}`, { shelfState: 1 })).code).toBe(2002);
    expect((await ownerA.del(`${G}/delByIds/${mine},${foreign}`)).code).toBe(2002);
    expect((await row(mine)).shelfState).toBe(0);
    expect((await ownerB.del(`${G}/delByIds/${mine}`)).code).toBe(2002);
    expect((await api(t.app).post(`${G}/setPiliangShangjiaState/${mine}`, { shelfState: 1 })).code).toBe(401);
    expect((await ownerA.post(`${G}/setPiliangShangjiaState/x`, { shelfState: 1 })).code).toBe(2001);
  });
});
