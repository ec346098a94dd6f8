import type { Settlement, SettlementTotals } from '@jz/contracts/finance';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';
import './finance.tables.ts';

// Settlements (打款) of completed orders as the order console lists them: one row per order, and totals by state.

type SettlementFilter = { status?: number; orderNo?: string; startDate?: string; endDate?: string };
/** The settlements of the caller's merchant, limited to its shops when it is limited (in the query, totals included). */
function settlementBase(db: DB, t: Tenant, f: SettlementFilter) {
  let q = db.selectFrom('financeSettlement').where('merchantId', '=', t.merchantId);
  const shops = shopsFilter(t);
  if (shops) q = q.where('shopId', 'in', shops);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.orderNo) q = q.where('orderNo', 'like', likeContains(f.orderNo));
  if (f.startDate) q = q.where('completedAt', '>=', dayStartIso(f.startDate));
  if (f.endDate) q = q.where('completedAt', '<', dayEndIso(f.endDate));
  return q;
}

export async function settlementPage(db: DB, t: Tenant, f: SettlementFilter & { pageNum: number; pageSize: number }) {
  const page = await paginate(
    settlementBase(db, t, f),
    (q) =>
      q
        .select([
          'id',
          'orderId',
          'orderNo',
          'shopId',
          'orderAmount',
          'commissionRate',
          'commission',
          'amount',
          'status',
          'completedAt',
          'unfreezeAt',
          'unfrozenAt',
        ])
        .orderBy('completedAt', 'desc')
        .orderBy('id', 'desc'),
    f,
  );
  return {
    total: page.total,
    records: page.records.map(
      (r): Settlement => ({
        ...r,
        orderAmount: Number(r.orderAmount),
        commission: Number(r.commission),
        amount: Number(r.amount),
        commissionRate: Number(r.commissionRate),
      }),
    ),
  };
}

export async function settlementTotals(db: DB, t: Tenant, f: SettlementFilter): Promise<SettlementTotals> {
  const rows = await settlementBase(db, t, f)
    .select([
      'status',
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
      sql<number>`coalesce(sum(order_amount), 0)`.as('orderAmount'),
      sql<number>`coalesce(sum(commission), 0)`.as('commission'),
    ])
    .groupBy('status')
    .execute();
  const of = (s: number) => rows.find((r) => r.status === s);
  const pick = (s: number) => ({ count: Number(of(s)?.n ?? 0), amount: Number(of(s)?.amount ?? 0) });
  const sum = (k: 'n' | 'amount' | 'orderAmount' | 'commission') => rows.reduce((a, r) => a + Number(r[k]), 0);
  return {
    frozen: pick(0),
    unfrozen: pick(1),
    total: { count: sum('n'), amount: sum('amount'), orderAmount: sum('orderAmount'), commission: sum('commission') },
  };
}
