import { type DictData, dictDataBody, TAG_TYPES } from '@jz/contracts/dict';
import { Form, Input, InputNumber, Modal, Radio, Select, Tag } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { DictDataInput } from '../api/dict.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = dictDataBody.shape;

export function DictDataForm(props: {
  open: boolean;
  dictType: string;
  initial?: Partial<DictData>;
  onSubmit: (v: DictDataInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DictDataInput>();
  const submitting = useSubmitting();
  return (
    <Modal
      title={props.initial?.id ? '编辑字典数据' : '新增字典数据'}
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
            await props.onSubmit({ ...v, dictType: props.dictType });
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
        name="dictData"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={{ status: 0, sort: 0, tagType: 'default', ...props.initial, dictType: props.dictType }}
      >
        <Form.Item name="dictType" label="字典类型">
          <Input disabled />
        </Form.Item>
        <Form.Item
          name="dictLabel"
          label="数据标签"
          validateFirst
          rules={[{ required: true, message: '请输入字典标签' }, zodRule(s.dictLabel)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="dictValue"
          label="数据键值"
          validateFirst
          rules={[{ required: true, message: '请输入字典键值' }, zodRule(s.dictValue)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="tagType" label="标签样式">
          <Select
            options={TAG_TYPES.map((t) => ({
              value: t,
              label: <Tag color={t === 'default' ? undefined : t}>{t}</Tag>,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label="排序"
          rules={[{ type: 'number', min: 0, max: 9999, message: '排序为 0-9999 的整数' }]}
        >
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
