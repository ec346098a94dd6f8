import { ClockCircleFilled } from '@ant-design/icons';
import type { OrderEvent } from '@jz/contracts/order';
import { LATE_AFTER_MINUTES } from '@jz/contracts/staff';
import { Button, type NotificationArgsProps, Typography } from 'antd';
import { formatDateTime } from '../../lib/format.ts';

/** Events after which a 迟到提醒 no longer holds: she clocked in, the job started, ended, moved or went to someone else. */
export const LATE_SETTLED: OrderEvent['kind'][] = [
  'arrived',
  'verified',
  'completed',
  'cancelled',
  'reassigned',
  'rescheduled',
];

export const lateKey = (orderId: number) => `late-${orderId}`;

/**
 * 迟到提醒 as a notice like a new order's (top right, stays until closed or acted on): the order, the employee who has
 * not clocked in, the appointment and the address; 查看订单 (the order's drawer on 订单管理) for users who may open it.
 */
export function lateNoticeArgs(e: OrderEvent, onView: (() => void) | undefined): NotificationArgsProps {
  const who = e.employeeName ?? '服务人员';
  return {
    key: lateKey(e.orderId),
    icon: <ClockCircleFilled style={{ color: '#cf1322' }} />,
    title: '迟到提醒',
    description: (
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
    ),
    actions: onView ? (
      <Button type="primary" size="small" onClick={onView}>
        查看订单
      </Button>
    ) : undefined,
    duration: false,
    role: 'alert',
    props: { 'data-testid': 'late-alert' },
  };
}
