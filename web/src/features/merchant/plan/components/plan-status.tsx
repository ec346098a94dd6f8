import { ORDER_STATUS } from '@jz/contracts/constants/order';
import { PLAN_STATUS } from '@jz/contracts/constants/plan';
import type { PlanRow, VisitRow } from '@jz/contracts/plan';
import { Tag } from 'antd';

const STATUS_COLOR = { active: 'processing', paused: 'warning', ended: 'default' } as const;

/** 进行中 / 已暂停 / 已结束, coloured alike in the list and the detail. */
export function PlanStatusTag({ status }: { status: PlanRow['status'] }) {
  return <Tag color={STATUS_COLOR[status]}>{PLAN_STATUS[status]}</Tag>;
}

const NOT_SERVED: number[] = [ORDER_STATUS.UNPAID, ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE];

/** A visit booked as an order not served yet (待付款, 待接单, 待服务): 跳过 cancels it, 结束 may cancel it. */
export const isLiveVisit = (v: Pick<VisitRow, 'status' | 'orderStatus'>) =>
  v.status === 'booked' && v.orderStatus !== null && NOT_SERVED.includes(v.orderStatus);
