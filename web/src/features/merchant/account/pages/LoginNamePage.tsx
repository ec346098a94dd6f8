import { accountLoginName } from '@jz/contracts/account';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useAccountMutations, useMyAccount } from '../api/account.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 修改账号名 (/xiugaizhanghaoming): a letter first, 4-30 letters, digits or _; unique. */
export default function LoginNamePage() {
  const me = useMyAccount();
  const { editLoginName: save } = useAccountMutations();
  const navigate = useNavigate();
  return (
    <Card className="jz-card" variant="borderless" title="修改账号名">
      <Form
        name="accountLoginName"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
        onFinish={async (v: { loginName: string }) => {
          await save
            .mutateAsync(v.loginName)
            .then(() => navigate(pagePath('account.mine')))
            .catch(() => undefined);
        }}
      >
        <Form.Item label="当前账号名">
          <Typography.Text>{me.data?.loginName ?? '-'}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="loginName"
          label="新账号名"
          validateFirst
          extra="以字母开头，4-30 位字母、数字或下划线；可用于密码登录"
          rules={[{ required: true, message: '请输入账号名' }, zodRule(accountLoginName)]}
        >
          <Input maxLength={30} autoComplete="off" />
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
