import type { PlanDetail } from '@jz/contracts/plan';
import { DEFAULT_PLAN_HORIZON_DAYS, type PlanRuleKind, ruleText } from '@jz/contracts/constants/plan';
import type { Dayjs } from 'dayjs';
import { toApiDate } from '../../../../lib/format.ts';
import { toPickerValue } from '../../../../lib/zone.ts';
import type { PlanAddInput, PlanEditInput } from '../api/plan.ts';

/** What the 周期服务 form holds: dates as picker values, the end as a date or a number of visits. */
export interface PlanFormValues {
  clientId?: number;
  clientAddressId?: number;
  goodsId?: number;
  specId?: number;
  quantity?: number;
  ruleKind: PlanRuleKind;
  weekdays: number[];
  everyWeeks: number;
  monthDay?: number;
  startTime?: string;
  startDate?: Dayjs | null;
  endMode: 'date' | 'count';
  endDate?: Dayjs | null;
  visitCount?: number;
  employeeId?: number;
  payMode: 'visit' | 'card';
  cardId?: number;
  horizonDays: number;
  remark?: string;
}

export const emptyPlanForm = (clientId?: number): PlanFormValues => ({
  clientId,
  quantity: 1,
  ruleKind: 'weekly',
  weekdays: [],
  everyWeeks: 1,
  startTime: '09:00',
  endMode: 'count',
  payMode: 'visit',
  horizonDays: DEFAULT_PLAN_HORIZON_DAYS,
});

/** Start times offered: every half hour from 06:00 to 21:00 (the shop's slots decide what is bookable). */
export const START_TIMES = Array.from({ length: 31 }, (_, i) => {
  const m = 360 + i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 ? '30' : '00'}`;
});

/** The terms shared by 新增 and 编辑: the end is a date or a number of visits, never both. */
function terms(v: PlanFormValues) {
  return {
    endDate: v.endMode === 'date' ? toApiDate(v.endDate) || undefined : undefined,
    visitCount: v.endMode === 'count' ? v.visitCount : undefined,
    employeeId: v.employeeId,
    payMode: v.payMode,
    cardId: v.payMode === 'card' ? v.cardId : undefined,
    horizonDays: v.horizonDays,
    remark: v.remark || undefined,
  };
}

export function toAddBody(v: PlanFormValues): PlanAddInput {
  return {
    clientId: v.clientId as number,
    clientAddressId: v.clientAddressId as number,
    goodsId: v.goodsId as number,
    specId: v.specId,
    quantity: v.quantity ?? 1,
    ...ruleBody(v),
    startDate: toApiDate(v.startDate),
    ...terms(v),
  };
}

export const toEditBody = (id: number, v: PlanFormValues): PlanEditInput => ({ id, ...terms(v) });

/** The rule fields as the API takes them: weekdays only for a weekly rule, the day of month only for a monthly one. */
export function ruleBody(v: Pick<PlanFormValues, 'ruleKind' | 'weekdays' | 'everyWeeks' | 'monthDay' | 'startTime'>) {
  const weekly = v.ruleKind === 'weekly';
  return {
    ruleKind: v.ruleKind,
    weekdays: weekly ? v.weekdays : [],
    everyWeeks: weekly ? v.everyWeeks : 1,
    monthDay: weekly ? undefined : v.monthDay,
    startTime: v.startTime as string,
  };
}

/** A plan's values in the form (编辑). */
export function fromPlan(p: PlanDetail): PlanFormValues {
  return {
    clientId: p.clientId,
    clientAddressId: p.clientAddressId,
    goodsId: p.goodsId,
    specId: p.specId ?? undefined,
    quantity: p.quantity,
    ruleKind: p.rule.ruleKind,
    weekdays: p.rule.weekdays,
    everyWeeks: p.rule.everyWeeks,
    monthDay: p.rule.monthDay ?? undefined,
    startTime: p.rule.startTime,
    startDate: toPickerValue(`${p.startDate}T00:00:00+08:00`),
    endMode: p.endDate ? 'date' : 'count',
    endDate: p.endDate ? toPickerValue(`${p.endDate}T00:00:00+08:00`) : null,
    visitCount: p.visitCount ?? undefined,
    employeeId: p.employeeId ?? undefined,
    payMode: p.payMode,
    cardId: p.cardId ?? undefined,
    horizonDays: p.horizonDays,
    remark: p.remark ?? undefined,
  };
}

/** The rule as the form previews it ('每周二、四 09:00'), or '' while incomplete. */
export function previewRule(v: Partial<PlanFormValues>) {
  if (!v.startTime) return '';
  if (v.ruleKind === 'monthly') return v.monthDay ? ruleText({ ...base(v), monthDay: v.monthDay }) : '';
  return v.weekdays?.length ? ruleText(base(v)) : '';
}
const base = (v: Partial<PlanFormValues>) => ({
  ruleKind: v.ruleKind ?? 'weekly',
  weekdays: v.weekdays ?? [],
  everyWeeks: v.everyWeeks ?? 1,
  monthDay: v.monthDay ?? null,
  startTime: v.startTime ?? '09:00',
});
