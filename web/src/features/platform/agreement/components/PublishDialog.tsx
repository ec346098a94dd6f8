import type { Agreement } from '@jz/contracts/agreement';
import { Form, Input, Modal } from 'antd';
import { useAgreementMutations } from '../api/agreement.ts';

/** 发布: the draft becomes the next version, with an optional note (loaded when first opened: lazy-dialogs.ts). */
export function PublishDialog({ agreement, onClose }: { agreement: Agreement | null; onClose: () => void }) {
  const { publish } = useAgreementMutations();
  const [form] = Form.useForm<{ remark?: string }>();
  const willAskAgain = agreement && agreement.mustSign === 1 && agreement.currentVersion > 0;
  return (
    <Modal
      title={agreement ? `发布《${agreement.title}》` : '发布协议'}
      open={!!agreement}
      onCancel={onClose}
      okText="发布"
      confirmLoading={publish.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await publish.mutateAsync({ id: agreement!.id, remark: v.remark });
        onClose();
      }}
    >
      <p>
        将当前草稿发布为{agreement?.currentVersion ? `第 ${agreement.currentVersion + 1} 版` : '第 1 版'}
        （草稿与当前版本相同时仅恢复发布），并以消息通知所有商家。
      </p>
      {willAskAgain && (
        <p style={{ color: '#cf1322' }}>这是必签协议：发布新版本后，所有商家须重新签署，签署前无法申请提现。</p>
      )}
      <Form clearOnDestroy form={form} name="agreementPublish" layout="vertical" preserve={false}>
        <Form.Item name="remark" label="版本说明" rules={[{ max: 200, message: '版本说明最多 200 个字' }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：新增保险条款" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
