import { specLabel } from '@jz/contracts/constants/goods-pricing';
import type { BoardResult } from '@jz/contracts/dispatch';
import { nextDay, shanghaiDay, wallHm, wallMs } from '@jz/contracts/constants/dispatch';

export type Block = BoardResult['employees'][number]['blocks'][number];
export type Employee = BoardResult['employees'][number];
export type Unassigned = BoardResult['unassigned'][number];

/** The day view's axis when nothing lies outside it. */
export const AXIS_FROM_HOUR = 7;
export const AXIS_TO_HOUR = 21;

/**
 * Block colours by order status (the legend shows the same): dark shades, so the blocks' white 12 px text keeps a
 * WCAG AA contrast (≥ 4.5:1).
 */
export const STATUS_STYLE: Record<number, { color: string; name: string }> = {
  20: { color: '#ad4e00', name: '待接单' },
  30: { color: '#0958d9', name: '待服务' },
  40: { color: '#237804', name: '服务中' },
  50: { color: '#595959', name: '已完成' },
  60: { color: '#531dab', name: '已评价' },
};
export const statusStyle = (status: number) => STATUS_STYLE[status] ?? { color: '#595959', name: '其他' };

export interface Axis {
  day: string;
  /** Epoch ms of the axis' left and right edges. */
  from: number;
  to: number;
  hours: number[];
}

/**
 * The day's axis: 07:00–21:00, widened to whole hours so every working stretch and job of that day shows (clamped to
 * the day itself: a live-in job running for days is cut at midnight).
 */
export function dayAxis(day: string, employees: Employee[], extra: { from: string; bufferTo: string }[] = []): Axis {
  const dayFrom = wallMs(day, '00:00');
  const dayTo = wallMs(nextDay(day), '00:00');
  let from = wallMs(day, `${String(AXIS_FROM_HOUR).padStart(2, '0')}:00`);
  let to = wallMs(day, `${AXIS_TO_HOUR}:00`);
  const spans = [
    ...employees.flatMap((e) => [
      ...e.blocks.map((b) => ({ from: b.from, to: b.bufferTo })),
      ...e.hours.filter((h) => h.day === day).flatMap((h) => h.ranges),
    ]),
    ...extra.map((b) => ({ from: b.from, to: b.bufferTo })),
  ];
  for (const s of spans) {
    const a = Date.parse(s.from);
    const b = Date.parse(s.to);
    if (b <= dayFrom || a >= dayTo) continue;
    from = Math.min(from, Math.max(a, dayFrom));
    to = Math.max(to, Math.min(b, dayTo));
  }
  const hour = 3_600_000;
  from = dayFrom + Math.floor((from - dayFrom) / hour) * hour;
  to = dayFrom + Math.ceil((to - dayFrom) / hour) * hour;
  const hours: number[] = [];
  for (let t = from; t <= to; t += hour) hours.push(t);
  return { day, from, to, hours };
}

/** left/width in percent of the axis for [from, to), clamped; null when it lies outside. */
export function place(axis: Axis, from: string | number, to: string | number) {
  const a = Math.max(typeof from === 'number' ? from : Date.parse(from), axis.from);
  const b = Math.min(typeof to === 'number' ? to : Date.parse(to), axis.to);
  if (b <= a) return null;
  const span = axis.to - axis.from;
  return { left: ((a - axis.from) / span) * 100, width: ((b - a) / span) * 100 };
}

/** Whether an instant range touches a Shanghai day. */
export const onDay = (day: string, from: string, to: string) =>
  Date.parse(from) < wallMs(nextDay(day), '00:00') && Date.parse(to) > wallMs(day, '00:00');

/** '10:00–13:00', or with the date when the job starts on another day. */
export function timeText(b: { from: string; to: string }, day?: string) {
  const start = shanghaiDay(b.from);
  const date = day && start !== day ? `${Number(start.slice(5, 7))}月${Number(start.slice(8, 10))}日 ` : '';
  return `${date}${wallHm(b.from)}–${wallHm(b.to)}`;
}

/**
 * What the job is, as the order pages say it (specLabel): '日常保洁 · 3小时', and a measured job with its size —
 * '新房开荒保洁 · 85 平方米' (a migrated '1平方米' is not named; '× 1' is not said).
 */
export function goodsText(b: { goodsName: string; specName: string | null; unit: string; quantityLabel: string }) {
  const spec = specLabel(b);
  const what = spec ? `${b.goodsName} · ${spec}` : b.goodsName;
  return b.quantityLabel === '× 1' ? what : `${what} · ${b.quantityLabel}`;
}

/** '11月27日 周五' for the week's column headers. */
export function dayLabel(day: string) {
  const w = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'][new Date(`${day}T00:00:00Z`).getUTCDay()];
  return `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日 ${w}`;
}

/** The leave covering the whole working part of a day (or the whole day), for greying a week cell. */
export const leavesOn = (e: Employee, day: string) => e.leaves.filter((l) => onDay(day, l.from, l.to));
export const hoursOn = (e: Employee, day: string) => e.hours.find((h) => h.day === day)?.ranges ?? [];
