import type { TestApp } from './app.ts';
import { PHONES } from './auth.ts';

/**
 * Demo merchant A as the card, client and plan tests use it: its id, its main shop and branch, and the main shop's
 * first goods item on sale (one place for the look-up each of them repeated).
 */
export async function demoMerchantA(t: Pick<TestApp, 'db'>) {
  const owner = await t.db
    .selectFrom('user')
    .select('merchantId')
    .where('phone', '=', PHONES.ownerA)
    .executeTakeFirstOrThrow();
  const merchantId = owner.merchantId as number;
  const shops = await t.db
    .selectFrom('shop')
    .select(['id', 'parentId'])
    .where('merchantId', '=', merchantId)
    .orderBy('id')
    .execute();
  const mainShop = shops.find((s) => s.parentId === null)?.id as number;
  const branchShop = shops.find((s) => s.parentId !== null)?.id as number;
  const goods = await t.db
    .selectFrom('goods')
    .select('id')
    .where('shopId', '=', mainShop)
    .where('shelfState', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { merchantId, mainShop, branchShop, goodsId: goods.id };
}
