import { COURIER_COMPANIES, COURIER_STATUS } from '@jz/contracts/courier';
import type { DB } from '../../../db/client.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { sandboxCourier } from './courier-provider.ts';
import { shopPostalAddress } from './courier.repo.ts';

const HOUR = 3600_000;

/**
 * Demo pick-ups for both merchants: one waiting (tomorrow), one in transit, one signed for, one cancelled. The sandbox
 * events up to now are stored as the tracking timeline.
 */
export async function seedCourierDemo(db: DB, demo: DemoIds) {
  const shops = [
    { merchantId: demo.merchantA.id, shopId: demo.merchantA.mainShopId, userId: demo.merchantA.ownerId },
    { merchantId: demo.merchantB.id, shopId: demo.merchantB.mainShopId, userId: demo.merchantB.ownerId },
  ];
  const now = Date.now();
  const plans = [
    { company: 'SF', item: '保洁工具套装', weight: 3500, pickup: now + 20 * HOUR, cancel: null },
    { company: 'ZTO', item: '员工工服', weight: 1200, pickup: now - 5 * HOUR, cancel: null },
    { company: 'YTO', item: '宣传单页', weight: 800, pickup: now - 48 * HOUR, cancel: null },
    { company: 'JD', item: '清洁剂', weight: 5000, pickup: now + 30 * HOUR, cancel: '客户改为自取' },
  ];
  for (const s of shops) {
    const shop = await db
      .selectFrom('shop')
      .select(['name', 'contactName', 'phone', 'provinceCode', 'cityCode', 'districtCode', 'address'])
      .where('id', '=', s.shopId)
      .executeTakeFirstOrThrow();
    const senderAddress = await shopPostalAddress(db, shop);
    for (const [i, p] of plans.entries()) {
      const createdAt = new Date(Math.min(now, p.pickup) - 3 * HOUR).toISOString();
      const pickupAt = new Date(p.pickup).toISOString();
      const { trackingNo } = await sandboxCourier.create({ company: p.company, pickupAt });
      const base = {
        trackingNo,
        company: p.company,
        pickupAt,
        createdAt,
        senderAddress,
        receiverAddress: i % 2 ? '北京市朝阳区建国路 88 号' : '山西省太原市小店区长风街 20 号',
      };
      let events = await sandboxCourier.track(base, new Date(now));
      if (p.cancel)
        events = [
          ...events,
          {
            status: COURIER_STATUS.CANCELLED,
            description: `商家取消：${p.cancel}`,
            at: new Date(now - HOUR).toISOString(),
          },
        ];
      const status = events[events.length - 1].status;
      const { id } = await db
        .insertInto('courierOrder')
        .values({
          merchantId: s.merchantId,
          shopId: s.shopId,
          trackingNo,
          company: p.company,
          provider: sandboxCourier.name,
          senderName: shop.contactName || shop.name,
          senderPhone: shop.phone || '13800000001',
          senderAddress: base.senderAddress,
          receiverName: ['李明', '王芳', '张伟', '刘洋'][i],
          receiverPhone: `1390000${String(1000 + i + s.merchantId * 10).slice(-4)}`,
          receiverAddress: base.receiverAddress,
          itemName: p.item,
          weightGrams: p.weight,
          pickupAt,
          status,
          remark: null,
          cancelReason: p.cancel,
          cancelledAt: p.cancel ? new Date(now - HOUR).toISOString() : null,
          createdBy: s.userId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('courierTrack')
        .values(
          events.map((e) => ({
            courierOrderId: id,
            merchantId: s.merchantId,
            status: e.status,
            description: e.description,
            at: e.at,
            createdAt,
          })),
        )
        .execute();
    }
  }
}

/** The courier dictionaries (companies, statuses), in every database. */
export async function seedCourierDicts({ db }: SeedCtx) {
  await ensureDict(
    db,
    'courier_company',
    '快递公司',
    COURIER_COMPANIES.map((c) => ({ label: c.label, value: c.value })),
  );
  await ensureDict(db, 'courier_status', '快递状态', [
    { label: '待揽收', value: '10', tag: 'warning' },
    { label: '已揽收', value: '20', tag: 'processing' },
    { label: '运输中', value: '30', tag: 'blue' },
    { label: '已签收', value: '40', tag: 'success' },
    { label: '已取消', value: '90', tag: 'default' },
  ]);
}
