import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pickerNow } from '../../../../lib/zone.ts';
import { beforeToday } from './RuleFields.tsx';
import { visitLabel } from './VisitsTable.tsx';
import { emptyPlanForm, previewRule, ruleBody, toAddBody, toEditBody } from './plan-form.ts';

const base = {
  ...emptyPlanForm(7),
  clientAddressId: 8,
  goodsId: 9,
  startDate: dayjs('2026-12-01'),
};

describe('周期服务 form values', () => {
  it('a weekly rule sends its weekdays and interval, a number of visits and no end date or card', () => {
    const body = toAddBody({ ...base, weekdays: [4, 2], everyWeeks: 2, visitCount: 10, endDate: dayjs('2027-01-01') });
    expect(body).toMatchObject({
      clientId: 7,
      clientAddressId: 8,
      goodsId: 9,
      quantity: 1,
      ruleKind: 'weekly',
      weekdays: [4, 2],
      everyWeeks: 2,
      startTime: '09:00',
      startDate: '2026-12-01',
      visitCount: 10,
      payMode: 'visit',
      horizonDays: 14,
    });
    expect(body.endDate).toBeUndefined();
    expect(body.cardId).toBeUndefined();
    expect(body.monthDay).toBeUndefined();
  });

  it('a monthly rule drops the weekdays; an end date drops the count; the card only when paying by card', () => {
    const body = toAddBody({
      ...base,
      ruleKind: 'monthly',
      weekdays: [1],
      monthDay: 31,
      endMode: 'date',
      endDate: dayjs('2027-03-31'),
      visitCount: 5,
      payMode: 'card',
      cardId: 3,
    });
    expect(body).toMatchObject({ ruleKind: 'monthly', weekdays: [], monthDay: 31, endDate: '2027-03-31', cardId: 3 });
    expect(body.visitCount).toBeUndefined();
    expect(toEditBody(5, { ...base, payMode: 'visit', cardId: 3, visitCount: 4 })).toEqual({
      id: 5,
      endDate: undefined,
      visitCount: 4,
      employeeId: undefined,
      payMode: 'visit',
      cardId: undefined,
      horizonDays: 14,
      remark: undefined,
    });
  });

  it('previews the rule only once it is complete', () => {
    expect(previewRule({ ...base, weekdays: [] })).toBe('');
    expect(previewRule({ ...base, weekdays: [2, 4] })).toBe('每周二、四 09:00');
    expect(previewRule({ ...base, weekdays: [2], everyWeeks: 2, startTime: '14:30' })).toBe('每 2 周周二 14:30');
    expect(previewRule({ ...base, ruleKind: 'monthly', monthDay: 15 })).toBe('每月 15 日 09:00');
    expect(ruleBody({ ...base, ruleKind: 'monthly', monthDay: 15 })).toMatchObject({ weekdays: [], everyWeeks: 1 });
  });

  it("a booked visit shows its order's state, others their own", () => {
    expect(visitLabel({ status: 'booked', orderStatus: 10 })).toBe('待付款');
    expect(visitLabel({ status: 'booked', orderStatus: 30 })).toBe('待服务');
    expect(visitLabel({ status: 'exception', orderStatus: null })).toBe('未能排期');
    expect(visitLabel({ status: 'skipped', orderStatus: 70 })).toBe('已跳过');
  });

  it('a plan date can be today or later, never yesterday', () => {
    expect(beforeToday(pickerNow().subtract(1, 'day'))).toBe(true);
    expect(beforeToday(pickerNow())).toBe(false);
    expect(beforeToday(pickerNow().add(1, 'day'))).toBe(false);
  });
});
