import { WORK_STATE } from '@jz/contracts/employee';
import { SHELF_STATE } from '@jz/contracts/goods';
import type { DB } from '../../../db/client.ts';
import type { Tenant } from '../../../lib/tenant.ts';

// The setup checklist's own reads: the current shop's row and counts of its goods and employees. Goods and employees
// have no service of their own, so this module reads their tables (types from their *.tables.ts), never their
// repositories; every query is filtered by the merchant and the one shop the caller works in.

/** The current shop of the caller, with the columns the shop steps read; undefined before the first shop. */
export async function currentShop(db: DB, t: Tenant) {
  if (!t.shopId) return undefined;
  return db
    .selectFrom('shop')
    .select([
      'id',
      'name',
      'logoUrl',
      'contactName',
      'phone',
      'provinceCode',
      'cityCode',
      'districtCode',
      'address',
      'lat',
      'lng',
      'serviceArea',
      'businessHours',
      'fuwuIds',
      'auditStatus',
      'auditRemark',
    ])
    .where('merchantId', '=', t.merchantId)
    .where('id', '=', t.shopId)
    .executeTakeFirst();
}

export type SetupShop = NonNullable<Awaited<ReturnType<typeof currentShop>>>;

const num = (v: unknown) => Number(v ?? 0);

/** The shop's goods: how many there are and how many are on shelf. */
export async function goodsCounts(db: DB, merchantId: number, shopId: number) {
  const r = await db
    .selectFrom('goods')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('shelfState', '=', SHELF_STATE.ON).then(1).else(0).end()).as('onShelf'),
    ])
    .where('merchantId', '=', merchantId)
    .where('shopId', '=', shopId)
    .executeTakeFirstOrThrow();
  return { total: num(r.n), onShelf: num(r.onShelf) };
}

/** The shop's employees at work (not deleted, not 离职). */
export async function employeeCount(db: DB, merchantId: number, shopId: number) {
  const r = await db
    .selectFrom('employee')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchantId', '=', merchantId)
    .where('shopId', '=', shopId)
    .where('deletedAt', 'is', null)
    .where('workState', '!=', WORK_STATE.RESIGNED)
    .executeTakeFirstOrThrow();
  return num(r.n);
}
