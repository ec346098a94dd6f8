import { type Feedback, feedbackSetStateBody } from '@jz/contracts/feedback';
import { Button, Descriptions, Drawer, Form, Image, Input, Space } from 'antd';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const fmt = (t: string | null) => formatDateTime(t);

/** One feedback in full; an unhandled one can be answered here (handling is final). */
export function FeedbackDetail(props: {
  item: Feedback | null;
  onHandle: (reply: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reply: string }>();
  const f = props.item;
  const submitting = useSubmitting();
  return (
    <Drawer title="反馈详情" open={!!f} onClose={props.onClose} size="large" destroyOnHidden>
      {f && (
        <>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 100 } }}>
            <Descriptions.Item label="商家">{f.merchantName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提交人">
              {f.userName} {f.userPhone}
            </Descriptions.Item>
            <Descriptions.Item label="联系方式">{f.contact ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="类型">
              <DictTag type="feedback_type" value={f.type} />
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{fmt(f.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="内容">
              <div style={{ whiteSpace: 'pre-wrap' }}>{f.content}</div>
            </Descriptions.Item>
            {f.images.length > 0 && (
              <Descriptions.Item label="图片">
                <Image.PreviewGroup>
                  <Space wrap>
                    {f.images.map((u) => (
                      <Image key={u} src={u} width={88} height={88} style={{ objectFit: 'cover' }} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="状态">
              <DictTag type="feedback_state" value={f.state} />
            </Descriptions.Item>
            {f.state === 1 && (
              <>
                <Descriptions.Item label="回复">
                  <div style={{ whiteSpace: 'pre-wrap' }}>{f.reply}</div>
                </Descriptions.Item>
                <Descriptions.Item label="处理人">
                  {f.handlerName ?? '-'} · {fmt(f.handledAt)}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          {f.state === 0 && (
            <Auth perm="platform:feedback:handle">
              <Form
                clearOnDestroy
                form={form}
                name="feedbackHandle"
                layout="vertical"
                style={{ marginTop: 24 }}
                onFinish={(v) =>
                  submitting.run(async () => {
                    await props.onHandle(v.reply);
                    props.onClose();
                  })
                }
              >
                <Form.Item
                  name="reply"
                  label="回复商家"
                  validateFirst
                  rules={[{ required: true, message: '请输入回复内容' }, zodRule(feedbackSetStateBody.shape.reply)]}
                >
                  <Input.TextArea rows={4} maxLength={1000} showCount />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={submitting.running}>
                  标记为已处理并回复
                </Button>
              </Form>
            </Auth>
          )}
        </>
      )}
    </Drawer>
  );
}
