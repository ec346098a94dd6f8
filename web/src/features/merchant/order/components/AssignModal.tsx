import { Button, Modal, Typography } from 'antd';
import { SuggestList } from '../../../../components/assign/SuggestList.tsx';
import { useOrderMutations } from '../api/order.ts';

/**
 * 接单派员 / 改派员工 (setYuangong) through the one suggestion list the board uses: who can take the job then, best
 * first with why, then who cannot and why; a choice that leaves another paid order at that time with nobody asks
 * first. Assigning a 待接单 order accepts it.
 */
export function AssignModal(props: {
  order: { id: number; orderNo: string; status: number } | null;
  onClose: () => void;
}) {
  const { order } = props;
  const { assign } = useOrderMutations();
  const reassign = order?.status === 30;
  const pick = (employeeId: number) => {
    if (!order) return;
    assign.mutateAsync({ id: order.id, yuangongId: employeeId }).then(props.onClose, () => undefined);
  };
  return (
    <Modal
      title={reassign ? `改派员工 · ${order?.orderNo}` : `接单并指派员工 · ${order?.orderNo ?? ''}`}
      open={!!order}
      onCancel={props.onClose}
      footer={<Button onClick={props.onClose}>取消</Button>}
      width={600}
      destroyOnHidden
    >
      {order && (
        <>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {reassign
              ? '按推荐顺序排列（客户偏好的员工优先，其次空闲、会做、距离近、当天负荷低）；点「指派」即改派给该员工。'
              : '按推荐顺序排列（客户偏好的员工优先，其次空闲、会做、距离近、当天负荷低）；点「指派」即接单并派给该员工。'}
          </Typography.Paragraph>
          <SuggestList orderId={order.id} busy={assign.isPending} onPick={pick} />
        </>
      )}
    </Modal>
  );
}
