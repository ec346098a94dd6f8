import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { mainlandPhone, smsCode } from '@jz/contracts/common';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { setToken, setUserInfo } from '../../../lib/storage.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { passwordLogin, sendLoginCode, smsLogin } from '../api/login.ts';

/** 密码登录: login name or phone + password (set in 我的账号 → 修改密码); locked for an hour after 5 failures. */
function PasswordLoginForm(props: {
  onDone: (r: { token: string; userInfo: Parameters<typeof setUserInfo>[0] }) => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <Form
      name="passwordLogin"
      size="large"
      autoComplete="off"
      requiredMark={false}
      onFinish={async (v: { account: string; password: string }) => {
        setSubmitting(true);
        try {
          props.onDone(await passwordLogin(v.account.trim(), v.password));
        } catch {
          /* shown by the API client */
        } finally {
          setSubmitting(false);
        }
      }}
    >
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: '请输入账号名或手机号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号名或手机号" maxLength={50} aria-label="账号名或手机号" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" maxLength={64} aria-label="密码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        未设置密码？请使用短信登录后在「我的账号」中设置。
      </Typography.Paragraph>
    </Form>
  );
}

/** SMS sign-in: phone, 获取验证码 with a 60 s countdown, code, 登录. An unknown phone signs up as a new merchant. */
export function LoginPage() {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const send = async () => {
    const { phone } = await form.validateFields(['phone']);
    setSending(true);
    try {
      await sendLoginCode(phone);
      start(60);
      form.getFieldInstance('code')?.focus?.();
    } catch {
      /* the API client already showed why */
    } finally {
      setSending(false);
    }
  };

  const signedIn = (r: { token: string; userInfo: Parameters<typeof setUserInfo>[0] }) => {
    qc.clear();
    setToken(r.token);
    setUserInfo(r.userInfo);
    navigate('/index', { replace: true });
  };

  const submit = async ({ phone, code }: { phone: string; code: string }) => {
    setSubmitting(true);
    try {
      signedIn(await smsLogin(phone, code));
    } catch {
      /* shown by the API client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="jz-login">
      <div className="jz-login-panel">
        <div className="jz-login-brand">
          <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
            家政商家后台
          </Typography.Title>
          <Typography.Paragraph style={{ color: 'rgba(255,255,255,.9)', fontSize: 16 }}>
            店铺、商品、订单、员工与财务，一站式管理您的家政服务。
          </Typography.Paragraph>
          <ul style={{ lineHeight: 2.2, paddingLeft: 20, color: 'rgba(255,255,255,.92)' }}>
            <li>实时接单，自动派单给空闲员工</li>
            <li>服务核销，收入 T+N 自动结算</li>
            <li>多店铺、子账号与精细权限</li>
          </ul>
        </div>
        <div className="jz-login-form">
          <Tabs
            defaultActiveKey="sms"
            items={[
              {
                key: 'sms',
                label: '短信登录',
                children: (
                  <>
                    <Typography.Paragraph type="secondary">未注册的手机号验证后将自动创建商家账号</Typography.Paragraph>
                    <Form
                      form={form}
                      name="smsLogin"
                      size="large"
                      onFinish={submit}
                      autoComplete="off"
                      requiredMark={false}
                    >
                      <Form.Item
                        name="phone"
                        validateFirst
                        rules={[{ required: true, message: '请输入手机号' }, zodRule(mainlandPhone)]}
                        validateTrigger="onBlur"
                      >
                        <Input
                          prefix={<MobileOutlined />}
                          placeholder="请输入手机号"
                          maxLength={11}
                          inputMode="numeric"
                          aria-label="手机号"
                        />
                      </Form.Item>
                      <Form.Item>
                        <div style={{ display: 'flex', gap: 8 }}>
                          <Form.Item
                            name="code"
                            noStyle
                            validateFirst
                            rules={[{ required: true, message: '请输入验证码' }, zodRule(smsCode)]}
                          >
                            <Input
                              prefix={<LockOutlined />}
                              placeholder="6 位验证码"
                              maxLength={6}
                              inputMode="numeric"
                              aria-label="验证码"
                            />
                          </Form.Item>
                          <Button style={{ width: 132 }} disabled={left > 0} loading={sending} onClick={send}>
                            {left > 0 ? `${left} 秒后重发` : '获取验证码'}
                          </Button>
                        </div>
                      </Form.Item>
                      <Button type="primary" htmlType="submit" block loading={submitting}>
                        登录
                      </Button>
                    </Form>
                  </>
                ),
              },
              { key: 'password', label: '密码登录', children: <PasswordLoginForm onDone={signedIn} /> },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
