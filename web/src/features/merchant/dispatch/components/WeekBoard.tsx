import { wallHm } from '@jz/contracts/constants/dispatch';
import { Typography } from 'antd';
import {
  type Employee,
  dayLabel,
  goodsText,
  hoursOn,
  leavesOn,
  onDay,
  statusStyle,
  timeText,
} from './board-geometry.ts';
import type { BoardActions } from './DayBoard.tsx';
import { dragOrder, useDropRow } from './drag.ts';
import { StepMarks, stepText } from './step-marks.tsx';

function WeekRow({ e, days, actions }: { e: Employee; days: string[]; actions: BoardActions }) {
  const drop = useDropRow(actions.onAssign && ((orderId) => actions.onAssign?.(orderId, e.id)));
  return (
    <div className="jz-dispatch-row" style={{ display: 'contents' }} data-testid={`row-${e.id}`} {...drop}>
      <div className="jz-dispatch-name">
        <Typography.Text strong ellipsis>
          {e.name}
        </Typography.Text>
      </div>
      {days.map((day) => {
        const hours = hoursOn(e, day);
        const leave = leavesOn(e, day)[0];
        const blocks = e.blocks.filter((b) => onDay(day, b.from, b.to)).sort((a, b) => a.from.localeCompare(b.from));
        return (
          <div
            key={day}
            className="jz-dispatch-cell"
            data-testid={`cell-${e.id}-${day}`}
            data-off={hours.length === 0 || undefined}
            data-leave={!!leave || undefined}
            title={
              leave
                ? `休假 ${timeText(leave, day)}${leave.reason ? `：${leave.reason}` : ''}`
                : hours.length === 0
                  ? '休息日'
                  : `工作 ${hours.map((r) => `${wallHm(r.from)}–${wallHm(r.to)}`).join('，')}`
            }
          >
            {leave && <Typography.Text type="secondary">休假</Typography.Text>}
            {!leave && hours.length === 0 && blocks.length === 0 && (
              <Typography.Text type="secondary">休息</Typography.Text>
            )}
            {blocks.map((b) => {
              const { color, name } = statusStyle(b.status);
              const label = `${timeText(b, day)} ${goodsText(b)} ${b.customerName}（${name}）${stepText(b)}`;
              return (
                <button
                  key={b.orderId}
                  type="button"
                  className="jz-dispatch-chip"
                  data-testid={`chip-${b.orderNo}`}
                  style={{ borderLeftColor: color, background: `${color}14` }}
                  data-step={b.step}
                  title={label}
                  aria-label={`订单 ${b.orderNo}：${label}`}
                  onClick={() => actions.onOpen(b.orderId)}
                  {...(actions.onAssign && b.status === 30 ? dragOrder(b.orderId) : {})}
                >
                  <span className="jz-dispatch-chip-line">
                    <b>{wallHm(b.from)}</b> <StepMarks b={b} /> {goodsText(b)}
                  </span>
                  <span className="jz-dispatch-chip-line jz-dispatch-chip-sub">{b.customerName}</span>
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

/** 周视图: 7 columns per employee, each day's jobs stacked compactly. */
export function WeekBoard({
  employees,
  days,
  actions,
}: {
  employees: Employee[];
  days: string[];
  actions: BoardActions;
}) {
  return (
    <div className="jz-dispatch-week" data-testid="week-board">
      <div className="jz-dispatch-head">
        <Typography.Text type="secondary">员工</Typography.Text>
      </div>
      {days.map((d) => (
        <div key={d} className="jz-dispatch-head">
          <Typography.Text type="secondary">{dayLabel(d)}</Typography.Text>
        </div>
      ))}
      {employees.map((e) => (
        <WeekRow key={e.id} e={e} days={days} actions={actions} />
      ))}
    </div>
  );
}
