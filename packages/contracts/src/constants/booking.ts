// The schema-free part of booking.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
import type { TimeRange } from '../dispatch.ts';
import { nextDay, shanghaiDay, wallHm, wallMs } from '../shanghai-time.ts';
import { isOnDuty, LIVE_IN_MINUTES, spanText } from './dispatch.ts';

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
/** The merchant's 改约 says why: the reason goes into the timeline and the customer's message. */
export const RESCHEDULE_REASON_MAX = 60;
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
  const span = aheadText(ahead);
  return `（注意：预约时间为 ${momentText(Date.parse(appointmentAt))}，还有约 ${span}，请确认是否提前上门服务）`;
}

/** '12-02 10:00': month-day and wall time in Shanghai, as the 验券 question and the completion rule say it. */
export const shortMomentText = (at: number) => `${shanghaiDay(at).slice(5)} ${wallHm(at)}`;

/** How long ahead an early verification is: '24 小时', '3 天'. */
function aheadText(ms: number) {
  const hours = Math.round(ms / 3_600_000);
  return hours >= 48 ? `${Math.round(hours / 24)} 天` : `${hours} 小时`;
}

/**
 * The question 验券 asks before using a code more than EARLY_VERIFY_HOURS before the appointment (the check call
 * answers it, nothing changes until the merchant says yes), or '' when on time.
 */
export function earlyVerifyQuestion(appointmentAt: string, now = Date.now()) {
  const at = Date.parse(appointmentAt);
  if (at - now <= EARLY_VERIFY_HOURS * 3_600_000) return '';
  return `该订单预约 ${shortMomentText(at)}，还有约 ${aheadText(at - now)}，确定现在验券并开始服务吗？`;
}

/**
 * 确认完成 opens EARLY_VERIFY_HOURS before the appointment (the window a code is used without asking): an order is
 * never completed, and its settlement never started, a day before its customer expects the visit.
 */
export const completeOpensAt = (appointmentAt: string) => Date.parse(appointmentAt) - EARLY_VERIFY_HOURS * 3_600_000;

/** Why the order cannot be completed yet (the server's refusal), or '' when it can. */
export function earlyCompleteRefusal(appointmentAt: string, now = Date.now()) {
  const opens = completeOpensAt(appointmentAt);
  if (now >= opens) return '';
  return `该订单预约 ${shortMomentText(Date.parse(appointmentAt))}，尚未到服务时间，${shortMomentText(opens)} 起才能确认完成`;
}

/** The disabled 确认完成's tooltip: when it becomes possible. */
export const completeOpensText = (appointmentAt: string) =>
  `${shortMomentText(completeOpensAt(appointmentAt))} 起可确认完成（预约 ${shortMomentText(Date.parse(appointmentAt))}）`;
