import { QueryError } from '../../../../components/QueryState.tsx';
import { passwordField } from '@jz/contracts/user';
import { Alert, Button, Card, Form, Input, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { sendPasswordCode, useAccountMutations, useMyAccount } from '../api/account.ts';
import { SmsCodeField } from '../../../../components/SmsCodeField.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 修改密码 (/xiugaimima): the old password, or an SMS code when none is set yet. Other devices sign out. */
export default function PasswordPage() {
  const me = useMyAccount();
  const { editPassword: save } = useAccountMutations();
  const navigate = useNavigate();
  if (!me.data)
    return (
      <Card className="jz-card">
        {me.isError ? <QueryError error={me.error} onRetry={me.refetch} /> : <Skeleton active />}
      </Card>
    );
  const has = me.data.hasPassword;
  return (
    <Card className="jz-card" variant="borderless" title={has ? '修改密码' : '设置密码'}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24, maxWidth: 720 }}
        title={
          has
            ? '修改后，其他设备上的登录将失效。'
            : `您尚未设置密码，验证手机 ${me.data.phone} 后即可设置；设置后可使用账号名或手机号 + 密码登录。`
        }
      />
      <Form
        name="accountPassword"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
        onFinish={async (v: { oldPassword?: string; code?: string; newPassword: string }) => {
          await save
            .mutateAsync({ oldPassword: v.oldPassword, code: v.code, newPassword: v.newPassword })
            .then(() => navigate(pagePath('account.mine')))
            .catch(() => undefined);
        }}
      >
        {has ? (
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : (
          <SmsCodeField label="短信验证码" send={sendPasswordCode} />
        )}
        <Form.Item
          name="newPassword"
          label="新密码"
          validateFirst
          extra="至少 8 位，须同时包含字母和数字"
          rules={[{ required: true, message: '请输入新密码' }, zodRule(passwordField)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button style={{ marginLeft: 8 }} onClick={() => navigate(pagePath('account.mine'))}>
            返回
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
