import { type LeaveAdd, type LeaveCheckResult, type LeaveRow, spanText } from '@jz/contracts/dispatch';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { lockEmployee } from './employee-lock.ts';
import { jobsOf, leavesOf, shopTime } from './schedule.ts';

/**
 * Leave periods (休假, docs/dispatch.md): dated [from, to) rows of employee_leave. A leave that overlaps jobs already assigned
 * is refused (2004) listing the orders to move first; overlapping leaves are refused too (edit = delete + add).
 */
export type LeaveScope = Pick<Tenant, 'merchantId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;
type Scope = LeaveScope;

/** The caller's live employee (inside a sub-account's shop limit), else 2002. */
export async function ownEmployee(db: DB, t: Scope, employeeId: number) {
  const e = await db
    .selectFrom('employee')
    .select(['id', 'name', 'shopId', 'workState'])
    .where('id', '=', employeeId)
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!e || !shopAllowed({ allowedShopIds: t.allowedShopIds ?? null }, e.shopId)) throw notFound('员工不存在');
  return e;
}

/** Leaves ending after 30 days ago, earliest first. */
export async function listLeaves(db: DB, t: Scope, employeeId: number): Promise<LeaveRow[]> {
  await ownEmployee(db, t, employeeId);
  return leavesOf(db, [employeeId], Date.now() - 30 * 86_400_000, Date.parse('9999-12-31T00:00:00Z'));
}

/** The employee's jobs (not their buffers) inside [from, to): what a leave then must not cover. */
async function jobsInside(db: DB, e: { id: number; shopId: number }, from: number, to: number) {
  const { bufferMinutes } = await shopTime(db, e.shopId);
  return (await jobsOf(db, [e.id], from, to, bufferMinutes)).filter((j) => j.from < to && from < j.to);
}

/** What a leave would collide with, asked before adding it: her assigned jobs inside it and overlapping leaves. */
export async function checkLeave(
  db: DB,
  t: Scope,
  v: { employeeId: number; from: string; to: string },
): Promise<LeaveCheckResult> {
  const e = await ownEmployee(db, t, v.employeeId);
  const from = Date.parse(v.from);
  const to = Date.parse(v.to);
  const [jobs, leaves] = await Promise.all([jobsInside(db, e, from, to), leavesOf(db, [e.id], from, to)]);
  return {
    orders: jobs.map((j) => ({
      orderId: j.id,
      orderNo: j.orderNo,
      status: j.status,
      goodsName: j.goodsName,
      from: new Date(j.from).toISOString(),
      to: new Date(j.to).toISOString(),
      time: spanText(j.from, j.to),
      customerName: j.customerName,
    })),
    leaves,
  };
}

export async function addLeave(db: DB, t: Scope, v: LeaveAdd, createdBy: number | null) {
  return db.transaction().execute(async (trx) => {
    const e = await ownEmployee(trx, t, v.employeeId);
    await lockEmployee(trx, e.id);
    const from = Date.parse(v.from);
    const to = Date.parse(v.to);
    const [other] = await leavesOf(trx, [e.id], from, to);
    if (other)
      throw business(`${e.name} 已有 ${spanText(Date.parse(other.from), Date.parse(other.to))} 的休假，与本次时间重叠`);
    // The jobs themselves (not their buffers) must lie outside the leave.
    const jobs = await jobsInside(trx, e, from, to);
    if (jobs.length)
      throw business(
        `${e.name} 休假期间还有 ${jobs.length} 个进行中的订单，请先改派：${jobs
          .slice(0, 5)
          .map((j) => `${j.orderNo}（${j.goodsName}，${spanText(j.from, j.to)}）`)
          .join('、')}${jobs.length > 5 ? ' 等' : ''}`,
      );
    const now = nowIso();
    return trx
      .insertInto('employeeLeave')
      .values({
        merchantId: t.merchantId,
        employeeId: e.id,
        startsAt: v.from,
        endsAt: v.to,
        reason: v.reason ?? null,
        createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

export async function removeLeave(db: DB, t: Scope, id: number) {
  const l = await db
    .selectFrom('employeeLeave')
    .select(['id', 'employeeId'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!l) throw notFound('休假记录不存在');
  await ownEmployee(db, t, l.employeeId).catch(() => {
    throw notFound('休假记录不存在');
  });
  await db.deleteFrom('employeeLeave').where('id', '=', id).where('merchantId', '=', t.merchantId).execute();
}

/** 空闲 set by hand: the leave covering now ends now. */
export async function endLeaveNow(db: DB, merchantId: number, employeeId: number) {
  const now = nowIso();
  await db
    .updateTable('employeeLeave')
    .set({ endsAt: now, updatedAt: now })
    .where('merchantId', '=', merchantId)
    .where('employeeId', '=', employeeId)
    .where('startsAt', '<=', now)
    .where('endsAt', '>', now)
    .execute();
}
