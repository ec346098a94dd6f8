import { weekdayName } from '@jz/contracts/constants/plan';
import { Checkbox, Form, Radio, Select, Space } from 'antd';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekdayName(d) }));
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `每月 ${i + 1} 日` }));
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
