import { cancelBody } from '@jz/contracts/order';
import { Alert, Form, Input, Modal } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useOrderMutations } from '../api/order.ts';
import { yuan } from './money.ts';

/** 取消订单 (shangjiaCancel): a reason is required; the paid amount is refunded in full through the provider. */
export function CancelModal(props: {
  order: { id: number; orderNo: string; payAmount: number } | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const { cancel } = useOrderMutations();
  const submit = async () => {
    const v = await form.validateFields();
    if (!props.order) return;
    await cancel.mutateAsync({ id: props.order.id, reason: v.reason }).then(props.onClose, () => undefined);
  };
  return (
    <Modal
      title={`取消订单 · ${props.order?.orderNo ?? ''}`}
      open={!!props.order}
      onCancel={props.onClose}
      onOk={submit}
      okText="确认取消并退款"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="返回"
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`取消后将原路退还客户实付金额 ${yuan(props.order?.payAmount)}，此操作不可撤销。`}
      />
      <Form clearOnDestroy form={form} name="order-cancel" layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[{ required: true, message: '请填写取消原因' }, zodRule(cancelBody.shape.reason)]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="请填写取消原因，客户可见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
