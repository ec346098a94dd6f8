import { feedbackAddBody } from '@jz/contracts/feedback';
import { Form, Input, Modal, Radio } from 'antd';
import { FileUpload } from '../../../../components/upload/index.ts';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { FeedbackInput } from '../api/feedback.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = feedbackAddBody.shape;

/** A merchant's feedback to the platform: type, content, up to 6 images, contact. */
export function FeedbackForm(props: {
  open: boolean;
  onSubmit: (v: FeedbackInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FeedbackInput>();
  const types = useDict('feedback_type');
  const submitting = useSubmitting();
  return (
    <Modal
      title="提交反馈"
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit({ ...v, images: v.images ?? [] });
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="merchantFeedback"
        labelCol={{ span: 4 }}
        preserve={false}
        initialValues={{ type: '1', images: [] }}
      >
        <Form.Item name="type" label="反馈类型" rules={[{ required: true, message: '请选择反馈类型' }]}>
          <Radio.Group options={types.options} />
        </Form.Item>
        <Form.Item
          name="content"
          label="反馈内容"
          validateFirst
          rules={[{ required: true, message: '请输入反馈内容' }, zodRule(s.content)]}
        >
          <Input.TextArea rows={5} maxLength={1000} showCount placeholder="请描述您遇到的问题或建议（至少 5 个字）" />
        </Form.Item>
        <Form.Item name="images" label="图片" extra="最多 6 张，每张小于 5MB">
          <FileUpload rootPath="feedback" limit={6} buttonText="上传图片" />
        </Form.Item>
        <Form.Item name="contact" label="联系方式" rules={[{ max: 50, message: '联系方式最多 50 个字' }]}>
          <Input maxLength={50} placeholder="手机号或微信，可不填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
