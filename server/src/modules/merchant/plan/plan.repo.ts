import { CARD_STATUS } from '@jz/contracts/card';
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { PlanDetail, PlanRow, VisitRow } from '@jz/contracts/plan';
import { type planAddBody, type planEditBody, type planQuery, ruleHasDay, ruleText } from '@jz/contracts/plan';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { ownRow } from '../../../lib/owned.ts';
import { paginate } from '../../../lib/paging.ts';
import { shopAllowed, shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { bookingContact, clientLabels, linkClientAccount, visibleClient } from '../client/client-booking.service.ts';
import { ensureCustomer } from '../../customer/customer.service.ts';
import { type DatedRule, type Plan, planDays, ruleOn, rulesOf, rulesOfPlans, usedVisits } from './plan-booking.ts';
import './plan.tables.ts';
import '../card/card.tables.ts';
import '../employee/employee.tables.ts';
import '../goods/goods.tables.ts';
import '../goods/goods-spec.tables.ts';
import '../shop/shop.tables.ts';

type AddBody = z.output<typeof planAddBody>;
type EditBody = z.output<typeof planEditBody>;
type Terms = Pick<AddBody, 'employeeId' | 'payMode' | 'cardId'>;

/** The caller's plan (merchant, shop limit), else 2002. */
export async function ownPlan(db: DB, t: Tenant, id: number): Promise<Plan> {
  const shops = shopsFilter(t);
  const p = await db
    .selectFrom('servicePlan')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .$if(shops !== null, (q) => q.where('shopId', 'in', shops!))
    .executeTakeFirst();
  if (!p) throw notFound('周期服务不存在');
  return p;
}

/** The goods item of a plan: the merchant's, at a shop the caller manages; its specification when named. */
async function planGoods(db: DB, t: Tenant, goodsId: number, specId: number | undefined) {
  const g = await db
    .selectFrom('goods')
    .select(['id', 'shopId', 'name'])
    .where('id', '=', goodsId)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!g || !shopAllowed(t, g.shopId)) throw notFound('商品不存在');
  if (specId !== undefined) {
    const s = await db
      .selectFrom('goodsSpec')
      .select('id')
      .where('id', '=', specId)
      .where('goodsId', '=', g.id)
      .executeTakeFirst();
    if (!s) throw notFound('规格不存在');
  }
  return g;
}

/** The preferred employee (of the goods' shop) and the paying card (the client's, for this goods item). */
async function checkTerms(
  db: DB,
  t: Tenant,
  v: Terms,
  plan: { shopId: number; clientId: number; goodsId: number; specId: number | null },
) {
  if (v.employeeId) {
    const e = await db
      .selectFrom('employee')
      .select(['id', 'shopId', 'deletedAt'])
      .where('id', '=', v.employeeId)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirst();
    if (!e || e.deletedAt) throw notFound('员工不存在');
    if (e.shopId !== plan.shopId) throw business('该员工不属于商品所在店铺');
  }
  if (v.payMode === 'card') {
    const c = await db
      .selectFrom('card')
      .select(['id', 'clientId', 'status', 'kind', 'goodsId', 'goodsName', 'specId', 'specName', 'expiresAt'])
      .where('id', '=', v.cardId as number)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirst();
    if (!c || c.clientId !== plan.clientId) throw notFound('卡不存在（须为该客户的卡）');
    if (c.status !== CARD_STATUS.ACTIVE || c.expiresAt <= nowIso()) throw business('该卡已失效（已退卡或已过期）');
    if (c.kind === 'times' && c.goodsId !== plan.goodsId)
      throw business(`该次卡只能用于「${c.goodsName ?? '指定商品'}」`);
    if (c.kind === 'times' && c.specId && c.specId !== plan.specId)
      throw business(`该次卡只能用于规格「${c.specName ?? '指定规格'}」`);
  }
}

/** A rule row of the plan from a day on, as 新增 and 改时间 send it (only the fields of its kind kept). */
export const ruleValues = (
  p: Pick<Plan, 'id' | 'merchantId'>,
  fromDate: string,
  v: Pick<AddBody, 'ruleKind' | 'weekdays' | 'everyWeeks' | 'monthDay' | 'startTime'>,
  createdAt: string,
) => ({
  planId: p.id,
  merchantId: p.merchantId,
  fromDate,
  ruleKind: v.ruleKind,
  weekdays: JSON.stringify(v.ruleKind === 'weekly' ? v.weekdays : []),
  everyWeeks: v.ruleKind === 'weekly' ? v.everyWeeks : 1,
  monthDay: v.ruleKind === 'monthly' ? (v.monthDay ?? null) : null,
  startTime: v.startTime,
  createdAt,
});

/** 新增: the plan with its first rule; the caller books it right after (plan.routes). */
export async function addPlan(db: DB, t: Tenant, v: AddBody, now = Date.now()) {
  if (v.startDate < shanghaiDay(now)) throw business('开始日期不能早于今天');
  const client = await visibleClient(db, t, v.clientId);
  const contact = await bookingContact(db, t.merchantId, client.id, v.clientAddressId, () =>
    notFound('服务地址不存在'),
  );
  const g = await planGoods(db, t, v.goodsId, v.specId);
  await checkTerms(db, t, v, { shopId: g.shopId, clientId: client.id, goodsId: g.id, specId: v.specId ?? null });
  // The orders are the customer's: a client made by hand gets the account of its phone (docs/customers.md).
  let customerId = contact.customerId;
  if (!customerId) {
    customerId = (await ensureCustomer(db, contact.phone, contact.name)).id;
    await linkClientAccount(db, client.id, customerId);
  }
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .insertInto('servicePlan')
      .values({
        merchantId: t.merchantId,
        shopId: g.shopId,
        clientId: client.id,
        clientAddressId: v.clientAddressId,
        customerId,
        goodsId: g.id,
        specId: v.specId ?? null,
        quantity: v.quantity,
        area: v.area ?? null,
        startDate: v.startDate,
        endDate: v.endDate ?? null,
        visitCount: v.visitCount ?? null,
        employeeId: v.employeeId ?? null,
        payMode: v.payMode,
        cardId: v.payMode === 'card' ? (v.cardId ?? null) : null,
        horizonDays: v.horizonDays,
        status: 'active',
        remark: v.remark || null,
        endReason: null,
        pausedAt: null,
        endedAt: null,
        createdBy: t.user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('servicePlanRule')
      .values(ruleValues({ id: p.id, merchantId: t.merchantId }, v.startDate, v, at))
      .execute();
    return p.id;
  });
}

/** 编辑: the terms. Orders already booked keep theirs (their employee, their payment). */
export async function editPlan(db: DB, t: Tenant, v: EditBody) {
  const p = await ownPlan(db, t, v.id);
  if (p.status === 'ended') throw business('周期服务已结束，不能编辑');
  if (v.endDate && v.endDate < p.startDate) throw business('结束日期不能早于开始日期');
  await checkTerms(db, t, v, p);
  await db
    .updateTable('servicePlan')
    .set({
      endDate: v.endDate ?? null,
      visitCount: v.visitCount ?? null,
      employeeId: v.employeeId ?? null,
      payMode: v.payMode,
      cardId: v.payMode === 'card' ? (v.cardId ?? null) : null,
      horizonDays: v.horizonDays,
      remark: v.remark || null,
      updatedAt: nowIso(),
    })
    .where('id', '=', p.id)
    .execute();
}

const ruleRow = (r: DatedRule) => ({ ...r, text: ruleText(r) });

/** The rule shown for a plan: the one in force today, else its first. */
const currentRule = (rules: DatedRule[], today: string) => ruleOn(rules, today) ?? rules[0];

type Filters = z.output<typeof planQuery>;

function listBase(db: DB, t: Tenant, f: Omit<Filters, 'pageNum' | 'pageSize'>) {
  const shops = shopsFilter(t);
  return db
    .selectFrom('servicePlan')
    .where('servicePlan.merchantId', '=', t.merchantId)
    .$if(shops !== null, (q) => q.where('servicePlan.shopId', 'in', shops!))
    .$if(!!f.status, (q) => q.where('servicePlan.status', '=', f.status!))
    .$if(!!f.clientId, (q) => q.where('servicePlan.clientId', '=', f.clientId!))
    .$if(!!f.employeeId, (q) => q.where('servicePlan.employeeId', '=', f.employeeId!))
    .$if(!!f.withExceptions, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('planVisit')
            .select(sql`1`.as('x'))
            .whereRef('planVisit.planId', '=', 'servicePlan.id')
            .where('planVisit.status', '=', 'exception'),
        ),
      ),
    );
}

/** Rows as the list and the detail show them (names, masked address, counts, next visit). */
async function toRows(db: DB, t: Tenant, plans: Plan[], now = Date.now()): Promise<PlanRow[]> {
  if (!plans.length) return [];
  const ids = plans.map((p) => p.id);
  const today = shanghaiDay(now);
  const [rulesOfPlan, shops, goods, specs, employees, cards, labels, counts, next] = await Promise.all([
    rulesOfPlans(db, ids),
    db.selectFrom('shop').select(['id', 'name']).where('merchantId', '=', t.merchantId).execute(),
    db
      .selectFrom('goods')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        plans.map((p) => p.goodsId),
      )
      .execute(),
    db
      .selectFrom('goodsSpec')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...plans.map((p) => p.specId ?? 0)])
      .execute(),
    db
      .selectFrom('employee')
      .select(['id', 'name'])
      .where('id', 'in', [0, ...plans.map((p) => p.employeeId ?? 0)])
      .execute(),
    db
      .selectFrom('card')
      .select(['id', 'name', 'cardNo'])
      .where('id', 'in', [0, ...plans.map((p) => p.cardId ?? 0)])
      .execute(),
    clientLabels(
      db,
      t.merchantId,
      plans.map((p) => p.clientId),
      plans.map((p) => p.clientAddressId),
    ),
    db
      .selectFrom('planVisit')
      .leftJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
      .select(['planVisit.planId', 'planVisit.status', 'serviceOrder.status as orderStatus'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('planVisit.planId', 'in', ids)
      .groupBy(['planVisit.planId', 'planVisit.status', 'serviceOrder.status'])
      .execute(),
    db
      .selectFrom('planVisit')
      .innerJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
      .select(['planVisit.planId'])
      .select((eb) => eb.fn.min('serviceOrder.appointmentAt').as('at'))
      .where('planVisit.planId', 'in', ids)
      .where('planVisit.status', '=', 'booked')
      .where('serviceOrder.status', 'in', [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE])
      .where('serviceOrder.appointmentAt', '>', new Date(now).toISOString())
      .groupBy('planVisit.planId')
      .execute(),
  ]);
  const name = <T extends { id: number; name: string }>(list: T[], id: number | null) =>
    id === null ? null : (list.find((x) => x.id === id)?.name ?? null);
  return plans.map((p) => {
    const rules = rulesOfPlan.get(p.id) ?? [];
    const mine = counts.filter((c) => c.planId === p.id);
    const card = cards.find((c) => c.id === p.cardId);
    return {
      id: p.id,
      shopId: p.shopId,
      shopName: name(shops, p.shopId) ?? '',
      clientId: p.clientId,
      clientName: labels.names.get(p.clientId) ?? '',
      clientAddressId: p.clientAddressId,
      address: labels.addresses.get(p.clientAddressId) ?? '',
      goodsId: p.goodsId,
      goodsName: name(goods, p.goodsId) ?? '',
      specId: p.specId,
      specName: name(specs, p.specId),
      ruleText: rules.length ? ruleText(currentRule(rules, today)) : '',
      startDate: p.startDate,
      endDate: p.endDate,
      visitCount: p.visitCount,
      employeeId: p.employeeId,
      employeeName: name(employees, p.employeeId),
      payMode: p.payMode,
      cardId: p.cardId,
      cardName: card ? `${card.name}（${card.cardNo}）` : null,
      horizonDays: p.horizonDays,
      status: p.status,
      bookedVisits: mine
        .filter((c) => c.status === 'booked' && c.orderStatus !== ORDER_STATUS.CANCELLED)
        .reduce((a, c) => a + Number(c.n), 0),
      exceptionCount: mine.filter((c) => c.status === 'exception').reduce((a, c) => a + Number(c.n), 0),
      nextVisitAt: (next.find((n) => n.planId === p.id)?.at as string | undefined) ?? null,
      createdAt: p.createdAt,
    };
  });
}

export async function pagePlans(db: DB, t: Tenant, q: Filters) {
  const { pageNum, pageSize, ...f } = q;
  // A filter naming another merchant's client or employee is "not found", as for every list (lib/owned.ts).
  await ownRow(db, t, 'client', f.clientId, '客户不存在');
  await ownRow(db, t, 'employee', f.employeeId, '员工不存在');
  const page = await paginate(listBase(db, t, f), (b) => b.selectAll('servicePlan').orderBy('servicePlan.id', 'desc'), {
    pageNum,
    pageSize,
  });
  return { total: page.total, records: await toRows(db, t, page.records as Plan[]) };
}

/** Visits waiting for the dispatcher at the caller's shops (the board's and the list's count). */
export async function exceptionCount(db: DB, t: Tenant) {
  const shops = shopsFilter(t);
  const r = await db
    .selectFrom('planVisit')
    .innerJoin('servicePlan', 'servicePlan.id', 'planVisit.planId')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('planVisit.planId').distinct().as('plans')])
    .where('planVisit.merchantId', '=', t.merchantId)
    .where('planVisit.status', '=', 'exception')
    .where('servicePlan.status', '!=', 'ended')
    .$if(shops !== null, (q) => q.where('planVisit.shopId', 'in', shops!))
    .executeTakeFirst();
  return { count: Number(r?.n ?? 0), plans: Number(r?.plans ?? 0) };
}

/** How many upcoming days past the booking horizon the detail shows. */
const UPCOMING = 6;

/**
 * The plan's visits from today on and its open exceptions, with their orders; offRule: a live order not at the day and
 * time its rule now has (改时间 leaves booked orders as they are).
 */
export async function planVisits(db: DB, planId: number, rules: DatedRule[], now = Date.now()): Promise<VisitRow[]> {
  const visits = await db
    .selectFrom('planVisit')
    .leftJoin('serviceOrder', 'serviceOrder.id', 'planVisit.orderId')
    .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
    .select([
      'planVisit.id',
      'planVisit.day',
      'planVisit.appointmentAt',
      'planVisit.status',
      'planVisit.reason',
      'planVisit.note',
      'planVisit.attempts',
      'planVisit.orderId',
      'planVisit.updatedAt',
      'serviceOrder.orderNo',
      'serviceOrder.status as orderStatus',
      'serviceOrder.appointmentAt as orderAt',
      'employee.name as employeeName',
    ])
    .where('planVisit.planId', '=', planId)
    .where((eb) => eb.or([eb('planVisit.day', '>=', shanghaiDay(now)), eb('planVisit.status', '=', 'exception')]))
    .orderBy('planVisit.day')
    .execute();
  return visits.map((v) => {
    const rule = ruleOn(rules, v.day);
    const live = v.status === 'booked' && v.orderStatus !== null && v.orderStatus !== ORDER_STATUS.CANCELLED;
    const onRule =
      !!rule && ruleHasDay(rule, rule.fromDate, v.day) && Date.parse(v.orderAt ?? '') === wallMs(v.day, rule.startTime);
    return {
      id: v.id,
      date: v.day,
      appointmentAt: v.orderAt ?? v.appointmentAt,
      status: v.status,
      reason: v.reason,
      note: v.note,
      attempts: v.attempts,
      orderId: v.orderId,
      orderNo: v.orderNo ?? null,
      orderStatus: v.orderStatus ?? null,
      employeeName: v.employeeName ?? null,
      offRule: live && !onRule,
      updatedAt: v.updatedAt,
    };
  });
}

/**
 * The next days the plan will book that have no visit yet (UPCOMING at most): none once ended; a plan of N visits
 * shows only the days it still owes (its open exceptions hold visits too: usedVisits).
 */
async function upcomingDays(db: DB, p: Plan, rules: DatedRule[], seen: Set<string>, now: number) {
  if (p.status === 'ended') return [];
  const owed = p.visitCount === null ? UPCOMING : Math.max(0, p.visitCount - (await usedVisits(db, p.id)));
  const today = shanghaiDay(now);
  return planDays(p, rules, today, nextDay(today, p.horizonDays + 120))
    .filter((d) => d.at > now && !seen.has(d.day))
    .slice(0, Math.min(UPCOMING, owed))
    .map((d) => ({ date: d.day, appointmentAt: new Date(d.at).toISOString() }));
}

export async function planDetail(db: DB, t: Tenant, id: number, now = Date.now()): Promise<PlanDetail> {
  const p = await ownPlan(db, t, id);
  const [row] = await toRows(db, t, [p], now);
  const rules = await rulesOf(db, p.id);
  const visits = await planVisits(db, p.id, rules, now);
  const upcoming = await upcomingDays(db, p, rules, new Set(visits.map((v) => v.date)), now);
  return {
    ...row,
    quantity: p.quantity,
    area: p.area,
    remark: p.remark,
    endReason: p.endReason,
    rule: ruleRow(currentRule(rules, shanghaiDay(now))),
    rules: rules.map(ruleRow),
    visits,
    upcoming,
  };
}
