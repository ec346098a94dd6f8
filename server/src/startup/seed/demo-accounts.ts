import { STATUS_FLAG } from '@jz/contracts/common';
import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import { nowIso } from '../../lib/time.ts';
import type { DemoIds } from '../../modules/types.ts';
import type { DB } from '../../db/client.ts';

/** The demo accounts (docs/decisions.md#demo-data): merchant A (two shops, owner + sub-account) and merchant B, for isolation checks. */
export async function seedDemoAccounts(db: DB): Promise<DemoIds> {
  const now = nowIso();
  const admin = await db
    .selectFrom('user')
    .select('id')
    .where('userType', '=', 'platform')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ownerRole = await db
    .selectFrom('role')
    .select('id')
    .where('code', '=', 'merchant_owner')
    .where('merchantId', 'is', null)
    .executeTakeFirstOrThrow();

  const merchant = async (name: string) =>
    (
      await db
        .insertInto('merchant')
        .values({ name, status: STATUS_FLAG.ENABLED, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const shop = async (
    merchantId: number,
    name: string,
    parentId: number | null,
    extra: {
      address: string;
      districtCode: string;
      cityCode: string;
      provinceCode: string;
      lat: number;
      lng: number;
      phone: string;
      contactName: string;
    },
  ) =>
    (
      await db
        .insertInto('shop')
        .values({
          merchantId,
          parentId,
          name,
          images: '[]',
          serviceArea: '[]',
          businessHours: '08:00-20:00',
          yingyeState: SHOP_OPEN_STATE.OPEN,
          fuwuIds: '[]',
          auditStatus: SHOP_AUDIT_STATUS.APPROVED,
          rating: 4.8,
          orderCount: 0,
          createdAt: now,
          updatedAt: now,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const user = async (phone: string, nickName: string, merchantId: number, isOwner: boolean, currentShopId: number) => {
    const id = (
      await db
        .insertInto('user')
        .values({
          userType: 'merchant',
          merchantId,
          isOwner: isOwner ? 1 : 0,
          loginName: phone,
          nickName,
          phone,
          status: STATUS_FLAG.ENABLED,
          currentShopId,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    if (isOwner) await db.insertInto('userRole').values({ userId: id, roleId: ownerRole.id }).execute();
    return id;
  };

  const aId = await merchant('运城洁家家政');
  const yuncheng = { provinceCode: '140000', cityCode: '140800', phone: '0359-2345678', contactName: '王洁' };
  const aMain = await shop(aId, '运城洁家家政（总店）', null, {
    ...yuncheng,
    districtCode: '140802',
    address: '盐湖区河东东街 88 号',
    lat: 35.031641,
    lng: 111.004468,
  });
  const aBranch = await shop(aId, '运城洁家家政（学苑路分店）', aMain, {
    ...yuncheng,
    districtCode: '140802',
    address: '盐湖区学苑路 12 号',
    lat: 35.04,
    lng: 111.02,
  });
  const aOwner = await user('13800000001', '王洁', aId, true, aMain);
  const aSub = await user('13800000003', '李运营', aId, false, aMain);

  const bId = await merchant('太原安心家政');
  const bMain = await shop(bId, '太原安心家政', null, {
    provinceCode: '140000',
    cityCode: '140100',
    districtCode: '140105',
    address: '小店区长风街 20 号',
    lat: 37.82,
    lng: 112.55,
    phone: '0351-7654321',
    contactName: '赵安',
  });
  const bOwner = await user('13800000002', '赵安', bId, true, bMain);

  // The sub-account's role: every merchant page and button except finance and account administration.
  const subRole = (
    await db
      .insertInto('role')
      .values({
        name: '店铺运营',
        code: 'shop_operator',
        merchantId: aId,
        scope: 'merchant',
        remark: '演示子账号角色',
        status: STATUS_FLAG.ENABLED,
        sort: 1,
        builtIn: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const menus = await db
    .selectFrom('menu')
    .select(['id', 'perms', 'seedKey'])
    .where('scope', '=', 'merchant')
    .execute();
  const granted = menus.filter(
    (m) =>
      !/^merchant:(finance|account|subaccount)/.test(m.perms ?? '') &&
      !/^merchant\.(finance|account)/.test(m.seedKey ?? ''),
  );
  if (granted.length)
    await db
      .insertInto('roleMenu')
      .values(granted.map((m) => ({ roleId: subRole, menuId: m.id })))
      .execute();
  await db.insertInto('userRole').values({ userId: aSub, roleId: subRole }).execute();

  return {
    adminId: admin.id,
    merchantA: { id: aId, ownerId: aOwner, subId: aSub, mainShopId: aMain, branchShopId: aBranch },
    merchantB: { id: bId, ownerId: bOwner, mainShopId: bMain },
  };
}
