import { weekdayName } from '@jz/contracts/constants/plan';
import { Checkbox, Form, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerNow } from '../../../../lib/zone.ts';
import { START_TIMES } from './plan-form.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekdayName(d) }));
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `每月 ${i + 1} 日` }));
const START_TIME_OPTIONS = START_TIMES.map((t) => ({ value: t, label: t }));
const EVERY_WEEKS = [1, 2, 3, 4].map((n) => ({ value: n, label: n === 1 ? '每周' : `每 ${n} 周` }));

/**
 * A plan's repeat rule inside its form: 按周 (weekdays, every N weeks) or 按月 (a day of the month), each validated
 * before submitting. Shared by 新增周期服务 and 改时间 / 规则; the fields are ruleKind, weekdays, everyWeeks, monthDay.
 */
export function RuleFields() {
  const ruleKind = Form.useWatch('ruleKind');
  return (
    <>
      <Form.Item name="ruleKind" label="重复方式">
        <Radio.Group
          options={[
            { value: 'weekly', label: '按周' },
            { value: 'monthly', label: '按月' },
          ]}
        />
      </Form.Item>
      {ruleKind === 'monthly' ? (
        <Form.Item
          name="monthDay"
          label="每月日期"
          extra="没有该日的月份在当月最后一天服务"
          rules={[{ required: true, message: '请选择每月的服务日期' }]}
        >
          <Select style={{ width: 160 }} options={MONTH_DAYS} />
        </Form.Item>
      ) : (
        <Space align="start" size={24} wrap>
          <Form.Item
            name="weekdays"
            label="每周服务日"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择每周的服务日' }]}
          >
            <Checkbox.Group options={WEEKDAYS} />
          </Form.Item>
          <Form.Item name="everyWeeks" label="间隔">
            <Select style={{ width: 120 }} options={EVERY_WEEKS} />
          </Form.Item>
        </Space>
      )}
    </>
  );
}

/** The rule's 开始时间 (every half hour of the day), required. */
export function StartTimeField() {
  return (
    <Form.Item name="startTime" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
      <Select style={{ width: 120 }} options={START_TIME_OPTIONS} />
    </Form.Item>
  );
}

/** A plan's dates (start, end, a change from) are today or later, in Shanghai: the DatePicker's disabledDate. */
export const beforeToday = (d: Dayjs) => d.isBefore(pickerNow(), 'day');
