import { z } from 'zod';
import { isCalendarDay } from './common.ts';
import { MAX_AREA } from './goods-pricing.ts';
import { RESCHEDULE_REASON_MAX } from './constants/booking.ts';
// Constants, labels and helpers without schemas (constants/booking.ts), re-exported for the server and existing imports.
export * from './constants/booking.ts';

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
