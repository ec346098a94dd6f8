import type { RotaEmployee, RotaResult } from '@jz/contracts/dispatch';
import { hoursOnDay, parseBusinessHours, WEEKDAY_NAMES, weekdayOf } from '@jz/contracts/constants/dispatch';
import { Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { rangesText } from '../../../../components/weekly-hours/weekly-hours.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import type { CellTarget } from './ExceptionModal.tsx';

const dayTitle = (d: string) => `${WEEKDAY_NAMES[weekdayOf(d)]} ${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;

/**
 * 排班 week grid: employees as rows, the 7 days as columns. A cell shows the day's ranges (休息 greyed), 调整 when a
 * date's exception replaces the weekly hours (its reason in the tooltip) and 休假 for leave touching the day. With
 * `onEdit` each cell is a button opening the date's dialog.
 */
export function RotaGrid({
  data,
  loading,
  onEdit,
}: {
  data: RotaResult | undefined;
  loading: boolean;
  onEdit?: (t: CellTarget) => void;
}) {
  const days = data?.days ?? [];
  const shopHours = parseBusinessHours(data?.businessHours);
  const columns: ColumnsType<RotaEmployee> = [
    { title: '员工', dataIndex: 'name', fixed: 'left', width: 110, render: (n: string) => <strong>{n}</strong> },
    ...days.map((day, i) => ({
      title: dayTitle(day),
      key: day,
      width: 150,
      render: (_: unknown, e: RotaEmployee) => {
        const cell = e.days[i];
        const text = rangesText(cell.ranges);
        const weekly = hoursOnDay(e.workHours, shopHours, day);
        const content = (
          <div style={{ lineHeight: 1.5 }}>
            <Typography.Text type={cell.ranges.length ? undefined : 'secondary'}>
              {cell.ranges.length ? cell.ranges.map((r) => <div key={r.from}>{`${r.from}–${r.to}`}</div>) : text}
            </Typography.Text>
            <div>
              {cell.exception && (
                <Tooltip title={cell.exception.reason ? `调整原因：${cell.exception.reason}` : '按日期调整'}>
                  <Tag color="blue">调整</Tag>
                </Tooltip>
              )}
              {cell.leaves.map((l) => (
                <Tooltip
                  key={l.id}
                  title={`${formatDateTime(l.from)} 至 ${formatDateTime(l.to)}${l.reason ? `：${l.reason}` : ''}`}
                >
                  <Tag color="orange">休假</Tag>
                </Tooltip>
              ))}
            </div>
          </div>
        );
        if (!onEdit) return content;
        return (
          <Button
            type="text"
            className="jz-rota-cell"
            aria-label={`${e.name} ${dayTitle(day)}：${text}${cell.exception ? '（调整）' : ''}${cell.leaves.length ? '（休假）' : ''}`}
            style={{ height: 'auto', width: '100%', textAlign: 'left', padding: '2px 6px', whiteSpace: 'normal' }}
            onClick={() =>
              onEdit({
                employee: { id: e.id, name: e.name },
                day: cell,
                weekly,
              })
            }
          >
            {content}
          </Button>
        );
      },
    })),
  ];
  return (
    <Table<RotaEmployee>
      rowKey="id"
      size="small"
      bordered
      loading={loading}
      columns={columns}
      dataSource={data?.employees ?? []}
      pagination={false}
      scroll={{ x: 110 + 150 * 7 }}
      locale={{ emptyText: '本店还没有员工' }}
    />
  );
}
