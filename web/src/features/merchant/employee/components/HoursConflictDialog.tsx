import type { HoursConflictOrder } from '@jz/contracts/employee';
import { ORDER_STATUS_NAME } from '@jz/contracts/constants/order';
import { Alert, Button, Modal, Typography } from 'antd';
import { PageLink } from '../../../../components/PageLink.tsx';

/** The orders, each with its number, time, service, customer (phone masked) and a way to reassign it. */
function OrderList({ orders }: { orders: HoursConflictOrder[] }) {
  return (
    // A long list scrolls inside the dialog, so 确认修改 / 取消 stay in view.
    <ul style={{ margin: '4px 0 0', paddingLeft: 18, maxHeight: 360, overflowY: 'auto' }}>
      {orders.map((o) => (
        <li key={o.orderId} style={{ marginBottom: 4 }}>
          {o.time} · {o.goodsName} · {o.customerName} {o.customerPhoneMasked}{' '}
          <Typography.Text type="secondary">
            {o.orderNo}（{(ORDER_STATUS_NAME as Record<number, string>)[o.status] ?? o.status}）
          </Typography.Text>{' '}
          <PageLink page="merchant.order.list" query={{ id: o.orderId }}>
            打开订单改派
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * New weekly hours that leave assigned, unfinished orders outside them: asked before saving (确认修改 / 取消), and
 * once saved the same orders stay listed with a link to reassign each, since nothing else will bring them up.
 */
export function HoursConflictDialog({
  name,
  orders,
  open,
  saved,
  saving,
  onConfirm,
  onCancel,
  onDone,
}: {
  name: string;
  orders: HoursConflictOrder[];
  open: boolean;
  /** The change was saved: the dialog now says so and keeps the list. */
  saved: boolean;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  return (
    <Modal
      open={open}
      title={saved ? `${name} 的每周排班已保存` : `修改 ${name} 的每周排班？`}
      width={680}
      onCancel={saved ? onDone : onCancel}
      destroyOnHidden
      footer={
        saved
          ? [
              <Button key="done" type="primary" onClick={onDone}>
                返回员工列表
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onCancel} disabled={saving}>
                取消
              </Button>,
              <Button key="ok" type="primary" danger loading={saving} onClick={onConfirm}>
                确认修改
              </Button>,
            ]
      }
    >
      <Alert
        type="warning"
        showIcon
        title={
          saved
            ? `以下 ${orders.length} 个订单在新的工作时间外，仍由 ${name} 服务，请改派或与顾客改约`
            : `新的工作时间外还有 ${orders.length} 个已指派给 ${name} 的订单`
        }
        description={<OrderList orders={orders} />}
      />
      {!saved && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          确认修改后，这些订单仍由她服务但不在工作时间内；取消则不保存，可先改派后再修改。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
