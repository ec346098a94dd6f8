import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import { quantityLabel, specLabel } from '@jz/contracts/goods-pricing';
import { maskPhone } from '@jz/contracts/mask';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type ArrivalFlag, PHONE_WINDOW_AFTER_MS, STAFF_MAX_DAYS, type StaffJob } from '@jz/contracts/staff';
import type { DB } from '../../db/client.ts';
import type { StaffCaller } from '../../lib/caller.ts';
import { business, invalid, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { addressNotesFor } from '../merchant/client/client.service.ts';
import { serviceText, sheetLine, sheetTime } from '../merchant/dispatch/day-sheet.ts';
import { currentProgress, jobStepOf, progressOf } from '../merchant/scheduling/job-progress.ts';
import { jobQuery, toJob } from '../merchant/scheduling/schedule.ts';
import './staff.tables.ts';

/**
 * Her jobs (docs/staff.md): orders assigned to the signed-in employee, 待服务 … 已评价, in time order, with what she
 * needs at the door. Every query names her employee id and merchant: another employee's order is "not found" (2002).
 */

/** Orders a staff member sees: assigned and not cancelled. */
const LISTED = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING, ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];

const iso = (ms: number) => new Date(ms).toISOString();

const jobRows = (db: DB, s: StaffCaller) =>
  jobQuery(db)
    .select([
      'serviceOrder.customerPhone',
      'serviceOrder.remark',
      'serviceOrder.verifiedAt',
      'serviceOrder.completedAt',
      'serviceOrder.clientAddressId',
      'serviceOrder.merchantId',
    ])
    .where('serviceOrder.merchantId', '=', s.merchantId)
    .where('serviceOrder.employeeId', '=', s.employeeId)
    .where('serviceOrder.status', 'in', LISTED);

type Row = Awaited<ReturnType<ReturnType<typeof jobRows>['execute']>>[number];

/** The customer's full phone may be read from the start of the day before the job until 24 h after it ends. */
export function phoneWindow(from: number, to: number) {
  return { opens: wallMs(nextDay(shanghaiDay(from), -1), '00:00'), closes: to + PHONE_WINDOW_AFTER_MS };
}

async function toJobs(db: DB, rows: Row[]): Promise<StaffJob[]> {
  const progress = await progressOf(
    db,
    rows.map((r) => r.id),
  );
  const notes = await addressNotesFor(
    db,
    rows[0]?.merchantId ?? 0,
    rows.map((r) => r.clientAddressId),
  );
  const now = Date.now();
  return rows.map((r) => {
    const j = toJob(r, 0);
    const p = currentProgress(r, progress.get(r.id));
    const w = phoneWindow(j.from, j.to);
    const quantity = quantityLabel(r);
    const phoneMasked = maskPhone(r.customerPhone);
    const remark = r.remark?.trim() || null;
    const addressNotes = (r.clientAddressId && notes.get(r.clientAddressId)) || null;
    return {
      orderId: r.id,
      orderNo: r.orderNo,
      status: r.status,
      step: jobStepOf(r, p),
      startsAt: iso(j.from),
      endsAt: iso(j.to),
      durationMinutes: j.minutes,
      goodsName: r.goodsName,
      // As the 派工单 says it: not repeated when the goods name or its unit already says it ('日常保洁 3 小时').
      specName: specLabel(r),
      quantityLabel: quantity,
      customerName: r.customerName,
      customerPhoneMasked: phoneMasked,
      phoneCallable: w.opens <= now && now < w.closes,
      address: r.address,
      lat: r.lat,
      lng: r.lng,
      addressNotes,
      remark,
      sheetText: sheetLine({
        time: sheetTime(shanghaiDay(j.from), j.from, j.to),
        service: serviceText(r, quantity),
        customerName: r.customerName,
        customerPhone: phoneMasked,
        address: r.address,
        addressNotes,
        remark,
      }),
      departedAt: p?.departedAt ?? null,
      arrivedAt: p?.arrivedAt ?? null,
      arrivalDistanceM: p?.arrivalDistanceM ?? null,
      arrivalFlag: (p?.arrivalFlag as ArrivalFlag | null) ?? null,
      startedAt: r.verifiedAt,
      finishedAt: r.completedAt,
      photos: p?.photos ?? [],
      finishNote: p?.finishNote ?? null,
    };
  });
}

/** The Shanghai days asked for: `date`, or `from`–`to` (at most STAFF_MAX_DAYS), or today. */
export function daysOf(q: { date?: string; from?: string; to?: string }) {
  const from = q.date ?? q.from ?? shanghaiDay(Date.now());
  const to = q.date ?? q.to ?? from;
  if (to < from) throw invalid('结束日期不能早于开始日期');
  const n = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (!Number.isFinite(n) || n > STAFF_MAX_DAYS) throw invalid(`一次最多查询 ${STAFF_MAX_DAYS} 天`);
  return { from, to };
}

/** Her jobs starting on the days asked (Shanghai), in time order. */
export async function staffJobs(db: DB, s: StaffCaller, q: { date?: string; from?: string; to?: string }) {
  const { from, to } = daysOf(q);
  const rows = await jobRows(db, s)
    .where('serviceOrder.appointmentAt', '>=', iso(wallMs(from, '00:00')))
    .where('serviceOrder.appointmentAt', '<', iso(wallMs(nextDay(to), '00:00')))
    .orderBy('serviceOrder.appointmentAt')
    .orderBy('serviceOrder.id')
    .execute();
  return { from, to, jobs: await toJobs(db, rows) };
}

/** One of her jobs, else 2002. */
export async function staffJob(db: DB, s: StaffCaller, orderId: number): Promise<StaffJob> {
  const rows = await jobRows(db, s).where('serviceOrder.id', '=', orderId).execute();
  if (!rows.length) throw notFound('订单不存在');
  return (await toJobs(db, rows))[0];
}

/** The jobs she completed in a Shanghai month (by completion time), newest first. */
export async function staffMonth(db: DB, s: StaffCaller, month = shanghaiDay(Date.now()).slice(0, 7)) {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const rows = await jobRows(db, s)
    .where('serviceOrder.status', 'in', [ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED])
    .where('serviceOrder.completedAt', '>=', iso(wallMs(first, '00:00')))
    .where('serviceOrder.completedAt', '<', iso(wallMs(next, '00:00')))
    .orderBy('serviceOrder.completedAt', 'desc')
    .limit(500)
    .execute();
  const jobs = await toJobs(db, rows);
  return { month, completed: jobs.length, jobs };
}

/** The full phone inside the window, each read recorded; outside it 2004 with the window said. */
export async function revealPhone(db: DB, s: StaffCaller, orderId: number) {
  const rows = await jobRows(db, s).where('serviceOrder.id', '=', orderId).execute();
  const r = rows[0];
  if (!r) throw notFound('订单不存在');
  const j = toJob(r, 0);
  const w = phoneWindow(j.from, j.to);
  const now = Date.now();
  if (now < w.opens) throw business('服务前一天起才能查看顾客完整电话');
  if (now >= w.closes) throw business('服务结束已超过 24 小时，不能再查看顾客电话');
  await db
    .insertInto('staffPhoneReveal')
    .values({ merchantId: s.merchantId, employeeId: s.employeeId, orderId: r.id, createdAt: nowIso() })
    .execute();
  return { phone: r.customerPhone };
}
