import { agreementBody } from '@jz/contracts/agreement';
import { Alert, Form, Input, Modal, Radio, Select, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { AgreementInput } from '../api/agreement.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

// The editor (~190 KB gzip) loads when the form opens, not with the agreement list (docs/performance-browser.md).
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx').then((m) => ({ default: m.RichTextEditor })));

const s = agreementBody.shape;

/** Add/edit dialog. Editing changes the draft only: merchants keep seeing the published version until 发布. */
export function AgreementForm(props: {
  open: boolean;
  initial?: Partial<AgreementInput> & { id?: number; currentVersion?: number };
  onSubmit: (v: AgreementInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AgreementInput>();
  const { options } = useDict('agreement_type');
  const published = (props.initial?.currentVersion ?? 0) > 0;
  const submitting = useSubmitting();
  return (
    <Modal
      title={props.initial?.id ? '编辑协议' : '新增协议'}
      open={props.open}
      width={960}
      onCancel={props.onClose}
      destroyOnHidden
      okText="保存草稿"
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit(v);
          props.onClose();
        })
      }
    >
      {published && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={`当前商家签署的是第 ${props.initial?.currentVersion} 版。修改内容后需点击「发布」生成新版本${props.initial?.mustSign ? '，届时所有商家须重新签署' : ''}。`}
        />
      )}
      <Form
        clearOnDestroy
        form={form}
        name="agreementAdmin"
        labelCol={{ span: 3 }}
        preserve={false}
        initialValues={{ mustSign: 0, content: '', ...props.initial }}
      >
        <Form.Item name="type" label="协议类型" rules={[{ required: true, message: '请选择协议类型' }]}>
          <Select options={options} placeholder="请选择协议类型" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="title"
          label="协议标题"
          validateFirst
          rules={[{ required: true, message: '请输入协议标题' }, zodRule(s.title)]}
        >
          <Input maxLength={100} placeholder="如：商家入驻协议" />
        </Form.Item>
        <Form.Item
          name="mustSign"
          label="必须签署"
          extra="必签协议未签署时，商家无法申请提现；发布新版本后须重新签署。"
        >
          <Radio.Group
            options={[
              { label: '是', value: 1 },
              { label: '否', value: 0 },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="协议内容"
          rules={[
            {
              validator: (_r, v) =>
                typeof v === 'string' && v.replace(/<[^>]*>|&nbsp;|\s/g, '')
                  ? Promise.resolve()
                  : Promise.reject(new Error('请输入协议内容')),
            },
          ]}
        >
          <LazyEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Form.Item passes value/onChange/id to its child: hand them through Suspense to the lazy editor. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} placeholder="请输入协议正文…" />
    </Suspense>
  );
}
