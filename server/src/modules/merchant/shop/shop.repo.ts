import type { InitPc } from '@jz/contracts/auth';
import type { DB } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Tenant } from '../../../lib/tenant.ts';

export const MAX_BRANCHES = 20;

/** A shop of the caller's merchant, or 2002: another merchant's shop is indistinguishable from a missing one. */
export async function findOwnShop(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const shop = await db.selectFrom('shop').selectAll().where('id', '=', id).where('merchantId', '=', t.merchantId).executeTakeFirst();
  if (!shop) throw notFound('店铺不存在');
  return shop;
}

/** spec §3 shop page init: current shop, all shops, whether a branch may be added, category count of the current shop. */
export async function initPc(db: DB, t: Tenant): Promise<InitPc> {
  const shops = await db
    .selectFrom('shop')
    .select(['id', 'name', 'parentId', 'yingyeState', 'auditStatus', 'fuwuIds'])
    .where('merchantId', '=', t.merchantId)
    .orderBy('parentId', 'asc')
    .orderBy('id')
    .execute();
  const cur = shops.find((s) => s.id === t.shopId) ?? null;
  const main = shops.find((s) => s.parentId === null);
  const branches = shops.filter((s) => s.parentId !== null).length;
  return {
    curDianpu: cur && { id: cur.id, name: cur.name },
    allDianpu: shops.map(({ fuwuIds: _f, ...s }) => s),
    isAddFendian: !!main && main.auditStatus === 1 && branches < MAX_BRANCHES,
    shangjiaInfoFuwuCount: cur ? (JSON.parse(cur.fuwuIds) as unknown[]).length : 0,
  };
}

export async function setCurrentShop(db: DB, t: Tenant, shopId: number) {
  await findOwnShop(db, t, shopId);
  await db.updateTable('user').set({ currentShopId: shopId }).where('id', '=', t.user.id).execute();
}
