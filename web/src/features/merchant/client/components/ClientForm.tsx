import { CLIENT_TAG_SUGGESTIONS } from '@jz/contracts/constants/client';
import { Form, Input, Modal, Select } from 'antd';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { AddressFields } from './AddressFields.tsx';

export interface ClientFormValues {
  name: string;
  phone?: string;
  tags?: string[];
  remark?: string;
  address?: Record<string, unknown>;
}

/**
 * 新增客户 (with a first address) / 编辑客户. Editing a record shown masked leaves the phone empty: it changes only
 * when typed (the server keeps an absent phone).
 */
export function ClientForm(props: {
  open: boolean;
  initial?: Partial<ClientFormValues> & { id?: number };
  onClose: () => void;
  onSubmit: (v: ClientFormValues) => Promise<unknown>;
}) {
  const submitting = useSubmitting();
  const [form] = Form.useForm<ClientFormValues>();
  const editing = !!props.initial?.id;
  return (
    <Modal
      title={editing ? '编辑客户' : '新增客户'}
      open={props.open}
      destroyOnHidden
      width={640}
      confirmLoading={submitting.running}
      onCancel={props.onClose}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit(v);
          props.onClose();
        })
      }
    >
      <Form form={form} layout="vertical" clearOnDestroy preserve={false} initialValues={props.initial}>
        <Form.Item label="客户姓名" name="name" rules={[{ required: true, max: 20, message: '请输入客户姓名' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="phone"
          rules={[
            { required: !editing, message: '请输入手机号' },
            { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的 11 位手机号' },
          ]}
          extra={editing ? '不修改请留空' : undefined}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item label="标签" name="tags">
          <Select mode="tags" maxCount={10} options={CLIENT_TAG_SUGGESTIONS.map((t) => ({ label: t, value: t }))} />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {!editing && <AddressFields prefix={['address']} optional />}
      </Form>
    </Modal>
  );
}
