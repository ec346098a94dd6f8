import { resourceAddBody } from '@jz/contracts/resource';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

/** 添加链接 (name + https URL) or 重命名 (name only), validated with the server's own schema. */
export function ResourceForm({
  open,
  mode,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  mode: 'link' | 'rename';
  initial?: { name?: string };
  onClose: () => void;
  onSubmit: (v: { name: string; url?: string }) => Promise<unknown>;
}) {
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initial ?? {});
    }
  }, [open, initial, form]);
  const submitting = useSubmitting();
  return (
    <Modal
      open={open}
      title={mode === 'link' ? '添加链接' : '重命名'}
      okText="确定"
      cancelText="取消"
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await onSubmit(v);
          onClose();
        })
      }
    >
      <Form clearOnDestroy form={form} name={`resource-${mode}`} labelCol={{ span: 5 }} preserve={false}>
        <Form.Item label="资源名称" name="name" rules={[zodRule(resourceAddBody.shape.name)]}>
          <Input maxLength={100} placeholder="请输入资源名称" />
        </Form.Item>
        {mode === 'link' && (
          <Form.Item label="链接地址" name="url" rules={[zodRule(resourceAddBody.shape.url)]}>
            <Input maxLength={500} placeholder="https://" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
