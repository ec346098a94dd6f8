import type { PlanDetail } from '@jz/contracts/plan';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useConfirm } from '../../../../components/confirm.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { isLiveVisit } from './plan-status.tsx';

interface Values {
  cancelFuture: boolean;
  reason?: string;
}

/** 结束: the merchant chooses whether the plan's future orders are cancelled or kept; asked once more before. */
export function EndPlanModal(props: {
  open: boolean;
  plan: PlanDetail;
  onClose: () => void;
  onSubmit: (v: { id: number; cancelFuture: boolean; reason?: string }) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const submitting = useSubmitting();
  const { confirmWarning } = useConfirm();
  const future = props.plan.visits.filter(isLiveVisit);
  const submit = async () => {
    const v = await form.validateFields();
    const text = v.cancelFuture
      ? `结束周期服务并取消以后的 ${future.length} 个订单（已付款的退款，卡项支付的退回次数或余额）？此操作不可撤销。`
      : `结束周期服务？以后的 ${future.length} 个订单保留并照常服务。`;
    if (!(await confirmWarning(text))) return;
    await props.onSubmit({ id: props.plan.id, cancelFuture: v.cancelFuture, reason: v.reason || undefined });
    props.onClose();
  };
  return (
    <Modal
      title="结束周期服务"
      open={props.open}
      destroyOnHidden
      okText="结束"
      okButtonProps={{ danger: true }}
      confirmLoading={submitting.running}
      onOk={() => submitting.run(submit)}
      onCancel={props.onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        clearOnDestroy
        preserve={false}
        initialValues={{ cancelFuture: false }}
      >
        <Alert
          type="warning"
          style={{ marginBottom: 12 }}
          title={`结束后不再下新订单。已下单且未服务的订单：${future.length} 个。`}
        />
        <Form.Item name="cancelFuture" label="已下单的订单">
          <Radio.Group
            options={[
              { value: false, label: '保留，照常服务' },
              { value: true, label: '全部取消' },
            ]}
          />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ max: 100, message: '原因最多 100 个字' }]}>
          <Input maxLength={100} placeholder="例如：客户搬家" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
