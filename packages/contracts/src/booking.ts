import { z } from 'zod';
import { isCalendarDay } from './common.ts';
import {
  isOnDuty,
  LIVE_IN_MINUTES,
  nextDay,
  shanghaiDay,
  spanText,
  type TimeRange,
  wallHm,
  wallMs,
} from './dispatch.ts';
import { MAX_AREA } from './goods-pricing.ts';

/**
 * Booking rules (docs/dispatch.md "Booking rules"): what a customer may book of a shop — inside its
 * service area, business hours and time slots, past its 提前预约 lead time, and only while a qualified employee is
 * free then. Pure functions here; the capacity count reads the schedule on the server (dispatch/booking.ts).
 */

/** Start times offered inside a slot window: every half hour from its start. */
export const SLOT_STEP_MINUTES = 30;
/** How far ahead a customer may book. */
export const MAX_BOOKING_DAYS = 60;

/** A shop's booking rules as stored (shop + shop_setting). */
export interface BookingRules {
  leadHours: number;
  /** Arrival windows; [] = any start inside business hours. */
  slots: TimeRange[];
  /** null = not limited. */
  shopHours: TimeRange | null;
}

/** The windows start times are offered in on a day: the slots, else the business hours, else the whole day. */
export const windowsOf = (r: BookingRules): TimeRange[] =>
  r.slots.length ? r.slots : [r.shopHours ?? { from: '00:00', to: '24:00' }];

/** Every offered start time of a Shanghai day (epoch ms), in order, each with the window it belongs to. */
export function startsOn(day: string, r: BookingRules) {
  const out: { at: number; window: TimeRange }[] = [];
  for (const w of windowsOf(r))
    for (let t = wallMs(day, w.from); t < wallMs(day, w.to); t += SLOT_STEP_MINUTES * 60_000)
      out.push({ at: t, window: w });
  return out.sort((a, b) => a.at - b.at);
}

/** '11月27日 10:00'. */
export const momentText = (at: number) => {
  const d = shanghaiDay(at);
  return `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日 ${wallHm(at)}`;
};

export type BookingRefusal = 'lead' | 'horizon' | 'hours' | 'slot';

/**
 * The rule a start time at `at` for a job of `minutes` breaks, with its Chinese refusal, or null. Checked in this order:
 * lead time, the booking horizon, the slot (the start must fall inside one), business hours (the job must end inside
 * them; live-in jobs of a day or longer are exempt).
 */
export function timeRefusal(
  at: number,
  minutes: number,
  r: BookingRules,
  now: number,
): { code: BookingRefusal; message: string } | null {
  const earliest = now + r.leadHours * 3_600_000;
  if (at < earliest)
    return {
      code: 'lead',
      message: r.leadHours
        ? `本店需提前 ${r.leadHours} 小时预约，最早可约 ${momentText(earliest)}`
        : '预约时间不能早于现在',
    };
  if (at > now + MAX_BOOKING_DAYS * 86_400_000)
    return { code: 'horizon', message: `最多可预约 ${MAX_BOOKING_DAYS} 天内的服务` };
  const hm = wallHm(at);
  if (r.slots.length && !r.slots.some((s) => s.from <= hm && hm < s.to))
    return {
      code: 'slot',
      message: `预约时间 ${hm} 不在本店可预约时段内（${r.slots.map((s) => `${s.from}–${s.to}`).join('、')}）`,
    };
  const to = at + minutes * 60_000;
  if (r.shopHours && minutes < LIVE_IN_MINUTES && !isOnDuty(null, r.shopHours, at, to))
    return {
      code: 'hours',
      message: `本单 ${spanText(at, to)} 超出本店营业时间（${r.shopHours.from}–${r.shopHours.to}）`,
    };
  return null;
}

/** The days a slot query may ask for: today to MAX_BOOKING_DAYS ahead (Shanghai). */
export const bookableDay = (day: string, now: number) =>
  day >= shanghaiDay(now) && day <= nextDay(shanghaiDay(now), MAX_BOOKING_DAYS);

// ------------------------------------------------------------------ wire

const AREA_MESSAGE = `服务面积须为 1–${MAX_AREA} 之间的整数（平方米）`;

/** customer/slots: the day's start times for a goods item (its specification, quantity or area set the job length). */
export const slotsQuery = z.object({
  goodsId: z.coerce.number({ error: '请选择商品' }).int().positive('请选择商品'),
  date: z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式应为 YYYY-MM-DD'),
  specId: z.coerce.number({ error: '请选择规格' }).int('请选择规格').positive('请选择规格').optional(),
  quantity: z.coerce.number({ error: '数量须为正整数' }).int('数量须为正整数').min(1).max(MAX_AREA).optional(),
  area: z.coerce.number({ error: AREA_MESSAGE }).int(AREA_MESSAGE).min(1, AREA_MESSAGE).max(MAX_AREA).optional(),
});
export type SlotsQuery = z.infer<typeof slotsQuery>;

export const slotRow = z.object({
  /** The start, ISO UTC; `time` is its Shanghai wall time. */
  at: z.string(),
  time: z.string(),
  /** The arrival window it belongs to, '08:00–10:00'. */
  window: z.string(),
  /** Qualified employees free for the whole job then, less the unassigned orders already booked over it. */
  capacity: z.number().int(),
  available: z.boolean(),
  /** Why it cannot be booked: 已约满, or the time rule it breaks. */
  reason: z.string().nullable(),
  /** 改约 of an assigned order (the merchant's list): its employee is free then and stays, whatever the places left. */
  keepsEmployee: z.boolean().optional(),
});
export type SlotRow = z.infer<typeof slotRow>;

export const slotsResult = z.object({
  date: z.string(),
  goodsId: z.number().int(),
  shopId: z.number().int(),
  /** The job length the slots were computed for. */
  minutes: z.number().int(),
  leadHours: z.number().int(),
  slots: z.array(slotRow),
});
export type SlotsResult = z.infer<typeof slotsResult>;

/** The merchant's 改约 dialog: a day's start times for one order (its goods, specification and job length). */
export const rescheduleSlotsQuery = z.object({
  id: z.coerce.number({ error: '请指定订单' }).int('请指定订单').positive('请指定订单'),
  date: z.string({ error: '请选择日期' }).refine(isCalendarDay, '日期格式应为 YYYY-MM-DD'),
});
export type RescheduleSlotsQuery = z.infer<typeof rescheduleSlotsQuery>;

/** 改约: the order and its new start (the same booking rules as placing it). */
export const rescheduleBody = z.object({
  id: z.coerce.number({ error: '请指定订单' }).int().positive('请指定订单'),
  appointmentAt: z.string({ error: '请选择新的预约时间' }).datetime({ offset: true, message: '预约时间格式不正确' }),
});
export type RescheduleInput = z.infer<typeof rescheduleBody>;

/** The merchant's 改约 says why: the reason goes into the timeline and the customer's message. */
export const RESCHEDULE_REASON_MAX = 60;
export const merchantRescheduleBody = rescheduleBody.extend({
  reason: z
    .string({ error: '请填写改约原因' })
    .trim()
    .min(1, '请填写改约原因')
    .max(RESCHEDULE_REASON_MAX, `改约原因最多 ${RESCHEDULE_REASON_MAX} 个字`),
});

export const rescheduleResult = z.object({
  id: z.number().int(),
  appointmentAt: z.string(),
  /** 30 stays 30 when the employee is kept; 20 when they could not serve the new time and were released. */
  status: z.number().int(),
  employeeReleased: z.boolean(),
  /** What the caller is told: '已改约为 11月28日 14:00', with the released employee named when so. */
  message: z.string(),
});
export type RescheduleResult = z.infer<typeof rescheduleResult>;

/** Verifying more than this long before the appointment warns (docs/dispatch.md): a code shown a day early is odd. */
export const EARLY_VERIFY_HOURS = 2;

/**
 * The warning added to 验券成功 when the order is verified long before its appointment — the code may have been read
 * out for another visit, or the service starts a day early — or '' when on time. Verifying still succeeds: the
 * customer at the door decides; the merchant is told (the answer's message, the verify page's alert).
 */
export function earlyVerifyWarning(appointmentAt: string, now = Date.now()) {
  const ahead = Date.parse(appointmentAt) - now;
  if (ahead <= EARLY_VERIFY_HOURS * 3_600_000) return '';
  const hours = Math.round(ahead / 3_600_000);
  const span = hours >= 48 ? `${Math.round(hours / 24)} 天` : `${hours} 小时`;
  return `（注意：预约时间为 ${momentText(Date.parse(appointmentAt))}，还有约 ${span}，请确认是否提前上门服务）`;
}
