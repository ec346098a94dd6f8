import { z } from 'zod';
import { isCalendarDay, jsonField } from './common.ts';
import { nextDay, SHANGHAI_OFFSET_MS, shanghaiDay, WEEKDAY_NAMES, wallHm, wallMs, weekdayOf } from './shanghai-time.ts';

// The wall-clock helpers live in a module without zod (the staff page's bundle); every caller may keep importing them
// from here.
export { nextDay, SHANGHAI_OFFSET_MS, shanghaiDay, WEEKDAY_NAMES, wallHm, wallMs, weekdayOf };
import { ARRIVAL_FLAGS, JOB_STEPS } from './staff.ts';
import { MAX_BOARD_DAYS, MAX_LEAVE_DAYS, rangesOverlap, MAX_DAY_RANGES } from './constants/dispatch.ts';
// Constants, labels and helpers without schemas (constants/dispatch.ts), re-exported for the server and existing imports.
export * from './constants/dispatch.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const hmSchema = z.string().regex(HHMM, '时间格式应为 08:00');

/** One stretch of a working day, wall-clock Shanghai time, from < to. */
export const timeRangeSchema = z
  .object({ from: hmSchema, to: hmSchema })
  .refine((r) => r.from < r.to, { message: '结束时间须晚于开始时间' });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/**
 * Weekly working hours: 7 days, index 0 = 周一 … 6 = 周日; each day a list of stretches ([] = day off). null (on the
 * employee) = the shop's business hours every day.
 */

export const weeklyHoursSchema = z
  .array(z.array(timeRangeSchema).max(MAX_DAY_RANGES, '每天最多 4 个时段'))
  .length(7, '工作时间须包含周一至周日 7 天')
  .superRefine((days, ctx) => {
    days.forEach((d, i) => {
      if (rangesOverlap(d))
        ctx.addIssue({ code: 'custom', message: `${WEEKDAY_NAMES[i]}的工作时段不能重叠`, path: [i] });
    });
  });

/** One day's stretches (a date's exception): [] = off that day. */
export const dayRangesSchema = z
  .array(timeRangeSchema)
  .max(MAX_DAY_RANGES, '每天最多 4 个时段')
  .refine((d) => !rangesOverlap(d), '工作时段不能重叠')
  .transform((d) => [...d].sort((a, b) => (a.from < b.from ? -1 : 1)));
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

// ------------------------------------------------------------------ answers

/** A leave period (休假), [from, to). */
export const leaveRow = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveRow = z.infer<typeof leaveRow>;

/** An order on the board: the job [from, to) and its travel buffer [to, bufferTo). */
export const boardBlock = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** ORDER_STATUS: 20 待接单 / 30 待服务 / 40 服务中 / 50 已完成 / 60 已评价 (cancelled orders are not shown). */
  status: z.number().int(),
  goodsName: z.string(),
  specName: z.string().nullable(),
  /** The order's unit and how its quantity reads ('× 1', '85 平方米'): the job's size, as the order pages say it. */
  unit: z.string(),
  quantityLabel: z.string(),
  from: z.string(),
  to: z.string(),
  bufferTo: z.string(),
  /** Minutes of the job; `durationKnown` false when it is the goods' or the default length. */
  minutes: z.number().int(),
  durationKnown: z.boolean(),
  /** The address without the region prefix, at most 30 characters. */
  address: z.string(),
  customerName: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where the employee is with the job on the staff page (已出发 / 已到达 / 服务中 / 已完成); absent: not assigned. */
  step: z.enum(JOB_STEPS).optional(),
  /** The clock-in (到达): beyond the shop's radius (`far`) or without a location (`no_location`) is flagged. */
  arrivalFlag: z.enum(ARRIVAL_FLAGS).nullable().optional(),
  arrivalDistanceM: z.number().int().nullable().optional(),
  /** No clock-in 15 minutes after the start (迟到提醒). */
  late: z.boolean().optional(),
});
export type BoardBlock = z.infer<typeof boardBlock>;

/** One day of an employee's working hours on the board: absolute [from, to) stretches. */
export const boardHours = z.object({
  day: z.string(),
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
});

export const boardEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  shopId: z.number().int(),
  /** Derived now: 1 空闲 / 2 服务中 / 3 休假 / 0 离职 (the employee list's meaning). */
  workState: z.number().int(),
  skills: z.array(z.string()),
  fuwuIds: z.array(z.number().int()),
  hours: z.array(boardHours),
  leaves: z.array(leaveRow),
  blocks: z.array(boardBlock),
});

/** A paid order of those days that nobody serves yet (待接单, or 待服务 whose employee left). */
export const boardUnassigned = boardBlock.extend({ shopId: z.number().int(), goodsId: z.number().int() });

export const boardResult = z.object({
  /** The days shown, 'YYYY-MM-DD' (Shanghai). */
  days: z.array(z.string()),
  shopId: z.number().int(),
  travelBufferMinutes: z.number().int(),
  employees: z.array(boardEmployee),
  unassigned: z.array(boardUnassigned),
  /**
   * Paid orders of the shop nobody serves yet (待接单, or 待服务 without an employee) outside the days shown: before
   * the first day (overdue, the latest of them) and after the last (the earliest), so an empty day can say where the
   * waiting orders are.
   */
  waitingElsewhere: z.object({
    before: z.number().int(),
    lastBefore: z.string().nullable(),
    after: z.number().int(),
    firstAfter: z.string().nullable(),
  }),
});
export type BoardResult = z.infer<typeof boardResult>;

const optionalShop = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

export const boardQuery = z.object({
  date: z
    .string({ error: '请选择日期' })
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDay(s), '日期格式应为 YYYY-MM-DD'),
  /** Absent = the caller's current shop. */
  shopId: optionalShop,
  days: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1, '天数须在 1–7 之间').max(MAX_BOARD_DAYS, '天数须在 1–7 之间').default(1),
  ),
});

export const suggestQuery = z.object({
  orderId: z.coerce.number({ error: '请选择订单' }).int().positive('请选择订单'),
});

/** A paid order still waiting that a choice would leave with nobody assignable. */
export const strandedOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  goodsName: z.string(),
  from: z.string(),
  to: z.string(),
});
export type StrandedOrder = z.infer<typeof strandedOrder>;

/** A candidate for an order: ranked (score high first) with the reasons in words. */
export const suggestion = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  score: z.number(),
  /** Kilometres from the previous job that day (or the base) to the order; null without coordinates. */
  distanceKm: z.number().nullable(),
  /** 'previous' job that day, 'base' location, or null. */
  distanceFrom: z.enum(['previous', 'base']).nullable(),
  /** Jobs that day before this one, and their minutes. */
  dayJobs: z.number().int(),
  dayMinutes: z.number().int(),
  reasons: z.array(z.string()),
  /**
   * Choosing this employee leaves these other paid, unassigned orders over the same time with nobody who could take
   * them (they could before): the console warns before the choice.
   */
  strands: z.array(strandedOrder),
  /** How many of the waiting orders over this time could no longer all be served (≥ strands.length; 0 = safe). */
  strandCount: z.number().int(),
  /**
   * The order's client prefers this employee (客户档案 › 偏好员工): ranked first among the safe choices, with the reason
   * 客户偏好. Always sent by the server; optional so older callers and fixtures keep their shape.
   */
  preferred: z.boolean().optional(),
});
export const excludedEmployee = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  /** conflict / off_duty / leave / skill / resigned / blocked (the order's client 不派: 客户不希望再派此员工) */
  code: z.enum(['conflict', 'off_duty', 'leave', 'skill', 'resigned', 'blocked']),
  reason: z.string(),
});
export const suggestResult = z.object({
  orderId: z.number().int(),
  from: z.string(),
  to: z.string(),
  bufferTo: z.string(),
  suggestions: z.array(suggestion),
  excluded: z.array(excludedEmployee),
});
export type SuggestResult = z.infer<typeof suggestResult>;

/** POST paidan/assign: the board's assignment (drag or suggestion); the same rules as setYuangong. */
export const assignBody = z.object({
  orderId: z.coerce.number({ error: '请选择订单' }).int().positive('请选择订单'),
  employeeId: z.coerce.number({ error: '请选择员工' }).int().positive('请选择员工'),
});

// ------------------------------------------------------------------ leave

const instant = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), `${label}格式无效`)
    .transform((s) => new Date(s).toISOString());

export const leaveAdd = z
  .object({
    employeeId: z.coerce.number({ error: '请选择员工' }).int().positive('请选择员工'),
    from: instant('开始时间'),
    to: instant('结束时间'),
    reason: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().trim().max(100, '原因最多 100 个字').optional(),
    ),
  })
  .refine((v) => v.from < v.to, { message: '结束时间须晚于开始时间', path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= MAX_LEAVE_DAYS * 86_400_000, {
    message: `一次休假最长 ${MAX_LEAVE_DAYS} 天`,
    path: ['to'],
  });
export type LeaveAdd = z.infer<typeof leaveAdd>;

export const leaveQuery = z.object({
  employeeId: z.coerce.number({ error: '请选择员工' }).int().positive('请选择员工'),
});

/**
 * GET paidan/leave/check: what a leave [from, to) would collide with, before it is added — the employee's assigned
 * jobs inside it (they must be moved first; the dialog links each) and her leaves overlapping it.
 */
export const leaveCheckQuery = z
  .object({ employeeId: leaveQuery.shape.employeeId, from: instant('开始时间'), to: instant('结束时间') })
  .refine((v) => v.from < v.to, { message: '结束时间须晚于开始时间', path: ['to'] });

export const leaveConflictOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** ORDER_STATUS: 30 待服务 / 40 服务中. */
  status: z.number().int(),
  goodsName: z.string(),
  /** The job [from, to) (ISO) and its text: '11月27日 10:00–13:00'. */
  from: z.string(),
  to: z.string(),
  time: z.string(),
  customerName: z.string(),
});
export type LeaveConflictOrder = z.infer<typeof leaveConflictOrder>;

export const leaveCheckResult = z.object({
  orders: z.array(leaveConflictOrder),
  leaves: z.array(leaveRow),
});
export type LeaveCheckResult = z.infer<typeof leaveCheckResult>;

// ------------------------------------------------------------------ 排班 (rota): the week grid and dated exceptions

const calendarDay = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && isCalendarDay(s), '日期格式应为 YYYY-MM-DD');

/** How far ahead or back a date's exception may be set (a day in the rota's reach, not a typo's year 2099). */
export const MAX_EXCEPTION_DAYS = 366;

/** POST paidan/shiftException/save: the employee's hours on one day instead of her weekly ones ([] = 休息). */
export const shiftExceptionSave = z.object({
  employeeId: z.coerce.number({ error: '请选择员工' }).int().positive('请选择员工'),
  day: calendarDay('日期'),
  ranges: jsonField(dayRangesSchema),
  reason: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(100, '原因最多 100 个字').optional(),
  ),
});
export type ShiftExceptionSave = z.infer<typeof shiftExceptionSave>;

export const shiftExceptionRow = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  day: z.string(),
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type ShiftExceptionRow = z.infer<typeof shiftExceptionRow>;

/** GET paidan/rota: a shop's staff over 7 days from `date` (the week grid). */
export const rotaQuery = z.object({ date: boardQuery.shape.date, shopId: optionalShop });

/** One cell of the grid: the day's stretches (wall-clock), whether they come from an exception, the leave on it. */
export const rotaDay = z.object({
  day: z.string(),
  ranges: z.array(z.object({ from: z.string(), to: z.string() })),
  /** The date's exception, when one replaces the weekly hours that day. */
  exception: shiftExceptionRow.nullable(),
  /** Leave touching the day. */
  leaves: z.array(leaveRow),
});
export type RotaDay = z.infer<typeof rotaDay>;

export const rotaEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Derived now (1 空闲 / 2 服务中 / 3 休假). */
  workState: z.number().int(),
  /** Her weekly hours; null = the shop's business hours. */
  workHours: weeklyHoursSchema.nullable(),
  days: z.array(rotaDay),
});
export type RotaEmployee = z.infer<typeof rotaEmployee>;

export const rotaResult = z.object({
  days: z.array(z.string()),
  shopId: z.number().int(),
  /** The shop's business hours ('08:00-20:00'): the hours of an employee without her own. */
  businessHours: z.string().nullable(),
  employees: z.array(rotaEmployee),
});
export type RotaResult = z.infer<typeof rotaResult>;

// ------------------------------------------------------------------ 派工单 (day sheets)

/**
 * GET paidan/daySheet: one employee's day (`employeeId`), or every employee of the shop with jobs that day. The
 * shop: `shopId`, else the employee's, else the caller's current one.
 */
export const daySheetQuery = z.object({
  date: boardQuery.shape.date,
  shopId: boardQuery.shape.shopId,
  employeeId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: '员工无效' }).int().positive('员工无效').optional(),
  ),
});
export type DaySheetQuery = z.infer<typeof daySheetQuery>;

/** POST paidan/daySheet/export: the same rows as an Excel workbook (xlsx, default) or CSV. */
export const daySheetExport = daySheetQuery.extend({
  format: z.enum(['xlsx', 'csv'], { error: '导出格式须为 xlsx 或 csv' }).default('xlsx'),
});

/** One job on a day sheet, as the employee needs it at the door. */
export const daySheetJob = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** ORDER_STATUS: 30 待服务 / 40 服务中 / 50 已完成 / 60 已评价. */
  status: z.number().int(),
  statusName: z.string(),
  /** The job [from, to) (ISO); `time` reads it in Shanghai: '09:00–12:00', a job over days names them. */
  from: z.string(),
  to: z.string(),
  time: z.string(),
  durationKnown: z.boolean(),
  goodsName: z.string(),
  specName: z.string().nullable(),
  /** '× 2', '3 小时', '120 平方米' (as the order drawer reads it). */
  quantityLabel: z.string(),
  /** Goods, specification and quantity in one line: '日常保洁 · 3小时 × 1', '开荒保洁 · 61–90㎡（85 平方米）'. */
  service: z.string(),
  customerName: z.string(),
  /** Masked: 138****0001. */
  customerPhone: z.string(),
  /** The full address. */
  address: z.string(),
  /** The customer's remark on the order. */
  remark: z.string().nullable(),
  /**
   * The notes of the job's address from the customer record (面积, 户型, floor and lift, pets, 门禁/钥匙;
   * docs/customers.md); null without a record or notes. Optional in the type so jobs built before it still fit.
   */
  addressNotes: z.string().nullable().optional(),
});
export type DaySheetJob = z.infer<typeof daySheetJob>;

export const daySheetEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked. */
  phone: z.string(),
  /** In time order. */
  jobs: z.array(daySheetJob),
});
export type DaySheetEmployee = z.infer<typeof daySheetEmployee>;

export const daySheetResult = z.object({
  date: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** By employee id (the board's order); for the whole shop only those with jobs that day. */
  employees: z.array(daySheetEmployee),
});
export type DaySheetResult = z.infer<typeof daySheetResult>;
