import type { WeeklyHours } from '@jz/contracts/dispatch';
import { WEEKDAY_NAMES } from '@jz/contracts/constants/dispatch';
import { Descriptions, Typography } from 'antd';
import { rangesText } from './weekly-hours.ts';

/** Weekly hours read-only: 周一 … 周日 with their ranges or 休息; null = the shop's business hours. */
export function WeeklyHoursView({ hours }: { hours: WeeklyHours | null }) {
  if (!hours) return <Typography.Text type="secondary">按店铺营业时间</Typography.Text>;
  return (
    <Descriptions size="small" column={7} layout="vertical" bordered>
      {hours.map((d, i) => (
        <Descriptions.Item key={WEEKDAY_NAMES[i]} label={WEEKDAY_NAMES[i]}>
          {d.length ? (
            d.map((r) => <div key={r.from}>{`${r.from}–${r.to}`}</div>)
          ) : (
            <Typography.Text type="secondary">{rangesText(d)}</Typography.Text>
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
