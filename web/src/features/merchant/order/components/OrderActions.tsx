import { ORDER_STATUS, type Order } from '@jz/contracts/order';
import { Space } from 'antd';
import { useConfirm } from '../../../../components/confirm.ts';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { useOrderMutations } from '../api/order.ts';

export type OrderDialog = { kind: 'assign' | 'cancel' | 'reschedule'; order: Order } | null;

/** Orders not yet served can move to another time (改约): 待付款, 待接单, 待服务. */
export const canReschedule = (status: number) =>
  status === ORDER_STATUS.UNPAID || status === ORDER_STATUS.WAITING || status === ORDER_STATUS.TO_SERVE;

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

/** The actions an order offers in its state (the state machine of docs/decisions.md#orders). */
export function OrderActions(props: { order: Order; onDialog: (d: OrderDialog) => void; onDetail?: () => void }) {
  const { order: o } = props;
  const confirmDone = useConfirmDone();
  const done = () => void confirmDone.run(o);
  return (
    <Space size={4} wrap>
      {props.onDetail && (
        <Auth perm="merchant:order:query">
          <RowAction onClick={props.onDetail}>详情</RowAction>
        </Auth>
      )}
      {o.status === 20 && (
        <Auth perm="merchant:order:assign">
          <RowAction onClick={() => props.onDialog({ kind: 'assign', order: o })}>接单派员</RowAction>
        </Auth>
      )}
      {o.status === 30 && (
        <Auth perm="merchant:order:assign">
          <RowAction onClick={() => props.onDialog({ kind: 'assign', order: o })}>改派</RowAction>
        </Auth>
      )}
      {canReschedule(o.status) && (
        <Auth perm="merchant:order:assign">
          <RowAction onClick={() => props.onDialog({ kind: 'reschedule', order: o })}>改约</RowAction>
        </Auth>
      )}
      {o.status === 40 && (
        <Auth perm="merchant:order:confirm">
          <RowAction onClick={done}>确认完成</RowAction>
        </Auth>
      )}
      {(o.status === 20 || o.status === 30) && (
        <Auth perm="merchant:order:cancel">
          {/* 待接单 is refused (拒单), a taken order cancelled: the dialog says the same (CancelModal). */}
          <RowAction danger onClick={() => props.onDialog({ kind: 'cancel', order: o })}>
            {o.status === 20 ? '拒单' : '取消'}
          </RowAction>
        </Auth>
      )}
    </Space>
  );
}
