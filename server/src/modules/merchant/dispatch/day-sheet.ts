import {
  type DaySheetEmployee,
  type DaySheetJob,
  type DaySheetQuery,
  type DaySheetResult,
  nextDay,
  shanghaiDay,
  spanText,
  wallHm,
  wallMs,
} from '@jz/contracts/dispatch';
import { quantityLabel, specLabel } from '@jz/contracts/goods-pricing';
import { maskPhone } from '@jz/contracts/mask';
import { ORDER_STATUS, ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/order';
import type { DB } from '../../../db/client.ts';
import type { ExportColumn, TableExport } from '../../../lib/export/table-export.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { shopAllowed, type Tenant } from '../../../lib/tenant.ts';
import { addressNotesFor } from '../client/client.service.ts';
import { jobQuery, OCCUPYING, shopTime, toJob } from '../scheduling/schedule.ts';

/**
 * 派工单 (day sheets; docs/dispatch.md): each employee's jobs of a Shanghai day in time order, with
 * what the employee needs at the door — time, service, customer, masked phone, full address, the customer's remark.
 * Printed from the board, and exported through lib/export (the same rows).
 */
type Scope = Pick<Tenant, 'merchantId' | 'shopId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;

/** Jobs of the day: assigned and not cancelled (待服务 … 已评价). */
const LISTED = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING, ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED];
/** The longest job (30 days) plus a day: how far back a job still running into the day can have started. */
const LOOKBACK_MS = 31 * 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** '09:00–12:00' within the day; a job that starts before it or ends after it names both days (spanText). */
export function sheetTime(day: string, from: number, to: number) {
  const inDay = shanghaiDay(from) === day && shanghaiDay(Math.max(from, to - 1)) === day;
  return inDay ? `${wallHm(from)}–${wallHm(to)}` : spanText(from, to);
}

/**
 * The service in one line, as the order's timeline says what was placed (placedWhat): '日常保洁 · 3小时 × 1' (a fixed
 * specification), '开荒保洁 · 61–90㎡（85 平方米）', '家庭保洁 · 按小时（3 小时）'; a specification named after its goods
 * or its unit (specLabel) is not said; an order from before specifications: '保洁 2次'.
 */
export function serviceText(
  o: { goodsName: string; specName: string | null; specMode: string | null; unit: string },
  quantity: string,
) {
  if (!o.specName || !o.specMode) return `${o.goodsName} ${quantity}`;
  const spec = specLabel(o);
  const what = spec ? `${o.goodsName} · ${spec}` : o.goodsName;
  return o.specMode === 'fixed' ? `${what} ${quantity}` : `${what}（${quantity}）`;
}

/**
 * One job of the 派工单 as one line, as printed (the staff page shows it with the job): time, service, customer with the
 * masked phone, address and the customer's remark.
 */
export function sheetLine(
  j: Pick<DaySheetJob, 'time' | 'service' | 'customerName' | 'customerPhone' | 'address' | 'remark' | 'addressNotes'>,
) {
  return [
    j.time,
    j.service,
    `${j.customerName} ${j.customerPhone}`,
    j.address,
    j.addressNotes ? `门牌备注：${j.addressNotes}` : '',
    j.remark ? `备注：${j.remark}` : '',
  ]
    .filter(Boolean)
    .join('　');
}

/** The caller's live employee inside its shop limit (and the shop named, if any), else 2002 员工不存在. */
async function ownEmployee(db: DB, t: Scope, employeeId: number, shopId: number | undefined) {
  const e = await db
    .selectFrom('employee')
    .select(['id', 'name', 'phone', 'shopId'])
    .where('id', '=', employeeId)
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!e || !shopAllowed({ allowedShopIds: t.allowedShopIds ?? null }, e.shopId)) throw notFound('员工不存在');
  if (shopId !== undefined && shopId !== e.shopId) throw notFound('员工不存在');
  return e;
}

/**
 * The day sheet: with `employeeId` that employee (answered even without jobs), else every employee of the shop with
 * jobs that day. Jobs: the day's assigned orders (待服务 … 已评价) plus long jobs (月嫂) begun before the day and still
 * running into it. One query for the jobs; the shop check and its rules beside it.
 */
export async function daySheet(db: DB, t: Scope, q: DaySheetQuery): Promise<DaySheetResult> {
  const one = q.employeeId !== undefined ? await ownEmployee(db, t, q.employeeId, q.shopId) : null;
  const shopId = one?.shopId ?? q.shopId ?? t.shopId;
  if (!shopId) throw business('请先创建店铺');
  const from = wallMs(q.date, '00:00');
  const to = wallMs(nextDay(q.date), '00:00');
  const [, st, shop, rows] = await Promise.all([
    ownShopId(db, t, shopId), // another merchant's shop, or outside a sub-account's limit: 2002
    shopTime(db, shopId),
    db.selectFrom('shop').select('name').where('id', '=', shopId).executeTakeFirst(),
    jobQuery(db)
      .innerJoin('employee', 'employee.id', 'serviceOrder.employeeId')
      .select([
        'serviceOrder.customerPhone',
        'serviceOrder.remark',
        'serviceOrder.quantity',
        'serviceOrder.unit',
        'serviceOrder.specMode',
        'serviceOrder.area',
        'serviceOrder.clientAddressId',
        'employee.name as employeeName',
        'employee.phone as employeePhone',
      ])
      .where('serviceOrder.merchantId', '=', t.merchantId)
      .where('serviceOrder.shopId', '=', shopId)
      .where('employee.merchantId', '=', t.merchantId)
      .where('employee.deletedAt', 'is', null)
      .$if(one !== null, (w) => w.where('serviceOrder.employeeId', '=', one!.id))
      .where('serviceOrder.appointmentAt', '<', iso(to))
      .where((eb) =>
        eb.or([
          eb.and([eb('serviceOrder.appointmentAt', '>=', iso(from)), eb('serviceOrder.status', 'in', LISTED)]),
          eb.and([
            eb('serviceOrder.appointmentAt', '>=', iso(from - LOOKBACK_MS)),
            eb('serviceOrder.status', 'in', OCCUPYING),
          ]),
        ]),
      )
      .orderBy('serviceOrder.appointmentAt')
      .orderBy('serviceOrder.id')
      .execute(),
  ]);

  const notes = await addressNotesFor(
    db,
    t.merchantId,
    rows.map((r) => r.clientAddressId),
  );
  const byEmployee = new Map<number, DaySheetEmployee>();
  if (one) byEmployee.set(one.id, { id: one.id, name: one.name, phone: maskPhone(one.phone), jobs: [] });
  for (const r of rows) {
    const j = toJob(r, st.bufferMinutes);
    if (j.from < from && j.to <= from) continue; // an earlier job that ended before the day
    const employeeId = r.employeeId as number;
    let e = byEmployee.get(employeeId);
    if (!e) {
      e = { id: employeeId, name: r.employeeName, phone: maskPhone(r.employeePhone), jobs: [] };
      byEmployee.set(employeeId, e);
    }
    const quantity = quantityLabel(r);
    e.jobs.push({
      orderId: j.id,
      orderNo: j.orderNo,
      status: j.status,
      statusName: ORDER_STATUS_NAME[j.status as OrderStatus] ?? '',
      from: iso(j.from),
      to: iso(j.to),
      time: sheetTime(q.date, j.from, j.to),
      durationKnown: j.durationKnown,
      goodsName: j.goodsName,
      specName: j.specName,
      quantityLabel: quantity,
      service: serviceText(r, quantity),
      customerName: j.customerName,
      customerPhone: maskPhone(r.customerPhone),
      address: j.address,
      remark: r.remark?.trim() || null,
      addressNotes: (r.clientAddressId && notes.get(r.clientAddressId)) || null,
    } satisfies DaySheetJob);
  }
  return {
    date: q.date,
    shopId,
    shopName: shop?.name ?? '',
    employees: [...byEmployee.values()].sort((a, b) => a.id - b.id),
  };
}

export const DAY_SHEET_COLUMNS: ExportColumn[] = [
  { header: '员工', width: 10 },
  { header: '时间', width: 13 },
  { header: '服务', width: 28 },
  { header: '顾客', width: 10 },
  { header: '联系电话', width: 14 },
  { header: '服务地址', width: 40 },
  { header: '备注', width: 30 },
  { header: '订单号', width: 24 },
  { header: '状态', width: 8 },
];

/**
 * The export of a day sheet: one sheet, the employees one after another, their jobs in time order. `oneEmployee`: the
 * sheet asked for one employee, named in the file.
 */
export function daySheetTable(s: DaySheetResult, oneEmployee: boolean): TableExport {
  const single = oneEmployee && s.employees[0] ? `_${s.employees[0].name}` : '';
  return {
    fileName: `派工单_${s.date}${single}`,
    asciiName: `day-sheet_${s.date}`,
    sheets: [
      {
        name: `派工单 ${s.date}`,
        columns: DAY_SHEET_COLUMNS,
        rows: s.employees.flatMap((e) =>
          e.jobs.map((j) => [
            e.name,
            j.time,
            j.service,
            j.customerName,
            j.customerPhone,
            j.address,
            j.remark ?? '',
            j.orderNo,
            j.statusName,
          ]),
        ),
      },
    ],
  };
}
