import { Alert, Form, Input, Modal } from 'antd';
import { PlainSkeleton } from '../../../../components/plain/PlainSkeleton.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { formatYuan } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useCardDetail } from '../api/card.ts';

/**
 * 退卡: shows what goes back (unused cash less the terms' fee; visits and bonus lapse) and asks for a reason; the red
 * 确认退卡 is the confirmation (the row's 退卡 only opens this). The amount shown is sent along: a card that changed
 * meanwhile is refused by the server. While the card loads the amount is a placeholder; a failed load offers 重试.
 */
export function RefundCardModal(props: {
  id: number | null;
  onClose: () => void;
  onRefund: (v: { id: number; reason: string; expectedAmount: number }) => Promise<unknown>;
}) {
  const q = useCardDetail(props.id);
  const c = q.data;
  const [form] = Form.useForm<{ reason: string }>();
  const submitting = useSubmitting();
  return (
    <Modal
      title="退卡"
      open={props.id !== null}
      onCancel={props.onClose}
      destroyOnHidden
      okText="确认退卡"
      okButtonProps={{ danger: true, disabled: !c }}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          if (!c) return;
          const { reason } = await form.validateFields();
          await props.onRefund({ id: c.id, reason, expectedAmount: c.refundable });
          props.onClose();
        })
      }
    >
      {q.isError && !c ? (
        <QueryError error={q.error} onRetry={q.refetch} title="卡详情加载失败" compact />
      ) : !c ? (
        <PlainSkeleton title={false} rows={2} />
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`退还客户 ${formatYuan(c.refundable)}`}
          description={`未使用本金 ${formatYuan(c.cashBalance)}，按卡项条款扣除手续费 ${formatYuan(c.refundFeeNow)}${
            c.kind === 'times' ? `；剩余 ${c.remainingVisits} 次作废` : ''
          }${c.bonusBalance ? `；赠送余额 ${formatYuan(c.bonusBalance)} 作废` : ''}。${
            c.payMethod === 'online' ? '款项原路退回。' : '线下售出的卡，请线下退款给客户。'
          }退卡后不能撤销。`}
        />
      )}
      <Form form={form} clearOnDestroy preserve={false} layout="vertical">
        <Form.Item
          name="reason"
          label="退卡原因"
          rules={[
            { required: true, message: '请填写退卡原因' },
            { min: 2, message: '请填写退卡原因' },
          ]}
        >
          <Input.TextArea maxLength={200} rows={3} placeholder="如：客户搬离服务区域" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
