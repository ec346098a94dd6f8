// The schema-free part of plan.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
import { nextDay, WEEKDAY_NAMES, weekdayOf } from '../shanghai-time.ts';

/**
 * Recurring service (周期服务; docs/customers.md "周期服务"): a plan books orders for a client's address a
 * rolling horizon ahead, through the shop's booking rules. Days are Shanghai calendar days ('YYYY-MM-DD'), times
 * Shanghai wall time ('HH:mm').
 */
export const PLAN_STATUS = { active: '进行中', paused: '已暂停', ended: '已结束' } as const;
export type PlanStatus = keyof typeof PLAN_STATUS;

export const PLAN_RULE_KINDS = { weekly: '按周', monthly: '按月' } as const;
export type PlanRuleKind = keyof typeof PLAN_RULE_KINDS;

/** visit: each order is created 待付款 for the customer to pay; card: paid at booking from a card of the client. */
export const PLAN_PAY_MODES = { visit: '每次下单付款', card: '卡项支付' } as const;
export type PlanPayMode = keyof typeof PLAN_PAY_MODES;

/**
 * A visit (one day of a plan): pending (being booked), booked (its order exists; the order's own status tells the
 * rest), exception (could not be booked: the reason is kept for the dispatcher), skipped, resolved (an exception the
 * dispatcher dealt with by hand), cancelled (by ending the plan).
 */
export const VISIT_STATUS = {
  pending: '排期中',
  booked: '已下单',
  exception: '未能排期',
  skipped: '已跳过',
  resolved: '已处理',
  cancelled: '已取消',
} as const;
export type VisitStatus = keyof typeof VISIT_STATUS;

export const DEFAULT_PLAN_HORIZON_DAYS = 14;
export const MAX_PLAN_HORIZON_DAYS = 60;
export const MAX_PLAN_VISITS = 500;

/** 1 = 周一 … 7 = 周日 (the form's order). */
export const weekdayName = (d: number) => WEEKDAY_NAMES[(d - 1 + 7) % 7];

export interface PlanRule {
  ruleKind: PlanRuleKind;
  /** weekly: 1–7 (周一–周日). */
  weekdays: number[];
  /** weekly: every N weeks (1 = every week), counted from the week of `fromDate`. */
  everyWeeks: number;
  /** monthly: the day of the month; a month without it uses its last day. */
  monthDay: number | null;
  startTime: string;
}

/** '每周二、四 09:00', '每 2 周周二 09:00', '每月 15 日 09:00'. */
export function ruleText(r: PlanRule) {
  if (r.ruleKind === 'monthly') return `每月 ${r.monthDay} 日 ${r.startTime}`;
  const days = [...r.weekdays]
    .sort((a, b) => a - b)
    .map((d, i) => (i === 0 ? weekdayName(d) : weekdayName(d).slice(1)))
    .join('、');
  return `${r.everyWeeks > 1 ? `每 ${r.everyWeeks} 周` : '每'}${days} ${r.startTime}`;
}

const mondayOf = (day: string) => nextDay(day, -weekdayOf(day));
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const lastDayOfMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** Whether the rule (in force since `fromDate`) has a visit on `day`. */
export function ruleHasDay(r: PlanRule, fromDate: string, day: string) {
  if (day < fromDate) return false;
  if (r.ruleKind === 'monthly') {
    const d = Number(day.slice(8, 10));
    const want = Math.min(r.monthDay ?? 1, lastDayOfMonth(day));
    return d === want;
  }
  if (!r.weekdays.includes(weekdayOf(day) + 1)) return false;
  const weeks = Math.round(daysBetween(mondayOf(fromDate), mondayOf(day)) / 7);
  return weeks % Math.max(1, r.everyWeeks) === 0;
}

/** The days of [from, to] (inclusive) a rule has a visit on. */
export function ruleDays(r: PlanRule, fromDate: string, from: string, to: string) {
  const out: string[] = [];
  for (let d = from < fromDate ? fromDate : from; d <= to; d = nextDay(d)) if (ruleHasDay(r, fromDate, d)) out.push(d);
  return out;
}

// ------------------------------------------------------------------------------------------------ schemas
