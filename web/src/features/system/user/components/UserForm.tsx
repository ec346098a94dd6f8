import { userAddBody } from '@jz/contracts/user';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type UserInput, useRoleOptions } from '../api/user.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = userAddBody.shape;

/** Add/edit dialog of a platform user; the password is set only when adding (later: 重置密码). */
export function UserForm(props: {
  open: boolean;
  initial?: Partial<UserInput> & { id?: number };
  onSubmit: (v: UserInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<UserInput>();
  const roles = useRoleOptions();
  const editing = !!props.initial?.id;
  const submitting = useSubmitting();
  return (
    <Modal
      title={editing ? '编辑用户' : '新增用户'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
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
        name="sysUser"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={{ status: 0, roleIds: [], ...props.initial }}
      >
        <Form.Item
          name="loginName"
          label="登录名"
          validateFirst
          rules={[{ required: true, message: '请输入登录名' }, zodRule(s.loginName)]}
        >
          <Input maxLength={30} placeholder="字母、数字或 _ . @ -" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nickName"
          label="昵称"
          validateFirst
          rules={[{ required: true, message: '请输入昵称' }, zodRule(s.nickName)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          validateFirst
          extra="用于短信验证码登录"
          rules={[{ required: true, message: '请输入手机号' }, zodRule(s.phone)]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label="角色"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
        >
          <Select
            mode="multiple"
            loading={roles.isLoading}
            placeholder="请选择角色"
            options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.id }))}
          />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label="初始密码"
            extra="可不填：平台用户用短信验证码登录"
            rules={[zodRule(s.password)]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
