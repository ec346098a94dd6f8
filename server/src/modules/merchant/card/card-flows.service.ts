import type { CardFlows } from '@jz/contracts/card';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { ExportColumn, ExportSheet } from '../../../lib/export/table-export.ts';
import { dayEndIso, dayjs, dayStartIso, TZ } from '../../../lib/time.ts';
import { SERVED, unrestoredRedemptions } from './card.repo.ts';
import './card.tables.ts';
import '../order/order.tables.ts';

/**
 * 预收 over a range, as 收支明细, 运营数据 and their exports show it (docs/ledger.md "预收 in 收支明细, 运营数据 and the
 * exports"): other modules read card money through this file.
 */

/**
 * What the cards did over a range of Shanghai days, for 收支明细, 运营数据 and their exports (one function, so they
 * agree): sales, redemptions, revenue recognised (served card cash by completion time, expired cash and refund fees by
 * their time), refunds, and 预收余额 before and after the range (received − recognised − refunded up to then). `shops`
 * null = the whole merchant; the caller passes its shop limit (the query decides, never the page).
 */
export async function cardFlows(
  db: DB,
  merchantId: number,
  shops: number[] | null,
  range: { startDate?: string; endDate?: string },
): Promise<CardFlows> {
  const today = dayjs().tz(TZ).format('YYYY-MM-DD');
  const startDate = range.startDate ?? null;
  const endDate = range.endDate ?? (startDate && startDate > today ? startDate : today);
  const from = startDate ? dayStartIso(startDate) : null;
  const to = dayEndIso(endDate);
  const inRange = (col: string) =>
    from ? sql`(${sql.ref(col)} >= ${from} and ${sql.ref(col)} < ${to})` : sql`${sql.ref(col)} < ${to}`;
  const before = (col: string) => (from ? sql`${sql.ref(col)} < ${from}` : sql`1 = 0`);
  const sum = (cond: ReturnType<typeof sql>, v: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${cond} then ${v} else 0 end), 0)`;

  let mv = db.selectFrom('cardMovement as m').where('m.merchantId', '=', merchantId).where('m.createdAt', '<', to);
  if (shops) mv = mv.where('m.shopId', 'in', shops);
  const received = sql`case when m.money > 0 then m.money else 0 end`;
  const refunded = sql`case when m.money < 0 then -m.money else 0 end`;
  const m = await mv
    .select([
      sum(sql`m.kind = 'sale' and ${inRange('m.createdAt')}`, sql`1`).as('sold'),
      sum(inRange('m.createdAt'), received).as('receivedIn'),
      sum(before('m.createdAt'), received).as('receivedBefore'),
      sum(inRange('m.createdAt'), refunded).as('refundedIn'),
      sum(before('m.createdAt'), refunded).as('refundedBefore'),
      sum(inRange('m.createdAt'), sql`m.revenue`).as('revenueIn'),
      sum(before('m.createdAt'), sql`m.revenue`).as('revenueBefore'),
    ])
    .executeTakeFirstOrThrow();

  // Redemptions not given back; a served one is recognised at its order's completion.
  const served = sql`o.status in (${sql.join(SERVED)})`;
  const r = await unrestoredRedemptions(db, merchantId, shops)
    .select([
      sum(inRange('m.createdAt'), sql`1`).as('redeemed'),
      sum(inRange('m.createdAt'), sql`-m.cash_delta`).as('redeemedCash'),
      sum(inRange('m.createdAt'), sql`-m.bonus_delta`).as('redeemedBonus'),
      sum(sql`${served} and ${inRange('o.completedAt')}`, sql`-m.cash_delta`).as('servedIn'),
      sum(sql`${served} and ${before('o.completedAt')}`, sql`-m.cash_delta`).as('servedBefore'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  const deferredStart = n(m.receivedBefore) - n(m.revenueBefore) - n(r.servedBefore) - n(m.refundedBefore);
  const recognised = n(m.revenueIn) + n(r.servedIn);
  return {
    startDate,
    endDate,
    sold: n(m.sold),
    received: n(m.receivedIn),
    redeemed: n(r.redeemed),
    redeemedCash: n(r.redeemedCash),
    redeemedBonus: n(r.redeemedBonus),
    recognised,
    refunded: n(m.refundedIn),
    deferredStart,
    deferredEnd: deferredStart + n(m.receivedIn) - recognised - n(m.refundedIn),
  };
}

const money = (header: string): ExportColumn => ({ header, width: 16, kind: 'money' });
const count = (header: string): ExportColumn => ({ header, width: 12, kind: 'integer' });

const COLUMNS: ExportColumn[] = [
  { header: '开始日期', width: 12 },
  { header: '结束日期', width: 12 },
  money('期初预收余额(元)'),
  count('售卡张数'),
  money('售卡收款(元)'),
  count('用卡支付订单数'),
  money('用卡本金(元)'),
  money('用卡赠送(元)'),
  money('确认收入(元)'),
  money('退卡退款(元)'),
  money('期末预收余额(元)'),
];

/**
 * The 预收 sheet of the 收支明细 and 运营数据 exports: the same answer as the pages (card.repo.ts cardFlows), one row.
 * 期末 = 期初 + 售卡收款 − 确认收入 − 退卡退款; 用卡赠送 is never income.
 */
export function cardFlowsSheet(f: CardFlows): ExportSheet {
  return {
    name: '预收（卡项）',
    columns: COLUMNS,
    rows: [
      [
        f.startDate ?? '',
        f.endDate,
        f.deferredStart,
        f.sold,
        f.received,
        f.redeemed,
        f.redeemedCash,
        f.redeemedBonus,
        f.recognised,
        f.refunded,
        f.deferredEnd,
      ],
    ],
  };
}
