import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { TimeRange, WeeklyHours } from '@jz/contracts/dispatch';
import { WEEKDAY_NAMES } from '@jz/contracts/constants/dispatch';
import { Button, Radio, Select, Space, Switch, Typography } from 'antd';
import { DEFAULT_DAY, DEFAULT_WEEK, dayProblem, HALF_HOURS } from './weekly-hours.ts';

const OPTIONS = HALF_HOURS.map((t) => ({ label: t, value: t }));

/** The editor offers two ranges a day (a split shift: 08:00–12:00 and 13:00–18:00); the server takes up to four. */
const MAX_EDITOR_RANGES = 2;

interface Props {
  /** null = the shop's business hours (only when `shopHoursLabel` is given). */
  value?: WeeklyHours | null;
  onChange?: (v: WeeklyHours | null) => void;
  /** Offers 按店铺营业时间 (null) beside 自定义, with this text ('08:00–20:00'). Absent: always custom. */
  shopHoursLabel?: string;
  disabled?: boolean;
}

/**
 * Weekly working hours, 周一 … 周日: each day 休息 or one or two ranges in half hours, 复制周一到整周, each day's
 * problem said under it as it is typed (the form's rule, weekProblem, refuses to submit one).
 */
export function WeeklyHoursEditor({ value, onChange, shopHoursLabel, disabled }: Props) {
  const custom = value != null || shopHoursLabel === undefined;
  const week = value ?? DEFAULT_WEEK;
  const set = (day: number, ranges: TimeRange[]) => onChange?.(week.map((d, i) => (i === day ? ranges : d)));
  const setRange = (day: number, k: number, part: 'from' | 'to', t: string) =>
    set(
      day,
      week[day].map((r, i) => (i === k ? { ...r, [part]: t } : r)),
    );

  return (
    <div className="jz-weekly-hours">
      {shopHoursLabel !== undefined && (
        <Radio.Group
          disabled={disabled}
          value={custom ? 'custom' : 'shop'}
          onChange={(e) => onChange?.(e.target.value === 'shop' ? null : DEFAULT_WEEK)}
          options={[
            { label: `按店铺营业时间（${shopHoursLabel}）`, value: 'shop' },
            { label: '自定义每周排班', value: 'custom' },
          ]}
          style={{ marginBottom: custom ? 8 : 0 }}
        />
      )}
      {custom && (
        <>
          {week.map((ranges, day) => {
            const name = WEEKDAY_NAMES[day];
            const problem = dayProblem(ranges);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays, fixed
              <fieldset key={day} aria-label={name} style={{ margin: '0 0 6px', padding: 0, border: 0, minWidth: 0 }}>
                <Space wrap align="center">
                  <span style={{ display: 'inline-block', width: 32 }}>{name}</span>
                  <Switch
                    size="small"
                    disabled={disabled}
                    checked={ranges.length > 0}
                    checkedChildren="上班"
                    unCheckedChildren="休息"
                    aria-label={`${name}上班`}
                    onChange={(on) => set(day, on ? [...DEFAULT_DAY] : [])}
                  />
                  {ranges.map((r, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a day's first and second range
                    <Space.Compact key={k}>
                      <Select
                        size="small"
                        disabled={disabled}
                        showSearch
                        style={{ width: 84 }}
                        aria-label={`${name}第${k + 1}段开始`}
                        options={OPTIONS.slice(0, -1)}
                        value={r.from}
                        onChange={(t) => setRange(day, k, 'from', t)}
                      />
                      <Select
                        size="small"
                        disabled={disabled}
                        showSearch
                        style={{ width: 84 }}
                        aria-label={`${name}第${k + 1}段结束`}
                        options={OPTIONS.slice(1)}
                        value={r.to}
                        onChange={(t) => setRange(day, k, 'to', t)}
                      />
                      {k > 0 && (
                        <Button
                          size="small"
                          disabled={disabled}
                          icon={<MinusCircleOutlined />}
                          aria-label={`删除${name}第${k + 1}段`}
                          onClick={() => set(day, ranges.slice(0, k))}
                        />
                      )}
                    </Space.Compact>
                  ))}
                  {ranges.length > 0 && ranges.length < MAX_EDITOR_RANGES && (
                    <Button
                      size="small"
                      type="link"
                      disabled={disabled}
                      icon={<PlusOutlined />}
                      aria-label={`${name}添加时段`}
                      onClick={() => {
                        const last = ranges.at(-1)!;
                        // the second range starts an hour after the first ends (lunch), when the day allows it
                        const start = HALF_HOURS.indexOf(last.to) + 2;
                        const from = HALF_HOURS[Math.min(start, 46)];
                        const to = HALF_HOURS[Math.min(start + 10, 48)];
                        set(day, [...ranges, { from, to }]);
                      }}
                    >
                      添加时段
                    </Button>
                  )}
                </Space>
                {problem && (
                  <Typography.Text type="danger" style={{ display: 'block', marginLeft: 40 }}>
                    {problem}
                  </Typography.Text>
                )}
              </fieldset>
            );
          })}
          <Button
            size="small"
            disabled={disabled}
            onClick={() => onChange?.(week.map(() => week[0].map((r) => ({ ...r }))))}
          >
            复制周一到整周
          </Button>
        </>
      )}
    </div>
  );
}
