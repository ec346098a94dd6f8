import { passwordField } from '@jz/contracts/user';
import { Form, Input, Modal } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

/** 重置密码: the user's sessions end, so the new password is needed everywhere. */
export function RePasswordForm(props: {
  user: { id: number; nickName: string } | null;
  onSubmit: (v: { id: number; password: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const submitting = useSubmitting();
  return (
    <Modal
      title={`重置密码：${props.user?.nickName ?? ''}`}
      open={!!props.user}
      onCancel={props.onClose}
      destroyOnHidden
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit({ id: props.user!.id, password: v.password });
          props.onClose();
        })
      }
    >
      <Form clearOnDestroy form={form} name="rePassword" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item
          name="password"
          label="新密码"
          validateFirst
          rules={[{ required: true, message: '请输入密码' }, zodRule(passwordField)]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, v) =>
                v && v !== getFieldValue('password') ? Promise.reject(new Error('两次输入的密码不一致')) : undefined,
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
