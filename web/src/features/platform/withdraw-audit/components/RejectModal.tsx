import type { WithdrawalAudit } from '@jz/contracts/withdraw-audit';
import { Form, Input, Modal, Typography } from 'antd';
import { formatYuan } from '../../../../lib/format.ts';
import { useWithdrawAuditMutations } from '../api/withdraw-audit.ts';

/** 驳回提现: the reason (shown to the merchant) is required; the amount goes back to the merchant's balance. */
export function RejectModal({ row, onClose }: { row: WithdrawalAudit | null; onClose: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const { review } = useWithdrawAuditMutations();
  return (
    <Modal
      title={`驳回提现 ${row?.withdrawNo ?? ''}`}
      open={!!row}
      onCancel={onClose}
      okText="驳 回"
      okButtonProps={{ danger: true }}
      confirmLoading={review.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        if (!row) return;
        await review
          .mutateAsync({ id: row.id, pass: 0, remark: v.remark })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Typography.Paragraph>
        {row?.merchantName} 申请提现 {row ? formatYuan(row.amount) : ''}，驳回后金额退回商家余额。
      </Typography.Paragraph>
      <Form clearOnDestroy form={form} name="withdraw-reject" layout="vertical" preserve={false}>
        <Form.Item
          name="remark"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '驳回时请填写原因' },
            { max: 200, message: '最多 200 个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="将展示给商家" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
