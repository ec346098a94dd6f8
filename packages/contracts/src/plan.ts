import { z } from 'zod';
import { dbId, isCalendarDay, jsonField, optionalText, pageQuery } from './common.ts';
import { DEFAULT_PLAN_HORIZON_DAYS, MAX_PLAN_HORIZON_DAYS, MAX_PLAN_VISITS } from './constants/plan.ts';
// Constants, labels and helpers without schemas (constants/plan.ts), re-exported for the server and existing imports.
export * from './constants/plan.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = (what: string) =>
  z
    .string({ error: `请选择${what}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDay, `${what}不存在`);
const optionalDay = (what: string) => z.preprocess(blank, day(what).optional());
const optionalId = z.preprocess(blank, dbId.optional());
const intIn = (min: number, max: number, msg: string) =>
  z.coerce.number({ error: msg }).int(msg).min(min, msg).max(max, msg);

export const planRuleFields = z.object({
  ruleKind: z.enum(['weekly', 'monthly'], { error: '请选择重复方式' }),
  weekdays: z.preprocess(
    blank,
    jsonField(z.array(intIn(1, 7, '星期须为 1–7')).max(7, '星期最多 7 个'))
      .optional()
      .transform((a) => [...new Set(a ?? [])].sort((x, y) => x - y)),
  ),
  everyWeeks: z.preprocess(blank, intIn(1, 8, '间隔周数须为 1–8').default(1)),
  monthDay: z.preprocess(blank, intIn(1, 31, '每月日期须为 1–31').optional()),
  startTime: z.string({ error: '请选择开始时间' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '开始时间格式应为 09:00'),
});

/** The rule's own checks: weekly needs weekdays, monthly a day of the month. */
const checkRule = (v: { ruleKind: string; weekdays: number[]; monthDay?: number }, ctx: z.RefinementCtx) => {
  if (v.ruleKind === 'weekly' && !v.weekdays.length)
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: '请选择每周的服务日' });
  if (v.ruleKind === 'monthly' && !v.monthDay)
    ctx.addIssue({ code: 'custom', path: ['monthDay'], message: '请选择每月的服务日期' });
};

const planTerms = z.object({
  endDate: optionalDay('结束日期'),
  visitCount: z.preprocess(blank, intIn(1, MAX_PLAN_VISITS, `服务次数须为 1–${MAX_PLAN_VISITS}`).optional()),
  employeeId: optionalId,
  payMode: z.enum(['visit', 'card'], { error: '请选择付款方式' }),
  cardId: optionalId,
  horizonDays: z.preprocess(
    blank,
    intIn(1, MAX_PLAN_HORIZON_DAYS, `提前排期天数须为 1–${MAX_PLAN_HORIZON_DAYS}`).default(DEFAULT_PLAN_HORIZON_DAYS),
  ),
  remark: optionalText(200),
});

const checkTerms = (
  v: { endDate?: string; visitCount?: number; payMode: string; cardId?: number; startDate?: string },
  ctx: z.RefinementCtx,
) => {
  if (!v.endDate && !v.visitCount)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '请填写结束日期或服务次数' });
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
  if (v.payMode === 'card' && !v.cardId)
    ctx.addIssue({ code: 'custom', path: ['cardId'], message: '请选择支付用的卡' });
};

export const planAddBody = z
  .object({
    clientId: dbId,
    clientAddressId: z.coerce.number({ error: '请选择服务地址' }).int().positive('请选择服务地址'),
    goodsId: z.coerce.number({ error: '请选择服务商品' }).int().positive('请选择服务商品'),
    specId: optionalId,
    quantity: z.preprocess(blank, intIn(1, 99, '数量须为 1–99').default(1)),
    area: z.preprocess(blank, intIn(1, 10_000, '面积须为 1–10000 ㎡').optional()),
    startDate: day('开始日期'),
  })
  .extend(planRuleFields.shape)
  .extend(planTerms.shape)
  .superRefine((v, ctx) => {
    checkRule(v, ctx);
    checkTerms(v, ctx);
  });
export type PlanAddBody = z.input<typeof planAddBody>;

/** 编辑: the terms (not the rule: 改时间 changes it from a date on). */
export const planEditBody = z
  .object({ id: dbId })
  .extend(planTerms.shape)
  .superRefine((v, ctx) => checkTerms(v, ctx));

/** 改时间/规则: from `fromDate` on, unbooked visits follow the new rule; booked orders stay and are listed. */
export const planChangeBody = z
  .object({ id: dbId, fromDate: day('生效日期') })
  .extend(planRuleFields.shape)
  .superRefine((v, ctx) => checkRule(v, ctx));

export const planSkipBody = z.object({
  id: dbId,
  date: day('日期'),
  /** The day's order exists: cancel it (refunded, or its card visit given back) — asked first by the page. */
  cancelOrder: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).default(false),
});

export const planEndBody = z.object({
  id: dbId,
  /** true: future orders of the plan are cancelled; false: they are kept and served. */
  cancelFuture: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()),
  reason: optionalText(100),
});

export const visitActionBody = z.object({ visitId: dbId, note: optionalText(100) });

export const planQuery = pageQuery.extend({
  status: z.preprocess(blank, z.enum(['active', 'paused', 'ended']).optional()),
  clientId: optionalId,
  employeeId: optionalId,
  /** Only plans with visits waiting for the dispatcher (未能排期). */
  withExceptions: z.preprocess(
    (v) => (v === 'true' || v === '1' || v === true ? true : undefined),
    z.boolean().optional(),
  ),
});

// ------------------------------------------------------------------------------------------------ answers

export const planRuleRow = z.object({
  fromDate: z.string(),
  ruleKind: z.enum(['weekly', 'monthly']),
  weekdays: z.array(z.number().int()),
  everyWeeks: z.number().int(),
  monthDay: z.number().int().nullable(),
  startTime: z.string(),
  text: z.string(),
});

export const planRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  clientAddressId: z.number().int(),
  /** Masked (maskAddress): the orders carry the whole address. */
  address: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  specId: z.number().int().nullable(),
  specName: z.string().nullable(),
  ruleText: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  visitCount: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  payMode: z.enum(['visit', 'card']),
  cardId: z.number().int().nullable(),
  cardName: z.string().nullable(),
  horizonDays: z.number().int(),
  status: z.enum(['active', 'paused', 'ended']),
  /** Orders booked and not cancelled. */
  bookedVisits: z.number().int(),
  /** Visits that could not be booked and wait for the dispatcher. */
  exceptionCount: z.number().int(),
  nextVisitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanRow = z.infer<typeof planRow>;

export const visitRow = z.object({
  id: z.number().int(),
  date: z.string(),
  appointmentAt: z.string(),
  status: z.enum(['pending', 'booked', 'exception', 'skipped', 'resolved', 'cancelled']),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  attempts: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  orderStatus: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  /** A booked order whose time no longer follows the plan's rule (改时间 after it was booked): 改约 or keep it. */
  offRule: z.boolean(),
  updatedAt: z.string(),
});
export type VisitRow = z.infer<typeof visitRow>;

export const planDetail = planRow.extend({
  clientAddressId: z.number().int(),
  quantity: z.number().int(),
  area: z.number().int().nullable(),
  remark: z.string().nullable(),
  endReason: z.string().nullable(),
  rule: planRuleRow,
  rules: z.array(planRuleRow),
  /** Visits from today on (and past exceptions still open), by day. */
  visits: z.array(visitRow),
  /** Days the rule has after the booking horizon (not booked yet), the next few. */
  upcoming: z.array(z.object({ date: z.string(), appointmentAt: z.string() })),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const bookResult = z.object({
  booked: z.number().int(),
  exceptions: z.number().int(),
  /** Days already handled (booked, skipped, or by another run at the same time). */
  unchanged: z.number().int(),
});
export type BookResult = z.infer<typeof bookResult>;

export const planExceptionCount = z.object({ count: z.number().int(), plans: z.number().int() });
