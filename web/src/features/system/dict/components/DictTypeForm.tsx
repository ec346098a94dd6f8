import { type DictType, dictTypeBody } from '@jz/contracts/dict';
import { Form, Input, Modal, Radio } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { DictTypeInput } from '../api/dict.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = dictTypeBody.shape;

/** Add/edit dialog for a dictionary type; validates with the server's schema before submitting. */
export function DictTypeForm(props: {
  open: boolean;
  initial?: Partial<DictType>;
  onSubmit: (v: DictTypeInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DictTypeInput>();
  const submitting = useSubmitting();
  return (
    <Modal
      title={props.initial?.id ? '编辑字典' : '新增字典'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          // Invalid fields stay marked; a server refusal (already toasted) keeps the dialog open with what was typed.
          const v = await form.validateFields().catch(() => undefined);
          if (!v) return;
          try {
            await props.onSubmit(v);
            props.onClose();
          } catch {
            /* shown by the API client */
          }
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="dictType"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={{ status: 0, ...props.initial }}
      >
        <Form.Item
          name="name"
          label="字典名称"
          validateFirst
          rules={[{ required: true, message: '请输入字典名称' }, zodRule(s.name)]}
        >
          <Input maxLength={50} placeholder="如：订单状态" />
        </Form.Item>
        <Form.Item
          name="type"
          label="字典类型"
          validateFirst
          rules={[{ required: true, message: '请输入字典类型' }, zodRule(s.type)]}
        >
          <Input maxLength={100} placeholder="如：order_status" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注最多 500 个字' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
