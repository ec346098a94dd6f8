import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { resetSession } from '../../../lib/session-reset.ts';
import { setToken, setUserInfo } from '../../../lib/storage.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { passwordLogin, sendLoginCode, smsLogin } from '../api/auth.ts';
import { FieldRow } from '../components/FieldRow.tsx';
import { LoginTabs } from '../components/LoginTabs.tsx';
import { codeCheck, phoneCheck, required } from '../login-rules.ts';
import { useLoginForm } from '../use-login-form.ts';
import './login.css';
import { pagePath } from '../../../lib/page-registry.ts';

// The smallest download of the app (docs/performance.md; /login ≤ 200 KB gzip with React and antd's runtime). Plain markup where
// antd's Typography, Tabs and Form only styled text and checked two fields; antd's Input and Button stay. No zod and
// no TanStack Query either (login-rules.ts, session-reset.ts). Input and Password come from their own modules: the
// `Input` export also carries OTP, Search and TextArea.

type SignedIn = (r: { token: string; userInfo: Parameters<typeof setUserInfo>[0] }) => void;

/** 密码登录: login name or phone + password (set in 我的账号 → 修改密码); locked for an hour after 5 failures. */
function PasswordLoginForm(props: { onDone: SignedIn }) {
  const [submitting, setSubmitting] = useState(false);
  const f = useLoginForm('passwordLogin', {
    account: { checks: [required('请输入账号名或手机号')] },
    password: { checks: [(v) => (v ? undefined : '请输入密码')] },
  });
  const submit = async (v: { account: string; password: string }) => {
    setSubmitting(true);
    try {
      props.onDone(await passwordLogin(v.account.trim(), v.password));
    } catch {
      /* shown by the API client */
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form name="passwordLogin" className="jz-login-fields" autoComplete="off" noValidate onSubmit={f.onSubmit(submit)}>
      <FieldRow id={f.errorId('account')} error={f.errors.account}>
        <Input
          {...f.field('account')}
          size="large"
          prefix={<UserOutlined />}
          placeholder="账号名或手机号"
          maxLength={50}
          aria-label="账号名或手机号"
        />
      </FieldRow>
      <FieldRow id={f.errorId('password')} error={f.errors.password}>
        <Password
          {...f.field('password')}
          size="large"
          prefix={<LockOutlined />}
          placeholder="密码"
          maxLength={64}
          aria-label="密码"
        />
      </FieldRow>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
      <p className="jz-login-note" style={{ marginTop: 12, marginBottom: 0 }}>
        未设置密码？请使用短信登录后在「我的账号」中设置。
      </p>
    </form>
  );
}

/** SMS sign-in: phone, 获取验证码 with a 60 s countdown, code, 登录. An unknown phone signs up as a new merchant. */
function SmsLoginForm(props: { onDone: SignedIn }) {
  const f = useLoginForm('smsLogin', {
    phone: { checks: [required('请输入手机号'), phoneCheck], trigger: 'blur' },
    code: { checks: [required('请输入验证码'), codeCheck] },
  });
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const send = async () => {
    const v = f.validate(['phone']);
    if (!v) return;
    setSending(true);
    try {
      await sendLoginCode(v.phone);
      start(60);
      f.focus('code');
    } catch {
      /* the API client already showed why */
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ phone, code }: { phone: string; code: string }) => {
    setSubmitting(true);
    try {
      props.onDone(await smsLogin(phone, code));
    } catch {
      /* shown by the API client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <p className="jz-login-note">未注册的手机号验证后将自动创建商家账号</p>
      <form name="smsLogin" className="jz-login-fields" autoComplete="off" noValidate onSubmit={f.onSubmit(submit)}>
        <FieldRow id={f.errorId('phone')} error={f.errors.phone}>
          <Input
            {...f.field('phone')}
            size="large"
            prefix={<MobileOutlined />}
            placeholder="请输入手机号"
            maxLength={11}
            inputMode="numeric"
            aria-label="手机号"
          />
        </FieldRow>
        <FieldRow id={f.errorId('code')} error={f.errors.code}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Input
              {...f.field('code')}
              size="large"
              prefix={<LockOutlined />}
              placeholder="6 位验证码"
              maxLength={6}
              inputMode="numeric"
              aria-label="验证码"
            />
            <Button size="large" style={{ width: 132 }} disabled={left > 0} loading={sending} onClick={send}>
              {left > 0 ? `${left} 秒后重发` : '获取验证码'}
            </Button>
          </div>
        </FieldRow>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          登录
        </Button>
      </form>
    </>
  );
}

/** The login screen: the brand panel and the two ways to sign in. */
export function LoginPage() {
  const navigate = useNavigate();
  const signedIn: SignedIn = (r) => {
    resetSession();
    setToken(r.token);
    setUserInfo(r.userInfo);
    navigate(pagePath('home.index'), { replace: true });
  };

  return (
    <div className="jz-login">
      <div className="jz-login-panel">
        <div className="jz-login-brand">
          <h2 className="jz-login-title">家政商家后台</h2>
          <p className="jz-login-lead">店铺、商品、订单、员工与财务，一站式管理您的家政服务。</p>
          <ul style={{ lineHeight: 2.2, paddingLeft: 20, color: 'rgba(255,255,255,.92)' }}>
            <li>实时接单，自动派单给空闲员工</li>
            <li>服务核销，收入 T+N 自动结算</li>
            <li>多店铺、子账号与精细权限</li>
          </ul>
        </div>
        <div className="jz-login-form">
          <LoginTabs
            defaultActiveKey="sms"
            items={[
              { key: 'sms', label: '短信登录', children: <SmsLoginForm onDone={signedIn} /> },
              { key: 'password', label: '密码登录', children: <PasswordLoginForm onDone={signedIn} /> },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
