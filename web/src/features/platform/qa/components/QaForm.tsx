import { type Qa, qaAddBody } from '@jz/contracts/qa';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { QaInput } from '../api/qa.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = qaAddBody.shape;

export function QaForm(props: {
  open: boolean;
  initial?: Partial<Qa>;
  onSubmit: (v: QaInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<QaInput>();
  const categories = useDict('qa_category');
  const submitting = useSubmitting();
  return (
    <Modal
      title={props.initial?.id ? '编辑问题' : '新增问题'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={900}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit(v);
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="qa"
        labelCol={{ span: 3 }}
        preserve={false}
        initialValues={{ status: 0, sort: 0, answer: '', ...props.initial }}
      >
        <Form.Item
          name="question"
          label="问题"
          validateFirst
          rules={[{ required: true, message: '请输入问题' }, zodRule(s.question)]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
          <Select
            options={categories.options}
            loading={categories.loading}
            style={{ width: 220 }}
            placeholder="请选择分类"
          />
        </Form.Item>
        <Form.Item name="sort" label="排序">
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
        <Form.Item name="answer" label="答案" rules={[{ required: true, message: '请输入答案' }, zodRule(s.answer)]}>
          <RichTextEditor rootPath="editor" height={280} loadOn="render" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
