import { STATUS_FLAG } from '@jz/contracts/common';
import type { DB } from '../../db/client.ts';
import { nowIso } from '../../lib/time.ts';

/** An unknown mainland phone signs up: a new merchant with no shop yet and its owner (docs/decisions.md#sign-up). */
export async function signUpMerchantOwner(db: DB, phone: string) {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const role = await trx
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'merchant_owner')
      .where('merchantId', 'is', null)
      .executeTakeFirstOrThrow();
    const merchant = await trx
      .insertInto('merchant')
      .values({ name: `新商家${phone.slice(-4)}`, status: STATUS_FLAG.ENABLED, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('user')
      .values({
        userType: 'merchant',
        merchantId: merchant.id,
        isOwner: 1,
        loginName: phone,
        nickName: `商家${phone.slice(-4)}`,
        phone,
        status: STATUS_FLAG.ENABLED,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('userRole').values({ userId: user.id, roleId: role.id }).execute();
    return user.id;
  });
}
