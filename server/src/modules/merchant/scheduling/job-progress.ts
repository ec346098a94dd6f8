import type { ArrivalFlag, JobStep, OrderStaffSteps } from '@jz/contracts/staff';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { DB, Trx } from '../../../db/client.ts';
import type { OrderStaffProgressTable } from '../order/order-staff.tables.ts';
import '../order/order-staff.tables.ts';

/**
 * Where an employee is with a job (docs/staff.md), read by the staff page, the order detail and the board alike (so it
 * lives below order and dispatch). 出发 and 到达 are rows of order_staff_progress; 开始 and 完成 are the order's own
 * status (验券 40, completion 50/60). A progress row of an employee the order no longer has is ignored.
 */
export type Progress = Omit<OrderStaffProgressTable, 'photos'> & { photos: string[] };

export async function progressOf(db: DB | Trx, orderIds: number[]): Promise<Map<number, Progress>> {
  if (!orderIds.length) return new Map();
  const rows = await db.selectFrom('orderStaffProgress').selectAll().where('orderId', 'in', orderIds).execute();
  return new Map(rows.map((r) => [r.orderId, { ...r, photos: parsePhotos(r.photos) }]));
}

function parsePhotos(s: string): string[] {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The progress that counts for the order's current employee (null: none, or another employee's). */
export const currentProgress = (o: { employeeId: number | null }, p: Progress | undefined) =>
  p && o.employeeId !== null && p.employeeId === o.employeeId ? p : null;

export function jobStepOf(o: { status: number }, p: Progress | null): JobStep {
  if (o.status === ORDER_STATUS.DONE || o.status === ORDER_STATUS.REVIEWED) return 'done';
  if (o.status === ORDER_STATUS.SERVING) return 'serving';
  if (p?.arrivedAt) return 'arrived';
  if (p?.departedAt) return 'departed';
  return 'assigned';
}

/** The staff steps of an assigned order as the console shows them; null when it has no employee. */
export function staffStepsOf(
  o: { status: number; employeeId: number | null; verifiedAt: string | null; completedAt: string | null },
  raw: Progress | undefined,
): OrderStaffSteps | null {
  if (o.employeeId === null) return null;
  const p = currentProgress(o, raw);
  return {
    employeeId: o.employeeId,
    step: jobStepOf(o, p),
    departedAt: p?.departedAt ?? null,
    arrivedAt: p?.arrivedAt ?? null,
    arrivalDistanceM: p?.arrivalDistanceM ?? null,
    arrivalFlag: (p?.arrivalFlag as ArrivalFlag | null) ?? null,
    startedAt: o.verifiedAt,
    finishedAt: o.completedAt,
    photos: p?.photos ?? [],
    finishNote: p?.finishNote ?? null,
    lateAt: p?.lateAt ?? null,
  };
}

/** Great-circle distance in metres (haversine; GCJ-02 points are close enough to WGS-84 for a radius check). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * R * Math.asin(Math.min(1, Math.sqrt(h))));
}
