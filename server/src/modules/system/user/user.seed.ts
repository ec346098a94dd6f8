import { STATUS_FLAG } from '@jz/contracts/common';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';

/** The first platform admin (ADMIN_PHONE), holder of the super-admin role. Idempotent. */
export async function seedAdmin(db: DB, phone: string) {
  if (await db.selectFrom('user').select('id').where('userType', '=', 'platform').executeTakeFirst()) return;
  const now = nowIso();
  const role = await db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'super')
    .where('merchantId', 'is', null)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('user')
    .values({
      userType: 'platform',
      merchantId: null,
      isOwner: 0,
      loginName: 'admin',
      nickName: '平台管理员',
      phone,
      status: STATUS_FLAG.ENABLED,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('userRole').values({ userId: id, roleId: role.id }).execute();
}
