import { wallHm } from '@jz/contracts/constants/dispatch';
import { Button, Tag, Typography } from 'antd';
import {
  type Axis,
  type Block,
  type Employee,
  goodsText,
  hoursOn,
  leavesOn,
  place,
  statusStyle,
  timeText,
} from './board-geometry.ts';
import { dragOrder, useDropRow } from './drag.ts';
import { StepMarks, stepText } from './step-marks.tsx';
import { WORK_STATE } from './work-state.ts';

export interface BoardActions {
  /** Opens the order drawer. */
  onOpen: (orderId: number) => void;
  /** Present only with the 派单 permission: an order dropped on an employee. */
  onAssign?: (orderId: number, employeeId: number) => void;
  /** Opens the employee's 派工单 of the day shown. */
  onDaySheet?: (employeeId: number) => void;
}

/** One employee's day: working stretches shaded, leave greyed, jobs as blocks with their travel buffer after them. */
function DayRow({ e, axis, now, actions }: { e: Employee; axis: Axis; now: number | null; actions: BoardActions }) {
  const drop = useDropRow(actions.onAssign && ((orderId) => actions.onAssign?.(orderId, e.id)));
  const state = WORK_STATE[e.workState];
  return (
    <div className="jz-dispatch-row" style={{ display: 'contents' }} data-testid={`row-${e.id}`} {...drop}>
      <div className="jz-dispatch-name">
        <Typography.Text strong ellipsis>
          {e.name}
        </Typography.Text>
        <span className="jz-dispatch-name-line">
          {state && <Tag color={state.color}>{state.name}</Tag>}
          {actions.onDaySheet && (
            <Button
              type="link"
              size="small"
              className="jz-dispatch-sheet-link"
              aria-label={`${e.name} 的派工单`}
              data-testid={`daysheet-open-${e.id}`}
              onClick={() => actions.onDaySheet?.(e.id)}
            >
              派工单
            </Button>
          )}
        </span>
      </div>
      <div className="jz-dispatch-track">
        {hoursOn(e, axis.day).map((r) => {
          const p = place(axis, r.from, r.to);
          return (
            p && <div key={r.from} className="jz-dispatch-work" style={{ left: `${p.left}%`, width: `${p.width}%` }} />
          );
        })}
        {axis.hours.slice(1, -1).map((t) => (
          <div key={t} className="jz-dispatch-gridline" style={{ left: `${place(axis, axis.from, t)?.width ?? 0}%` }} />
        ))}
        {leavesOn(e, axis.day).map((l) => {
          const p = place(axis, l.from, l.to);
          return (
            p && (
              <div
                key={l.id}
                className="jz-dispatch-leave"
                style={{ left: `${p.left}%`, width: `${p.width}%` }}
                title={`休假 ${timeText(l, axis.day)}${l.reason ? `：${l.reason}` : ''}`}
              >
                休假{l.reason ? `：${l.reason}` : ''}
              </div>
            )
          );
        })}
        {now !== null && <div className="jz-dispatch-now" style={{ left: `${now}%` }} title="现在" />}
        {e.blocks.map((b) => (
          <DayBlock key={b.orderId} b={b} axis={axis} actions={actions} />
        ))}
      </div>
    </div>
  );
}

function DayBlock({ b, axis, actions }: { b: Block; axis: Axis; actions: BoardActions }) {
  const job = place(axis, b.from, b.to);
  const buffer = place(axis, b.to, b.bufferTo);
  const { color, name } = statusStyle(b.status);
  const label = `${timeText(b, axis.day)} ${goodsText(b)} ${b.customerName}（${name}）${stepText(b)}`;
  // A 待服务 job can be dragged to another employee (re-assign); finished ones stay where they were done.
  const drag = actions.onAssign && b.status === 30 ? dragOrder(b.orderId) : {};
  return (
    <>
      {buffer && (
        <div
          className="jz-dispatch-buffer"
          style={{ left: `${buffer.left}%`, width: `${buffer.width}%`, background: color }}
          title={`路程缓冲至 ${wallHm(b.bufferTo)}`}
        />
      )}
      {job && (
        <button
          type="button"
          className="jz-dispatch-block"
          data-testid={`block-${b.orderNo}`}
          data-status={b.status}
          data-estimated={!b.durationKnown || undefined}
          data-step={b.step}
          style={{ left: `${job.left}%`, width: `${job.width}%`, background: color }}
          title={`${label}${b.durationKnown ? '' : '，时长为估计'}\n${b.address}`}
          aria-label={`订单 ${b.orderNo}：${label}`}
          onClick={() => actions.onOpen(b.orderId)}
          {...drag}
        >
          <span>
            {timeText(b, axis.day)}
            <StepMarks b={b} />
          </span>
          <span>{goodsText(b)}</span>
          <span>{b.customerName}</span>
        </button>
      )}
    </>
  );
}

/** 日视图: employees as rows on a time axis. */
export function DayBoard({ employees, axis, actions }: { employees: Employee[]; axis: Axis; actions: BoardActions }) {
  // A red line at the current minute when the day shown is today (moves with each refetch).
  const t = Date.now();
  const now = t >= axis.from && t < axis.to ? ((t - axis.from) / (axis.to - axis.from)) * 100 : null;
  return (
    <div className="jz-dispatch-grid" data-testid="day-board">
      <div className="jz-dispatch-head">
        <Typography.Text type="secondary">员工</Typography.Text>
      </div>
      <div className="jz-dispatch-hours" aria-hidden>
        {/* inner hours only: a label at either edge would overlap its neighbour or the frame */}
        {axis.hours.slice(1, -1).map((t) => (
          <span key={t} className="jz-dispatch-hour" style={{ left: `${place(axis, axis.from, t)?.width ?? 0}%` }}>
            {wallHm(t)}
          </span>
        ))}
      </div>
      {employees.map((e) => (
        <DayRow key={e.id} e={e} axis={axis} now={now} actions={actions} />
      ))}
    </div>
  );
}
