import {
  SETTLEMENT_STATUS,
  type Settlement,
  type SettlementTotals,
  settlementStatusLabel,
} from '@jz/contracts/finance';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { dayEndIso, dayStartIso } from '../../../lib/time.ts';
import type { Database } from '../../../db/schema.ts';
import './finance.tables.ts';
import '../card/card.tables.ts';

// Settlements (打款) of completed orders as the order console lists them: one row per order, and totals by state.

/**
 * The settlement is the visit of a card sold offline (and not given back): settled 0 and stored as status 1 with
 * nothing to freeze, which is not 已解冻 business (docs/ledger.md; the order drawer's settlement.offlineCard).
 */
const isOfflineCard = (eb: ExpressionBuilder<Database, 'financeSettlement'>) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('cardMovement as cm')
        .innerJoin('card', 'card.id', 'cm.cardId')
        .select('cm.id')
        .whereRef('cm.orderId', '=', 'financeSettlement.orderId')
        .where('cm.kind', '=', 'redeem')
        .where('card.payMethod', '=', 'offline'),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('cardMovement as cr')
          .select('cr.id')
          .whereRef('cr.orderId', '=', 'financeSettlement.orderId')
          .where('cr.kind', '=', 'restore'),
      ),
    ),
  ]);

type SettlementFilter = { status?: number; orderNo?: string; startDate?: string; endDate?: string };
/** The settlements of the caller's merchant, limited to its shops when it is limited (in the query, totals included). */
function settlementBase(db: DB, t: Tenant, f: SettlementFilter) {
  let q = db.selectFrom('financeSettlement').where('merchantId', '=', t.merchantId);
  const shops = shopsFilter(t);
  if (shops) q = q.where('shopId', 'in', shops);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  // 已解冻 lists what its total counts: not the offline cards' rows
  if (f.status === SETTLEMENT_STATUS.UNFROZEN) q = q.where((eb) => eb.not(isOfflineCard(eb)));
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
        .select((eb) => isOfflineCard(eb).as('offlineCard'))
        .orderBy('completedAt', 'desc')
        .orderBy('id', 'desc'),
    f,
  );
  return {
    total: page.total,
    records: page.records.map(
      ({ offlineCard, ...r }): Settlement => ({
        ...r,
        // SQLite answers 0/1, PostgreSQL a boolean
        offlineCard: Boolean(offlineCard),
        statusLabel: settlementStatusLabel({ status: r.status, offlineCard: Boolean(offlineCard) }),
        orderAmount: Number(r.orderAmount),
        commission: Number(r.commission),
        amount: Number(r.amount),
        commissionRate: Number(r.commissionRate),
      }),
    ),
  };
}

export async function settlementTotals(db: DB, t: Tenant, f: SettlementFilter): Promise<SettlementTotals> {
  // the offline cards' rows are a bucket of their own (-1), apart from their stored status
  const bucket = (eb: ExpressionBuilder<Database, 'financeSettlement'>) =>
    eb.case().when(isOfflineCard(eb)).then(sql.lit(-1)).else(eb.ref('status')).end();
  const rows = await settlementBase(db, t, f)
    .select((eb) => [
      bucket(eb).as('bucket'),
      sql<number>`count(*)`.as('n'),
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
      sql<number>`coalesce(sum(order_amount), 0)`.as('orderAmount'),
      sql<number>`coalesce(sum(commission), 0)`.as('commission'),
    ])
    // by position: PostgreSQL would not match the repeated expression (its bound parameters differ) to the select's
    .groupBy(sql`1`)
    .execute();
  const of = (b: number) => rows.find((r) => Number(r.bucket) === b);
  const pick = (b: number) => ({ count: Number(of(b)?.n ?? 0), amount: Number(of(b)?.amount ?? 0) });
  const sum = (k: 'n' | 'amount' | 'orderAmount' | 'commission') => rows.reduce((a, r) => a + Number(r[k]), 0);
  return {
    frozen: pick(SETTLEMENT_STATUS.FROZEN),
    unfrozen: pick(SETTLEMENT_STATUS.UNFROZEN),
    offlineCard: pick(-1),
    total: { count: sum('n'), amount: sum('amount'), orderAmount: sum('orderAmount'), commission: sum('commission') },
  };
}
