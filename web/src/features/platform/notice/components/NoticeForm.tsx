import { type Notice, noticeAddBody } from '@jz/contracts/notice';
import { DatePicker, Form, Input, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { NoticeInput } from '../api/notice.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { pickedToIso, toPickerValue } from '../../../../lib/zone.ts';

const s = noticeAddBody.shape;

/** Add/edit a notice: title, type, rich-text content (cleaned on the server), status and publish time. */
export function NoticeForm(props: {
  open: boolean;
  initial?: Partial<Notice>;
  onSubmit: (v: NoticeInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Omit<NoticeInput, 'publishedAt'> & { publishedAt?: Dayjs | null }>();
  const types = useDict('notice_type');
  const init = props.initial ?? {};
  const submitting = useSubmitting();
  return (
    <Modal
      title={init.id ? '编辑公告' : '新增公告'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={900}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const { publishedAt, ...v } = await form.validateFields();
          await props.onSubmit({ ...v, publishedAt: publishedAt ? pickedToIso(publishedAt) : undefined });
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="notice"
        labelCol={{ span: 3 }}
        preserve={false}
        initialValues={{
          type: '1',
          status: 0,
          content: '',
          ...init,
          publishedAt: toPickerValue(init.publishedAt),
        }}
      >
        <Form.Item
          name="title"
          label="标题"
          validateFirst
          rules={[{ required: true, message: '请输入标题' }, zodRule(s.title)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group options={types.options} />
        </Form.Item>
        <Form.Item
          name="publishedAt"
          label="发布时间"
          extra="不填为立即发布；设为将来的时间即定时发布，到时商家才能看到"
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item name="content" label="内容" rules={[{ required: true, message: '请输入内容' }, zodRule(s.content)]}>
          <RichTextEditor rootPath="notice" height={320} loadOn="render" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
