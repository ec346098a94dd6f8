import { ClockCircleFilled } from '@ant-design/icons';
import type { OrderEvent } from '@jz/contracts/order';
import { LATE_AFTER_MINUTES } from '@jz/contracts/constants/staff';
import { Button, Typography } from 'antd';
import { formatDateTime } from '../../lib/format.ts';
import { AlertCard } from './AlertCard.tsx';

/** Events after which a 迟到提醒 no longer holds: she clocked in, the job started, ended, moved or went to someone else. */
export const LATE_SETTLED: OrderEvent['kind'][] = [
  'arrived',
  'verified',
  'completed',
  'cancelled',
  'reassigned',
  'rescheduled',
];

/**
 * 迟到提醒 in the alert dock, above the new-order notice (stays until closed or acted on: it is rare and asks for a
 * decision): the order, the employee who has not clocked in, the appointment and the address; 查看订单 (the order's
 * drawer on 订单管理) for users who may open it.
 */
export function LateNotice(props: { event: OrderEvent; onView: (() => void) | undefined; onClose: () => void }) {
  const e = props.event;
  const who = e.employeeName ?? '服务人员';
  return (
    <AlertCard
      data-testid="late-alert"
      icon={<ClockCircleFilled style={{ color: '#cf1322' }} />}
      title="迟到提醒"
      onClose={props.onClose}
      actions={
        props.onView && (
          <Button type="primary" size="small" onClick={props.onView}>
            查看订单
          </Button>
        )
      }
    >
      <div data-testid="late-alert-body">
        <div>
          <Typography.Text strong>{who}</Typography.Text> 在服务开始 {LATE_AFTER_MINUTES} 分钟后仍未到达打卡
        </div>
        <div>
          订单：{e.orderNo} · {e.goodsName}
        </div>
        <div>预约：{formatDateTime(e.appointmentAt)}</div>
        <div>地址：{e.address}</div>
      </div>
    </AlertCard>
  );
}
