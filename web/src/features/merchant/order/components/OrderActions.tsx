import { completeOpensAt, completeOpensText } from '@jz/contracts/constants/booking';
import type { Order } from '@jz/contracts/order';
import { ORDER_STATUS } from '@jz/contracts/constants/order';
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { useOrderMutations } from '../api/order.ts';

export type OrderDialog = { kind: 'assign' | 'cancel' | 'reschedule'; order: Order } | null;

/** Orders not yet served can move to another time (改约): 待付款, 待接单, 待服务. */
export const canReschedule = (status: number) =>
  status === ORDER_STATUS.UNPAID || status === ORDER_STATUS.WAITING || status === ORDER_STATUS.TO_SERVE;

// The 服务单's dialog loads when first opened.
const ServiceSheetModal = lazyWidget(
  () => import('./ServiceSheetModal.tsx'),
  (m) => m.ServiceSheetModal,
);

/** Whether 确认完成 is still closed (the server refuses it until 2 hours before the appointment). */
export const completeNotYet = (o: Pick<Order, 'appointmentAt'>, now = Date.now()) =>
  now < completeOpensAt(o.appointmentAt);

/**
 * 确认完成 of an order in service: asks first, then confirms. Answers whether it was confirmed (false when the user
 * declined or the server refused: the API client showed why).
 */
export function useConfirmDone() {
  const { confirm } = useOrderMutations();
  const { confirmWarning } = useConfirm();
  const run = async (o: Pick<Order, 'id' | 'orderNo'>) => {
    if (!(await confirmWarning(`确认订单 ${o.orderNo} 已服务完成？确认后将生成结算，金额冻结至结算日后可提现。`)))
      return false;
    return confirm.mutateAsync(o.id).then(
      () => true,
      () => false,
    );
  };
  return { run, pending: confirm.isPending };
}

/**
 * The actions an order offers in its state (the state machine of docs/decisions.md#orders). In a table row (`inRow`)
 * they keep one line: when the row has more than three, the rare ones (打印服务单) move into a 更多 menu, as antd
 * tables usually do; the drawer shows every action as a button.
 */
export function OrderActions(props: {
  order: Order;
  onDialog: (d: OrderDialog) => void;
  onDetail?: () => void;
  inRow?: boolean;
}) {
  const { order: o } = props;
  const confirmDone = useConfirmDone();
  const done = () => void confirmDone.run(o);
  const [printing, setPrinting] = useState(false);
  const can = {
    detail: !!props.onDetail && hasPerm('merchant:order:query'),
    take: o.status === ORDER_STATUS.WAITING && hasPerm('merchant:order:assign'),
    reassign: o.status === ORDER_STATUS.TO_SERVE && hasPerm('merchant:order:assign'),
    reschedule: canReschedule(o.status) && hasPerm('merchant:order:assign'),
    done: o.status === ORDER_STATUS.SERVING && hasPerm('merchant:order:confirm'),
    cancel:
      (o.status === ORDER_STATUS.WAITING || o.status === ORDER_STATUS.TO_SERVE) && hasPerm('merchant:order:cancel'),
    print: o.status !== ORDER_STATUS.UNPAID && o.status !== ORDER_STATUS.CANCELLED && hasPerm('merchant:order:query'),
  };
  const shown = Object.values(can).filter(Boolean).length;
  const printInMenu = !!props.inRow && can.print && shown > 3;
  return (
    <Space size={4} wrap={!props.inRow}>
      {can.detail && <RowAction onClick={() => props.onDetail?.()}>详情</RowAction>}
      {can.take && <RowAction onClick={() => props.onDialog({ kind: 'assign', order: o })}>接单派员</RowAction>}
      {can.reassign && <RowAction onClick={() => props.onDialog({ kind: 'assign', order: o })}>改派</RowAction>}
      {can.reschedule && <RowAction onClick={() => props.onDialog({ kind: 'reschedule', order: o })}>改约</RowAction>}
      {can.done &&
        (completeNotYet(o) ? (
          <Tooltip title={completeOpensText(o.appointmentAt)}>
            <span data-testid="complete-not-yet">
              <RowAction disabled onClick={done}>
                确认完成
              </RowAction>
            </span>
          </Tooltip>
        ) : (
          <RowAction onClick={done}>确认完成</RowAction>
        ))}
      {can.cancel && (
        // 待接单 is refused (拒单), a taken order cancelled: the dialog says the same (CancelModal).
        <RowAction danger onClick={() => props.onDialog({ kind: 'cancel', order: o })}>
          {o.status === ORDER_STATUS.WAITING ? '拒单' : '取消'}
        </RowAction>
      )}
      {can.print && !printInMenu && <RowAction onClick={() => setPrinting(true)}>打印服务单</RowAction>}
      {printInMenu && (
        <Dropdown
          trigger={['click']}
          menu={{ items: [{ key: 'print', label: '打印服务单', onClick: () => setPrinting(true) }] }}
        >
          <Button type="link" size="small" style={{ padding: 0 }}>
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {printing && <ServiceSheetModal orderId={o.id} onClose={() => setPrinting(false)} />}
    </Space>
  );
}
