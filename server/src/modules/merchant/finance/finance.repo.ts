import {
  type BankCard,
  type BindingRecord,
  type FinanceScope,
  type FrozenSettlement,
  LEDGER_FLOW,
  type LedgerEntry,
  type LedgerTotals,
  type TrendPoint,
  type Withdrawal,
  type WithdrawalAudit,
  BANK_CARD_STATUS,
  SETTLEMENT_STATUS,
} from '@jz/contracts/finance';
import type { Page } from '@jz/contracts/envelope';
import { maskPhone } from '@jz/contracts/mask';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { dayEndIso, dayjs, dayStartIso, nowIso, TZ } from '../../../lib/time.ts';
import { invalid } from '../../../lib/errors.ts';
import { shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { financeRules } from './finance-rules.ts';
import { holdUntil } from './bank-card.service.ts';
import { WITHDRAWAL_COLUMNS } from './withdraw.service.ts';
import './finance.tables.ts';

type DB = Kysely<Database>;
interface Range {
  startDate?: string;
  endDate?: string;
}

/** Whose money a read covers: the merchant, and the caller's shop limit (null = every shop). */
type Scope = Pick<Tenant, 'merchantId' | 'allowedShopIds'>;

/**
 * The account figures; a merchant without any money yet answers zeros. withdrawable = balance - frozen.
 * A shop-limited caller gets only what its shops' settlements account for (frozen, total income): the balance and the
 * withdrawals belong to the merchant's one account and cannot be split by shop, so they answer null (docs/ledger.md).
 */
export async function overview(db: DB, t: Scope) {
  const rules = await financeRules(db);
  const shops = shopsFilter(t);
  if (shops) {
    const s = await db
      .selectFrom('financeSettlement')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('income'),
        sql<number>`coalesce(sum(case when ${eb.ref('status')} = 0 then ${eb.ref('amount')} else 0 end), 0)`.as(
          'frozen',
        ),
      ])
      .where('merchantId', '=', t.merchantId)
      .where('shopId', 'in', shops)
      .executeTakeFirstOrThrow();
    return {
      scope: 'shops' as const,
      balance: null,
      frozen: Number(s.frozen),
      withdrawable: null,
      pendingWithdraw: null,
      totalIncome: Number(s.income),
      totalWithdrawn: null,
      rules,
    };
  }
  const a = await db
    .selectFrom('financeAccount')
    .select(['balance', 'frozen', 'pendingWithdraw', 'totalIncome', 'totalWithdrawn'])
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  const acc = a ?? { balance: 0, frozen: 0, pendingWithdraw: 0, totalIncome: 0, totalWithdrawn: 0 };
  return { scope: 'merchant' as const, ...acc, withdrawable: acc.balance - acc.frozen, rules };
}

/**
 * The ledger entries a caller may read, each with the shop of its settlement (null for withdrawals and fees). A
 * shop-limited caller reads only the entries of its shops' settlements, in the query itself (docs/ledger.md).
 */
function scopedLedger(db: DB, t: Scope) {
  let q = db
    .selectFrom('financeLedger as e')
    .leftJoin('financeSettlement as s', (j) => j.onRef('s.id', '=', 'e.refId').on('e.refType', '=', 'settlement'))
    .where('e.merchantId', '=', t.merchantId);
  const shops = shopsFilter(t);
  if (shops) q = q.where('s.merchantId', '=', t.merchantId).where('s.shopId', 'in', shops);
  return q;
}

/**
 * Income and expense per Shanghai calendar day (or month) over a range: income = money into the balance (settlements,
 * returned withdrawals), expense = money out (withdrawals, fees). Empty buckets answer zeros, so the chart is continuous.
 * A shop-limited caller's trend has its shops' settlements only.
 */
export async function trend(db: DB, t: Scope, q: Range & { granularity: 'day' | 'month' }): Promise<TrendPoint[]> {
  const unit = q.granularity;
  const end = q.endDate ? dayjs.tz(q.endDate, TZ) : dayjs().tz(TZ);
  const start = q.startDate
    ? dayjs.tz(q.startDate, TZ)
    : unit === 'day'
      ? end.subtract(29, 'day')
      : end.subtract(11, 'month');
  if (start.isAfter(end)) throw invalid('开始日期不能晚于结束日期');
  if (unit === 'day' && end.diff(start, 'day') > 366) throw invalid('按日查看时范围不能超过一年');
  if (unit === 'month' && end.diff(start, 'month') > 60) throw invalid('按月查看时范围不能超过五年');
  const from = dayStartIso(start.startOf(unit).format('YYYY-MM-DD'));
  const to = dayEndIso(end.endOf(unit).format('YYYY-MM-DD'));
  const rows = await scopedLedger(db, t)
    .select(['e.balanceChange', 'e.createdAt'])
    .where('e.createdAt', '>=', from)
    .where('e.createdAt', '<', to)
    .where('e.balanceChange', '!=', 0)
    .execute();
  const fmt = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const buckets = new Map<string, TrendPoint>();
  for (let d = start.startOf(unit); !d.isAfter(end, unit); d = d.add(1, unit)) {
    const k = d.format(fmt);
    buckets.set(k, { date: k, income: 0, expense: 0 });
  }
  for (const r of rows) {
    const b = buckets.get(dayjs(r.createdAt).tz(TZ).format(fmt));
    if (!b) continue;
    if (r.balanceChange > 0) b.income += r.balanceChange;
    else b.expense -= r.balanceChange;
  }
  return [...buckets.values()];
}

type LedgerFilter = Range & { direction?: number; kind?: string; refNo?: string };

/**
 * The ledger as the merchant reads it (docs/ledger.md). Each entry's flow comes from its balance change (1 收入 > 0,
 * 2 支出 < 0, 3 划转 = 0: 结算解冻 moves frozen money to withdrawable and is neither income nor expense, whatever
 * direction the row was written with), and the account after it is summed over the entries the caller may read in
 * time order (created_at, then id), the order the list shows: the merchant's, or a shop-limited caller's shops' only
 * (so no figure carries another shop's or the account's money). The stored snapshots follow write order, which
 * differs from time order only for history written back-dated (the demo seeds); in time order the columns always add
 * up row by row. Filters apply after the sums, so a filtered row still shows the account as it was.
 */
function ledgerRows(db: DB, t: Scope) {
  return scopedLedger(db, t).select((eb) => [
    'e.id',
    'e.kind',
    'e.amount',
    'e.balanceChange',
    'e.frozenChange',
    'e.refType',
    'e.refId',
    'e.refNo',
    'e.remark',
    'e.createdAt',
    's.shopId',
    sql<number>`case when ${eb.ref('e.balanceChange')} > 0 then ${LEDGER_FLOW.income} when ${eb.ref('e.balanceChange')} < 0 then ${LEDGER_FLOW.expense} else ${LEDGER_FLOW.transfer} end`.as(
      'direction',
    ),
    eb.fn
      .sum<number>('e.balanceChange')
      .over((ob) => ob.orderBy('e.createdAt').orderBy('e.id'))
      .as('balanceAfter'),
    eb.fn
      .sum<number>('e.frozenChange')
      .over((ob) => ob.orderBy('e.createdAt').orderBy('e.id'))
      .as('frozenAfter'),
  ]);
}

function ledgerBase(db: DB, t: Scope, q: LedgerFilter) {
  let b = db.selectFrom(ledgerRows(db, t).as('l'));
  if (q.refNo) b = b.where('l.refNo', 'like', likeContains(q.refNo));
  if (q.direction) b = b.where('l.direction', '=', q.direction);
  if (q.kind) b = b.where('l.kind', '=', q.kind);
  if (q.startDate) b = b.where('l.createdAt', '>=', dayStartIso(q.startDate));
  if (q.endDate) b = b.where('l.createdAt', '<', dayEndIso(q.endDate));
  return b;
}

/** Which part of the money a caller's finance answers cover (finance.ts FINANCE_SCOPES). */
export const scopeOf = (t: Scope): FinanceScope => (t.allowedShopIds ? 'shops' : 'merchant');

type LedgerSelected = Omit<LedgerEntry, 'withdrawableAfter'>;
const toEntry = (r: LedgerSelected): LedgerEntry => {
  const balanceAfter = Number(r.balanceAfter);
  const frozenAfter = Number(r.frozenAfter);
  return {
    ...r,
    direction: Number(r.direction),
    amount: Number(r.amount),
    balanceChange: Number(r.balanceChange),
    frozenChange: Number(r.frozenChange),
    shopId: r.shopId === null ? null : Number(r.shopId),
    balanceAfter,
    frozenAfter,
    withdrawableAfter: balanceAfter - frozenAfter,
  };
};

/** Newest first; entries of the same instant by id, so pages never overlap or skip. */
const newestFirst = <Q extends { orderBy: (c: 'l.createdAt' | 'l.id', d: 'desc') => Q }>(q: Q) =>
  q.orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc');

export async function ledgerPage(
  db: DB,
  t: Scope,
  q: LedgerFilter & { pageNum: number; pageSize: number },
): Promise<Page<LedgerEntry>> {
  const page = await paginate(ledgerBase(db, t, q), (b) => newestFirst(b.selectAll('l')), q);
  return { total: page.total, records: page.records.map((r) => toEntry(r as LedgerSelected)) };
}

/** Every matching entry, in the list's order (newest first), capped (the export). */
export async function ledgerAll(db: DB, t: Scope, q: LedgerFilter, cap = 20000) {
  const rows = await newestFirst(ledgerBase(db, t, q).selectAll('l'))
    .limit(cap)
    .execute();
  return rows.map((r) => toEntry(r as LedgerSelected));
}

/** Income, expense and transfers (count and fen) of the entries the same filters list. */
export async function ledgerTotals(db: DB, t: Scope, q: LedgerFilter): Promise<LedgerTotals> {
  const rows = await ledgerBase(db, t, q)
    .select(['l.direction', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(l.amount), 0)`.as('amount')])
    .groupBy('l.direction')
    .execute();
  const of = (d: number) => {
    const r = rows.find((x) => Number(x.direction) === d);
    return { count: Number(r?.n ?? 0), amount: Number(r?.amount ?? 0) };
  };
  return {
    scope: scopeOf(t),
    income: of(LEDGER_FLOW.income),
    expense: of(LEDGER_FLOW.expense),
    transfer: of(LEDGER_FLOW.transfer),
  };
}

/** Frozen settlements with the date each unfreezes, soonest first, and their total. */
export async function frozenPage(
  db: DB,
  t: Pick<Tenant, 'merchantId' | 'allowedShopIds'>,
  q: Range & { orderNo?: string; pageNum: number; pageSize: number },
) {
  let b = db
    .selectFrom('financeSettlement')
    .where('merchantId', '=', t.merchantId)
    .where('status', '=', SETTLEMENT_STATUS.FROZEN);
  // A shop-limited finance holder sees only its shops' settlements (docs/security.md), as in the settlement lists.
  const shops = shopsFilter(t);
  if (shops) b = b.where('shopId', 'in', shops);
  if (q.orderNo) b = b.where('orderNo', 'like', likeContains(q.orderNo));
  if (q.startDate) b = b.where('unfreezeAt', '>=', dayStartIso(q.startDate));
  if (q.endDate) b = b.where('unfreezeAt', '<', dayEndIso(q.endDate));
  const page = (await paginate(
    b,
    (x) =>
      x
        .select([
          'id',
          'shopId',
          'orderId',
          'orderNo',
          'orderAmount',
          'commissionRate',
          'commission',
          'amount',
          'status',
          'completedAt',
          'unfreezeAt',
        ])
        .orderBy('unfreezeAt')
        .orderBy('id'),
    q,
  )) as Page<FrozenSettlement>;
  // The total covers the same rows as the list (the shop limit included), whatever the date and order-number filters.
  let total = db
    .selectFrom('financeSettlement')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('merchantId', '=', t.merchantId)
    .where('status', '=', SETTLEMENT_STATUS.FROZEN);
  if (shops) total = total.where('shopId', 'in', shops);
  const sum = await total.executeTakeFirstOrThrow();
  return { ...page, totalAmount: Number(sum.total) };
}

export async function withdrawalPage(
  db: DB,
  merchantId: number,
  q: Range & { status?: number; withdrawNo?: string; pageNum: number; pageSize: number },
): Promise<Page<Withdrawal>> {
  let b = db.selectFrom('financeWithdrawal').where('merchantId', '=', merchantId);
  if (q.status) b = b.where('status', '=', q.status);
  if (q.withdrawNo) b = b.where('withdrawNo', '=', q.withdrawNo);
  if (q.startDate) b = b.where('createdAt', '>=', dayStartIso(q.startDate));
  if (q.endDate) b = b.where('createdAt', '<', dayEndIso(q.endDate));
  return paginate(b, (x) => x.select(WITHDRAWAL_COLUMNS).orderBy('id', 'desc'), q) as Promise<Page<Withdrawal>>;
}

/** Platform review list: every merchant, with the merchant's name and the card's branch (never the whole number). */
export async function auditPage(
  db: DB,
  q: Range & { status?: number; merchantName?: string; withdrawNo?: string; pageNum: number; pageSize: number },
): Promise<Page<WithdrawalAudit>> {
  let b = db
    .selectFrom('financeWithdrawal as w')
    .innerJoin('merchant as m', 'm.id', 'w.merchantId')
    .innerJoin('bankCard as c', 'c.id', 'w.bankCardId');
  if (q.status) b = b.where('w.status', '=', q.status);
  if (q.merchantName) b = b.where('m.name', 'like', likeContains(q.merchantName));
  if (q.withdrawNo) b = b.where('w.withdrawNo', '=', q.withdrawNo);
  if (q.startDate) b = b.where('w.createdAt', '>=', dayStartIso(q.startDate));
  if (q.endDate) b = b.where('w.createdAt', '<', dayEndIso(q.endDate));
  return paginate(
    b,
    (x) =>
      x
        .select(WITHDRAWAL_COLUMNS.map((c) => `w.${c}` as const))
        .select(['m.name as merchantName', 'c.branchName', 'c.branchCode'])
        .orderBy('w.id', 'desc'),
    q,
  ) as Promise<Page<WithdrawalAudit>>;
}

const CARD_COLUMNS = [
  'id',
  'bankName',
  'branchName',
  'branchCode',
  'cardNoMasked',
  'holderName',
  'cardType',
  'mobile',
  'source',
  'status',
  'boundAt',
  'unboundAt',
  'confirmedAt',
] as const;

/** The merchant's bound cards (masked numbers only), each with whether it is confirmed and until when it is held. */
export async function boundCards(db: DB, merchantId: number): Promise<BankCard[]> {
  const rows = await db
    .selectFrom('bankCard')
    .select(CARD_COLUMNS)
    .where('merchantId', '=', merchantId)
    .where('status', '=', BANK_CARD_STATUS.BOUND)
    .orderBy('id', 'desc')
    .execute();
  const now = nowIso();
  return rows.map(({ confirmedAt, ...r }) => ({
    ...r,
    mobile: r.mobile ? maskPhone(r.mobile) : null,
    confirmed: confirmedAt !== null,
    holdUntil: holdUntil({ confirmedAt, boundAt: r.boundAt }, now),
  }));
}

export async function bindingPage(
  db: DB,
  merchantId: number,
  q: Range & { action?: number; keyword?: string; pageNum: number; pageSize: number },
) {
  let b = db.selectFrom('bankCardBinding').where('merchantId', '=', merchantId);
  if (q.action) b = b.where('action', '=', q.action);
  if (q.keyword) {
    const k = likeContains(q.keyword);
    b = b.where((eb) => eb.or([eb('bankName', 'like', k), eb('holderName', 'like', k), eb('cardNoMasked', 'like', k)]));
  }
  if (q.startDate) b = b.where('createdAt', '>=', dayStartIso(q.startDate));
  if (q.endDate) b = b.where('createdAt', '<', dayEndIso(q.endDate));
  return paginate(
    b,
    (x) =>
      x
        .select([
          'id',
          'bankCardId',
          'action',
          'bankName',
          'cardNoMasked',
          'holderName',
          'cardType',
          'source',
          'operatorName',
          'createdAt',
        ])
        .orderBy('id', 'desc'),
    q,
  ) as Promise<Page<BindingRecord>>;
}
