import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DemoIds } from '../../types.ts';
import { addressColumns, phoneColumns, sealAccess } from './client-secrets.ts';
import { linkPaidOrders } from './client.service.ts';

/** What the demo records of merchant A carry, in the order their records were made (first paid order first). */
const DETAILS = [
  {
    tags: ['老客户', '有宠物'],
    address: {
      areaM2: 98,
      layout: '三室两厅',
      floor: 12,
      hasLift: 1,
      pets: '一只金毛，很温顺',
      access: '门禁密码 2580#',
    },
    notes: ['每周二上午的日常保洁，喜欢用自带的清洁剂', '客厅地毯需要吸尘，不要用水擦'],
  },
  {
    tags: ['月嫂客户'],
    address: { areaM2: 120, layout: '四室两厅', floor: 6, hasLift: 1, pets: null, access: '物业前台登记后上楼' },
    notes: ['宝宝 2026 年 12 月出生，预约了 26 天月嫂'],
  },
  {
    tags: ['独居老人'],
    address: {
      areaM2: 65,
      layout: '两室一厅',
      floor: 4,
      hasLift: 0,
      pets: '两只猫',
      access: '钥匙放在隔壁 402 王阿姨处',
    },
    notes: ['老人耳背，敲门请大声一些，先打电话'],
  },
];

/**
 * Demo 客户档案 (docs/customers.md): the records the demo orders made (linked here, as the seed step does), with tags,
 * address notes and notes on the first ones of merchant A, and one record made by hand for each demo merchant.
 */
export async function seedDemoClients(db: DB, demo: DemoIds) {
  await linkPaidOrders(db);
  const now = nowIso();
  const owner = await db
    .selectFrom('user')
    .select(['id', 'nickName'])
    .where('id', '=', demo.merchantA.ownerId)
    .executeTakeFirst();
  const first = await db
    .selectFrom('client')
    .select('id')
    .where('merchantId', '=', demo.merchantA.id)
    .where('deletedAt', 'is', null)
    .orderBy('id')
    .limit(DETAILS.length)
    .execute();
  for (const [i, c] of first.entries()) {
    const d = DETAILS[i];
    await db
      .updateTable('client')
      .set({ tags: JSON.stringify(d.tags) })
      .where('id', '=', c.id)
      .execute();
    await db
      .updateTable('clientAddress')
      .set({
        areaM2: d.address.areaM2,
        layout: d.address.layout,
        floor: d.address.floor,
        hasLift: d.address.hasLift,
        pets: d.address.pets,
        accessNotes: sealAccess(d.address.access),
        label: '家',
      })
      .where('clientId', '=', c.id)
      .where('isDefault', '=', 1)
      .execute();
    for (const text of d.notes)
      await db
        .insertInto('clientNote')
        .values({
          clientId: c.id,
          merchantId: demo.merchantA.id,
          authorId: owner?.id ?? null,
          authorName: owner?.nickName ?? '店长',
          text,
          createdAt: now,
        })
        .execute();
  }
  const manual = [
    { m: demo.merchantA.id, shop: demo.merchantA.mainShopId, name: '孙女士', phone: '13900001111', tags: ['大户型'] },
    { m: demo.merchantB.id, shop: demo.merchantB.mainShopId, name: '周先生', phone: '13900002222', tags: [] },
  ];
  for (const x of manual) {
    const { id } = await db
      .insertInto('client')
      .values({
        merchantId: x.m,
        shopId: x.shop,
        customerId: null,
        name: x.name,
        ...phoneColumns(x.phone),
        tags: JSON.stringify(x.tags),
        source: 'manual',
        remark: '电话咨询过开荒保洁',
        createdBy: null,
        anonymisedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('clientAddress')
      .values({
        clientId: id,
        merchantId: x.m,
        label: '新房',
        provinceCode: null,
        cityCode: null,
        districtCode: null,
        ...addressColumns('上海市浦东新区锦绣路 1888 弄 8 号 1203 室'),
        areaM2: 160,
        layout: '四室两厅',
        floor: 12,
        hasLift: 1,
        pets: null,
        accessNotes: null,
        lat: 31.2046,
        lng: 121.5583,
        isDefault: 1,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}
