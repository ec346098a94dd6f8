import {
  legacySpecOf,
  type PricedSpec,
  quantityLabel,
  type Quote,
  quoteSpec,
  SPEC_STATUS,
} from '@jz/contracts/goods-pricing';
import { ORDER_STATUS } from '@jz/contracts/order';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { dayEndIso, dayjs, dayStartIso, TZ } from '../../../lib/time.ts';
import type { OrderRow, Trx } from './order-transition.steps.ts';
import './order.tables.ts';
import '../goods/goods-spec.tables.ts';

/**
 * The specification an order is placed for (docs/goods-specifications.md §3): chosen, counted against its daily
 * capacity, quoted, and its stock taken inside the order's transaction and given back when the order is cancelled.
 */

/** A specification to order: a goods_spec row, or the goods' legacy one (id null) while the item has none. */
export type OrderSpec = PricedSpec & { id: number | null };

/** What the choice reads of the goods item (its legacy specification when it has no goods_spec rows). */
export interface SpecGoods {
  id: number;
  name: string;
  price: number;
  originalPrice: number;
  unit: string;
  durationMinutes: number;
  minQuantity: number;
}

/**
 * The chosen specification of `g`: `specId` must name one of this item's (another item's: 2002); without it the item
 * must have exactly one on sale. An item without any specification (written before the goods module wrote them)
 * orders as its one legacy specification, not stored.
 */
export async function chooseSpec(db: DB, g: SpecGoods, specId: number | undefined): Promise<OrderSpec> {
  const rows = await db
    .selectFrom('goodsSpec')
    .selectAll()
    .where('goodsId', '=', g.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (specId !== undefined) {
    const s = rows.find((r) => r.id === specId);
    if (!s) throw notFound('规格不存在');
    return s;
  }
  if (!rows.length) return { ...legacySpecOf(g), id: null };
  const on = rows.filter((r) => r.status === SPEC_STATUS.ON);
  if (on.length > 1) throw business('该商品有多个规格，请选择规格');
  if (!on.length) throw business('该商品暂无可售规格');
  return on[0];
}

/** Orders of the specification on the appointment's Shanghai day (cancelled ones free their place). */
export async function bookedOnDay(db: DB, goodsId: number, specId: number, appointmentAt: string) {
  const day = dayjs(appointmentAt).tz(TZ).format('YYYY-MM-DD');
  const r = await db
    .selectFrom('serviceOrder')
    .select(sql<number>`count(*)`.as('n'))
    .where('goodsId', '=', goodsId)
    .where('specId', '=', specId)
    .where('appointmentAt', '>=', dayStartIso(day))
    .where('appointmentAt', '<', dayEndIso(day))
    .where('status', '<>', ORDER_STATUS.CANCELLED)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The quote of the booking, or the specification's Chinese refusal as 2004. */
export async function quoteOrder(
  db: DB,
  goodsId: number,
  spec: OrderSpec,
  v: { quantity?: number; area?: number; appointmentAt: string },
): Promise<Quote> {
  const counted = spec.id !== null && spec.dailyCapacity != null;
  const booked = counted ? await bookedOnDay(db, goodsId, spec.id as number, v.appointmentAt) : null;
  const q = quoteSpec(spec, { quantity: v.quantity, area: v.area, bookedOnDay: booked });
  if (!q.ok) throw business(q.message);
  return q;
}

/**
 * What the timeline says was ordered: '日常保洁 · 3小时 × 1', '开荒保洁 · 1平方米（120 平方米，按起步价）',
 * '开荒保洁 · 61–90㎡（85 平方米）'; an item ordered as its legacy specification named after it: '月嫂 × 1'.
 */
export function placedWhat(
  goodsName: string,
  specName: string,
  snap: { specMode: string; quantity: number; unit: string; area: number | null },
  quote: Quote,
) {
  const what = specName === goodsName ? goodsName : `${goodsName} · ${specName}`;
  const label = quantityLabel(snap);
  if (snap.specMode === 'fixed') return `${what} ${label}`;
  return `${what}（${label}${quote.minChargeApplied ? '，按起步价' : ''}）`;
}

/** An order's goods as messages name it: '日常保洁 · 3小时 × 1', '开荒保洁 · 120 平方米'; older orders '保洁 × 2'. */
export function orderedWhat(o: Pick<OrderRow, 'goodsName' | 'specName' | 'specMode' | 'quantity' | 'unit' | 'area'>) {
  if (!o.specName || !o.specMode) return `${o.goodsName} × ${o.quantity}`;
  const what = o.specName === o.goodsName ? o.goodsName : `${o.goodsName} · ${o.specName}`;
  return `${what} ${quantityLabel(o)}`;
}

/** Takes one from the specification's stock (unlimited: no change); none left meanwhile = 售罄 (2004). */
export async function takeSpecStock(trx: Trx, spec: OrderSpec) {
  if (spec.id === null) return;
  const r = await trx
    .updateTable('goodsSpec')
    .set({ stock: sql`stock - 1` })
    .where('id', '=', spec.id)
    .where((w) => w.or([w('stock', 'is', null), w('stock', '>', 0)]))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw business(`规格「${spec.name}」已售罄`);
}

/**
 * Gives the order's one back to its specification's stock when the order is cancelled or expires (in the
 * transition's transaction). An unlimited or deleted specification is left alone.
 */
export async function releaseSpecStock(trx: Trx, o: Pick<OrderRow, 'specId' | 'merchantId'>) {
  if (o.specId === null) return;
  await trx
    .updateTable('goodsSpec')
    .set({ stock: sql`stock + 1` })
    .where('id', '=', o.specId)
    .where('merchantId', '=', o.merchantId)
    .where('stock', 'is not', null)
    .execute();
}
