import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { settingOf, toShopInfo } from './shop.repo.ts';

// What the platform does to shops (shop audit): other modules reach shops here, not through the repository.

/**
 * Platform audit, decided once (a concurrent second decision is refused): a pending shop is approved or rejected
 * (closed); an approved shop's name change is applied or dropped, the shop staying approved and open either way.
 */
export async function auditShop(db: DB, id: number, status: number, remark: string | null) {
  const r = await db
    .updateTable('shop')
    .set({ auditStatus: status, auditRemark: remark, ...(status === 2 ? { yingyeState: 0 } : {}), updatedAt: nowIso() })
    .where('id', '=', id)
    .where('auditStatus', '=', 0)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const cur = await db
    .selectFrom('shop')
    .select(['merchantId', 'auditStatus', 'pendingName'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!cur) throw notFound('店铺不存在');
  const asked = cur.pendingName;
  if (cur.auditStatus === 1 && asked) {
    if (status === 1) {
      const clash = await db
        .selectFrom('shop')
        .select('id')
        .where('merchantId', '=', cur.merchantId)
        .where('name', '=', asked)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (clash) throw business(`店铺名称「${asked}」已被该商家的其他店铺使用，请驳回`);
    }
    const decided = await db
      .updateTable('shop')
      .set({
        ...(status === 1
          ? { name: asked, auditRemark: null }
          : { auditRemark: `店铺名称变更为「${asked}」未通过审核：${remark ?? ''}` }),
        pendingName: null,
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .where('auditStatus', '=', 1)
      .where('pendingName', '=', asked)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 1) return;
  }
  throw business('该店铺已审核，请刷新后查看');
}

/** Platform view of any shop (shop audit), with its merchant's name. */
export async function anyShopDetail(db: DB, id: number) {
  const shop = await db
    .selectFrom('shop')
    .innerJoin('merchant', 'merchant.id', 'shop.merchantId')
    .selectAll('shop')
    .select('merchant.name as merchantName')
    .where('shop.id', '=', id)
    .executeTakeFirst();
  if (!shop) throw notFound('店铺不存在');
  return { ...toShopInfo(shop), setting: await settingOf(db, shop.id) };
}
