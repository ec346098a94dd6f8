import { hoursOnDay, shanghaiDay, spanText, type WeeklyHours, occupancy } from '@jz/contracts/dispatch';
import { WORK_STATE } from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import {
  type Actor,
  apply,
  employeeName,
  inTransition,
  loadOrder,
  type MerchantScope,
  notify,
  type OrderRow,
  releaseEmployee,
  scopeOf,
  statusName,
  takeEmployee,
  type Trx,
} from './order-transition.steps.ts';
import {
  employeeConflicts,
  categoryParents,
  isOnDuty,
  leavesOf,
  minutesOf,
  onLeave,
  parseJson,
  shopTime,
  skillOk,
} from '../scheduling/schedule.ts';
import { assertNotBlocked } from '../scheduling/client-prefs.ts';
import { lockEmployee } from '../scheduling/employee-lock.ts';
import { exceptionsOf } from '../scheduling/shift-exception.ts';

type OrderForCheck = Pick<
  OrderRow,
  'id' | 'merchantId' | 'shopId' | 'goodsId' | 'appointmentAt' | 'durationMinutes' | 'employeeId'
>;

const hoursText = (h: { from: string; to: string }[]) =>
  h.length ? h.map((r) => `${r.from}–${r.to}`).join('、') : '休息';

/**
 * Throws 2002 (no such employee) or 2004 naming why the employee cannot serve the order: resigned, another shop, lacks
 * the skill, on leave, off duty, or another job (with its number, service and time) overlaps. Locks the employee row
 * first: call it inside the assignment's transaction, before writing.
 */
export async function assertAssignable(trx: Trx | DB, o: OrderForCheck, employeeId: number) {
  await lockEmployee(trx, employeeId);
  const e = await trx
    .selectFrom('employee')
    .select(['id', 'name', 'shopId', 'workState', 'fuwuIds', 'workHours', 'deletedAt'])
    .where('id', '=', employeeId)
    .where('merchantId', '=', o.merchantId)
    .executeTakeFirst();
  if (!e || e.deletedAt) throw notFound('员工不存在');
  if (e.shopId !== o.shopId) throw business('该员工不属于订单所在店铺');
  if (e.workState === WORK_STATE.RESIGNED) throw business('该员工已离职，不能指派');
  if (e.workState === WORK_STATE.LEAVE) throw business('该员工正在休假，不能指派'); // stored 休假 (by hand, legacy)

  const st = await shopTime(trx as DB, o.shopId);
  const goods = await trx
    .selectFrom('goods')
    .leftJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .select(['goods.fuwuId', 'goods.durationMinutes', 'fuwu.name as fuwuName'])
    .where('goods.id', '=', o.goodsId)
    .executeTakeFirst();
  const { minutes } = minutesOf({ durationMinutes: o.durationMinutes, goodsMinutes: goods?.durationMinutes ?? null });
  const job = occupancy(o.appointmentAt, minutes, st.bufferMinutes);
  const when = spanText(job.from, job.to);

  if (goods && !skillOk(parseJson<number[]>(e.fuwuIds, []), goods.fuwuId, await categoryParents(trx as DB)))
    throw business(`${e.name} 的服务类目不含「${goods.fuwuName ?? '该服务'}」，不能指派`);

  const leave = onLeave(await leavesOf(trx as DB, [e.id], job.from, job.to), job);
  if (leave)
    throw business(`${e.name} ${spanText(Date.parse(leave.from), Date.parse(leave.to))} 休假，与本单 ${when} 时间冲突`);

  const hours = parseJson<WeeklyHours | null>(e.workHours, null);
  const exceptions = (await exceptionsOf(trx as DB, [e.id], job.from, job.to)).get(e.id);
  if (!isOnDuty(hours, st.shopHours, job, exceptions))
    throw business(
      `本单 ${when} 不在 ${e.name} 的工作时间内（当天 ${hoursText(hoursOnDay(hours, st.shopHours, shanghaiDay(job.from), exceptions))}）`,
    );

  const [c] = await employeeConflicts(trx as DB, e.id, job, o.id, st.bufferMinutes);
  if (c)
    throw business(
      `${e.name} ${spanText(c.from, c.to)} 已有订单 ${c.orderNo}（${c.goodsName}），与本单 ${when} 时间冲突（两单之间须留 ${st.bufferMinutes} 分钟路程）`,
    );
}

/**
 * setYuangong by time: 20 -> 30 (accept by assigning) or 30 -> 30 (re-assign), in one transaction that locks the
 * employee, checks the schedule (assertAssignable) and the client's 不派 list (assertNotBlocked), marks the employee and
 * moves the order with its timeline, live event and message — the order module's transition, with the checks in front.
 */
export async function assignEmployee(
  db: DB,
  scope: MerchantScope,
  orderId: number,
  employeeId: number,
  actor: Actor,
  opts: { onlyFree?: boolean } = {},
) {
  const o = await inTransition(db, async (trx) => {
    const o = await loadOrder(trx, orderId, scopeOf(scope));
    if (o.status !== ORDER_STATUS.WAITING && o.status !== ORDER_STATUS.TO_SERVE)
      throw business(`订单当前状态为「${statusName(o.status)}」，不能指派员工`);
    if (o.status === ORDER_STATUS.TO_SERVE && o.employeeId === employeeId) throw business('订单已指派给该员工');
    await assertAssignable(trx, o, employeeId);
    // A new choice only: 改约 keeps an employee assigned before the client blocked her (docs/dispatch.md §3.2).
    await assertNotBlocked(trx, o.id, employeeId);
    await takeEmployee(trx, o, employeeId, opts.onlyFree ?? false);
    const name = await employeeName(trx, employeeId);
    const at = nowIso();
    if (o.status === ORDER_STATUS.WAITING) {
      await apply(
        trx,
        o,
        actor,
        {
          from: ORDER_STATUS.WAITING,
          to: ORDER_STATUS.TO_SERVE,
          set: { employeeId, acceptedAt: at },
          verb: '接单',
          action: actor.type === 'system' ? '自动接单' : '接单并指派员工',
          remark: `服务人员：${name}`,
          kind: 'accepted',
          message: {
            title: '订单已接单',
            content: `订单 ${o.orderNo}（${o.goodsName}）已接单，服务人员：${name}`,
            selfCaused: 'nobody',
          },
        },
        at,
      );
    } else {
      const old = o.employeeId ? await employeeName(trx, o.employeeId) : '无';
      await apply(
        trx,
        o,
        actor,
        {
          from: ORDER_STATUS.TO_SERVE,
          to: ORDER_STATUS.TO_SERVE,
          set: { employeeId },
          where: { employeeId: o.employeeId },
          verb: '改派员工',
          action: '改派员工',
          remark: `${old} → ${name}`,
          kind: 'reassigned',
          message: {
            title: '订单已改派',
            content: `订单 ${o.orderNo} 的服务人员由 ${old} 改为 ${name}`,
            selfCaused: 'nobody',
          },
        },
        at,
      );
      await releaseEmployee(trx, o.employeeId);
    }
    return o;
  });
  await notify(db, o.merchantId);
  return { id: o.id };
}
