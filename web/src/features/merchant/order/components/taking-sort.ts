import type { WaitingOrder } from '@jz/contracts/order';

/** How 订单接单 orders its queue: by payment (the newest first) or by appointment (the soonest first). */
export type TakingSort = 'paid' | 'appointment';

export const TAKING_SORTS: { value: TakingSort; label: string }[] = [
  { value: 'paid', label: '按付款时间（最新的在前）' },
  { value: 'appointment', label: '按预约时间（最近的在前）' },
];

/** Remembered per browser, as the column settings are. */
const KEY = 'jz.order.taking.sort';

export function loadTakingSort(): TakingSort {
  try {
    return localStorage.getItem(KEY) === 'appointment' ? 'appointment' : 'paid';
  } catch {
    return 'paid';
  }
}

export function saveTakingSort(sort: TakingSort) {
  try {
    localStorage.setItem(KEY, sort);
  } catch {
    // storage full or disabled: the choice lasts for the visit
  }
}

/** The newest order first: a new one arrives at the top (paid time, then the order id). */
export function newestFirst(list: readonly WaitingOrder[]) {
  return [...list].sort((a, b) => (b.paidAt ?? '').localeCompare(a.paidAt ?? '') || b.id - a.id);
}

/** The soonest appointment first (ISO UTC strings sort as times), then the earlier paid. */
export function soonestFirst(list: readonly WaitingOrder[]) {
  return [...list].sort(
    (a, b) => a.appointmentAt.localeCompare(b.appointmentAt) || (a.paidAt ?? '').localeCompare(b.paidAt ?? ''),
  );
}

export const sortWaiting = (list: readonly WaitingOrder[], sort: TakingSort) =>
  sort === 'appointment' ? soonestFirst(list) : newestFirst(list);
