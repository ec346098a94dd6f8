import { momentText } from '@jz/contracts/booking';
import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { ORDER_STATUS } from '@jz/contracts/order';
import { STAFF_LEAVE_STATUS, type StaffLeaveRequest, staffLeaveWithdrawable } from '@jz/contracts/staff';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { leaveRequestQuery } from '@jz/contracts/staff';
import type { DB } from '../../db/client.ts';
import type { StaffCaller } from '../../lib/caller.ts';
import { business, invalid, notFound } from '../../lib/errors.ts';
import { ownShopId } from '../../lib/owned.ts';
import { paginate } from '../../lib/paging.ts';
import { shopAllowed, type Tenant } from '../../lib/tenant.ts';
import { nowIso } from '../../lib/time.ts';
import { employeeHoursOn } from '../merchant/scheduling/employee-hours.ts';
import { addLeave, removeLeave } from '../merchant/scheduling/leave.ts';
import { leavesOf } from '../merchant/scheduling/schedule.ts';
import { sendMessage } from '../merchant/message/message.service.ts';
import { enqueueLeaveAnswer } from '../merchant/notify/notify.service.ts';
import { daysOf } from './staff-jobs.ts';
import './staff.tables.ts';

/**
 * 我的排班 and 请假申请 (docs/staff.md): her hours per day (scheduling's, with its exceptions), her leave and jobs per
 * day, and her requests; the dispatcher approves a request (the leave period is created through scheduling/leave.ts,
 * with its overlap rules) or refuses it with a reply.
 */

/** Longest leave one request may ask for. */
const MAX_LEAVE_DAYS = 31;
/** Orders that count on her days (assigned, not cancelled). */
const COUNTED = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING, ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];

const REQUEST_COLUMNS = [
  'staffLeaveRequest.id',
  'staffLeaveRequest.employeeId',
  'employee.name as employeeName',
  'staffLeaveRequest.shopId',
  'staffLeaveRequest.startsAt as from',
  'staffLeaveRequest.endsAt as to',
  'staffLeaveRequest.reason',
  'staffLeaveRequest.status',
  'staffLeaveRequest.reply',
  'staffLeaveRequest.decidedAt',
  'staffLeaveRequest.createdAt',
  'staffLeaveRequest.updatedAt',
] as const;

const requests = (db: DB) =>
  db.selectFrom('staffLeaveRequest').innerJoin('employee', 'employee.id', 'staffLeaveRequest.employeeId');

/** A row as answered: when she withdrew it (the row's last change) and whether she may withdraw it now. */
function answer<R extends { status: number; from: string; updatedAt: string }>(r: R) {
  const { updatedAt, ...rest } = r;
  return {
    ...rest,
    withdrawnAt: r.status === STAFF_LEAVE_STATUS.withdrawn ? updatedAt : null,
    withdrawable: staffLeaveWithdrawable(r),
  };
}

export async function staffSchedule(db: DB, s: StaffCaller, q: { from: string; to: string }) {
  const { from, to } = daysOf(q);
  const days: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) days.push(d);
  const fromMs = wallMs(from, '00:00');
  const toMs = wallMs(nextDay(to), '00:00');
  const [hours, leaves, jobs, mine] = await Promise.all([
    employeeHoursOn(db, s.employeeId, days),
    leavesOf(db, [s.employeeId], fromMs, toMs),
    db
      .selectFrom('serviceOrder')
      .select('appointmentAt')
      .where('employeeId', '=', s.employeeId)
      .where('merchantId', '=', s.merchantId)
      .where('status', 'in', COUNTED)
      .where('appointmentAt', '>=', new Date(fromMs).toISOString())
      .where('appointmentAt', '<', new Date(toMs).toISOString())
      .execute(),
    requests(db)
      .select(REQUEST_COLUMNS)
      .where('staffLeaveRequest.employeeId', '=', s.employeeId)
      .where('staffLeaveRequest.merchantId', '=', s.merchantId)
      .orderBy('staffLeaveRequest.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  const perDay = new Map<string, number>();
  for (const j of jobs) perDay.set(shanghaiDay(j.appointmentAt), (perDay.get(shanghaiDay(j.appointmentAt)) ?? 0) + 1);
  return {
    days: days.map((date) => {
      const start = wallMs(date, '00:00');
      const end = wallMs(nextDay(date), '00:00');
      return {
        date,
        hours: hours.get(date) ?? [],
        leaves: leaves
          .filter((l) => Date.parse(l.from) < end && start < Date.parse(l.to))
          .map((l) => ({ from: l.from, to: l.to, reason: l.reason })),
        jobs: perDay.get(date) ?? 0,
      };
    }),
    requests: mine.map(answer) as StaffLeaveRequest[],
  };
}

/** '12月5日 08:00 至 12月6日 18:00', Shanghai wall time (as the SMS of the answer words it). */
const span = (from: string, to: string) => `${momentText(Date.parse(from))} 至 ${momentText(Date.parse(to))}`;

/**
 * 请假申请 / 请假撤回 in the message centre (docs/messages.md): to the users of the request's shop who answer leave
 * requests (`leaveRequest` → merchant:dispatch:assign; owners always), inside the caller's transaction. She is no
 * console user, so nobody is left out as the actor.
 */
function leaveMessage(
  trx: DB,
  s: StaffCaller,
  m: { requestId: number; shopId: number; title: string; content: string },
) {
  return sendMessage(trx, {
    merchantId: s.merchantId,
    shopId: m.shopId,
    type: 'system',
    title: m.title,
    content: m.content,
    refType: 'leaveRequest',
    refId: m.requestId,
  });
}

async function requestById(db: DB, merchantId: number, id: number) {
  const r = await requests(db)
    .select(REQUEST_COLUMNS)
    .where('staffLeaveRequest.id', '=', id)
    .where('staffLeaveRequest.merchantId', '=', merchantId)
    .executeTakeFirst();
  return r && answer(r);
}

/**
 * A pending request; refused when it lies in the past, is too long, or overlaps a pending one of hers. Those who answer
 * leave requests in her shop are told (请假申请).
 */
export async function requestLeave(db: DB, s: StaffCaller, v: { from: string; to: string; reason: string }) {
  const from = Date.parse(v.from);
  const to = Date.parse(v.to);
  if (!(from < to)) throw invalid('结束时间须晚于开始时间');
  if (to <= Date.now()) throw invalid('请假结束时间已过');
  if (to - from > MAX_LEAVE_DAYS * 86_400_000) throw invalid(`一次请假最多 ${MAX_LEAVE_DAYS} 天`);
  const fromIso = new Date(from).toISOString();
  const toIso = new Date(to).toISOString();
  const pending = await db
    .selectFrom('staffLeaveRequest')
    .select('id')
    .where('employeeId', '=', s.employeeId)
    .where('status', '=', STAFF_LEAVE_STATUS.pending)
    .where('startsAt', '<', toIso)
    .where('endsAt', '>', fromIso)
    .executeTakeFirst();
  if (pending) throw business('这段时间已有待审批的请假申请');
  const now = nowIso();
  // The request and its 请假申请 message in one transaction: the message exists iff the request does.
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('staffLeaveRequest')
      .values({
        merchantId: s.merchantId,
        shopId: s.shopId,
        employeeId: s.employeeId,
        startsAt: fromIso,
        endsAt: toIso,
        reason: v.reason,
        status: STAFF_LEAVE_STATUS.pending,
        reply: null,
        decidedBy: null,
        decidedAt: null,
        leaveId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await leaveMessage(trx, s, {
      requestId: id,
      shopId: s.shopId,
      title: '请假申请',
      content: `${s.name} 申请请假 ${span(fromIso, toIso)}（事由：${v.reason}），请及时审批`,
    });
    return id;
  });
  return (await requestById(db, s.merchantId, id)) as StaffLeaveRequest;
}

/**
 * 撤回 (docs/staff.md): her own request only (another employee's or merchant's: 2002), while it is pending, or approved
 * and the leave not begun (the approved leave period is removed with it, in one transaction). Refused, withdrawn or
 * begun: 2004 and nothing changes. The status change is conditional, so a dispatcher answering at the same moment and
 * her withdrawal cannot both pass (the answer that loses is refused with 该申请已处理 and undoes its leave). Those who
 * answer leave requests in the request's shop are told (请假撤回, saying whether an approved leave went with it).
 */
export async function withdrawLeave(db: DB, s: StaffCaller, id: number) {
  const r = await db
    .selectFrom('staffLeaveRequest')
    .select(['id', 'shopId', 'status', 'startsAt', 'endsAt', 'leaveId'])
    .where('id', '=', id)
    .where('employeeId', '=', s.employeeId)
    .where('merchantId', '=', s.merchantId)
    .executeTakeFirst();
  if (!r) throw notFound('请假申请不存在');
  if (r.status === STAFF_LEAVE_STATUS.withdrawn) throw business('该申请已撤回');
  if (r.status === STAFF_LEAVE_STATUS.refused) throw business('该申请已被拒绝，无需撤回');
  if (!staffLeaveWithdrawable({ status: r.status, from: r.startsAt }))
    throw business('休假已开始，不能撤回；如需提前结束请联系调度');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const u = await trx
      .updateTable('staffLeaveRequest')
      .set({ status: STAFF_LEAVE_STATUS.withdrawn, updatedAt: now })
      .where('id', '=', r.id)
      .where('status', '=', r.status)
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) !== 1) throw business('该申请刚刚已被调度处理，请刷新后再看');
    // The approved leave goes with it, unless it has begun meanwhile (then nothing is withdrawn).
    if (r.status === STAFF_LEAVE_STATUS.approved && r.leaveId !== null) {
      const gone = await trx
        .deleteFrom('employeeLeave')
        .where('id', '=', r.leaveId)
        .where('employeeId', '=', s.employeeId)
        .where('merchantId', '=', s.merchantId)
        .where('startsAt', '>', now)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) {
        const still = await trx.selectFrom('employeeLeave').select('id').where('id', '=', r.leaveId).executeTakeFirst();
        // The dispatcher may have deleted it already (nothing left to remove); one still there has begun.
        if (still) throw business('休假已开始，不能撤回；如需提前结束请联系调度');
      }
    }
    const approved = r.status === STAFF_LEAVE_STATUS.approved;
    await leaveMessage(trx, s, {
      requestId: r.id,
      shopId: r.shopId,
      title: '请假撤回',
      content: approved
        ? `${s.name} 撤回了已批准的请假 ${span(r.startsAt, r.endsAt)}，该休假已随之取消，这段时间照常上班`
        : `${s.name} 撤回了请假申请 ${span(r.startsAt, r.endsAt)}，无需再审批`,
    });
  });
  return (await requestById(db, s.merchantId, r.id)) as StaffLeaveRequest;
}

// ---------------------------------------------------------------- the dispatcher's side

type Scope = Pick<Tenant, 'merchantId' | 'allowedShopIds'>;

export async function listLeaveRequests(db: DB, t: Scope, q: z.infer<typeof leaveRequestQuery>) {
  await ownShopId(db, t, q.shopId);
  if (q.employeeId !== undefined) {
    const e = await db
      .selectFrom('employee')
      .select('shopId')
      .where('id', '=', q.employeeId)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirst();
    if (!e || !shopAllowed(t, e.shopId)) throw notFound('员工不存在');
  }
  let base = requests(db).where('staffLeaveRequest.merchantId', '=', t.merchantId);
  if (t.allowedShopIds) base = base.where('staffLeaveRequest.shopId', 'in', [...t.allowedShopIds, -1]);
  if (q.shopId !== undefined) base = base.where('staffLeaveRequest.shopId', '=', q.shopId);
  if (q.employeeId !== undefined) base = base.where('staffLeaveRequest.employeeId', '=', q.employeeId);
  if (q.status !== undefined) base = base.where('staffLeaveRequest.status', '=', q.status);
  // Pending first (what the dispatcher has to answer), then the newest.
  const pendingFirst = sql<number>`case when ${sql.ref('staffLeaveRequest.status')} = ${STAFF_LEAVE_STATUS.pending} then 0 else 1 end`;
  const page = await paginate(
    base,
    (b) => b.select(REQUEST_COLUMNS).orderBy(pendingFirst).orderBy('staffLeaveRequest.id', 'desc'),
    q,
  );
  return { ...page, records: page.records.map(answer) };
}

/**
 * 批准: the leave period is created with scheduling's rules (refused while it overlaps assigned jobs or another leave),
 * then the request is marked; 拒绝: marked with the reply. A request already answered is refused (2004).
 */
export async function decideLeaveRequest(
  db: DB,
  t: Scope,
  userId: number,
  v: { id: number; approve: boolean; reply?: string },
) {
  const r = await requestById(db, t.merchantId, v.id);
  if (!r || !shopAllowed(t, r.shopId)) throw notFound('请假申请不存在');
  if (r.status !== STAFF_LEAVE_STATUS.pending) throw business('该申请已处理');
  const now = nowIso();
  let leaveId: number | null = null;
  if (v.approve)
    leaveId = (
      await addLeave(db, t, { employeeId: r.employeeId, from: r.from, to: r.to, reason: `请假：${r.reason}` }, userId)
    ).id;
  // The answer and its SMS to the employee (请假审批结果) in one transaction: the message exists iff the answer does.
  const done = await db.transaction().execute(async (trx) => {
    const u = await trx
      .updateTable('staffLeaveRequest')
      .set({
        status: v.approve ? STAFF_LEAVE_STATUS.approved : STAFF_LEAVE_STATUS.refused,
        reply: v.reply?.trim() || null,
        decidedBy: userId,
        decidedAt: now,
        leaveId,
        updatedAt: now,
      })
      .where('id', '=', r.id)
      .where('status', '=', STAFF_LEAVE_STATUS.pending)
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) !== 1) return u;
    const e = await trx
      .selectFrom('employee')
      .select(['id', 'name', 'phone'])
      .where('id', '=', r.employeeId)
      .executeTakeFirst();
    if (e)
      await enqueueLeaveAnswer(trx, {
        merchantId: t.merchantId,
        shopId: r.shopId,
        employee: e,
        requestId: r.id,
        approved: v.approve,
        from: r.from,
        to: r.to,
        note: v.reply?.trim() || null,
      });
    return u;
  });
  if (Number(done.numUpdatedRows) !== 1) {
    // answered meanwhile by someone else: the leave this call created is not wanted
    if (leaveId !== null) await removeLeave(db, t, leaveId);
    throw business('该申请已处理');
  }
  return (await requestById(db, t.merchantId, r.id))!;
}
