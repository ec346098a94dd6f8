import { staffApi } from '@jz/contracts/api/staff';
import { Button, Input, List } from 'antd-mobile';
import { useId, useState } from 'react';
import { codeCheck, phoneCheck } from '../../features/auth/login-rules.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { errorText, staffCall } from '../api/client.ts';
import { saveStaffSession } from '../api/session.ts';
import { FieldLabel } from '../components/FieldLabel.tsx';

/** The SMS code can be asked again after this many seconds (the server's own resend rule). */
export const RESEND_SECONDS = 60;

/** 阿姨端 sign-in: her phone and an SMS code. A phone that is also a console user's is offered the way there. */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [hint, setHint] = useState<string>();
  const [bothSides, setBothSides] = useState(false);
  const countdown = useCountdown();
  const phoneId = useId();
  const codeId = useId();

  async function sendCode() {
    const e = phoneCheck(phone);
    setPhoneError(e);
    setFormError(undefined);
    if (e) return;
    setSending(true);
    try {
      await staffCall(staffApi.sendCode, { body: { phone: phone.trim() } });
      countdown.start(RESEND_SECONDS);
      setHint('验证码已发送，请查看短信');
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSending(false);
    }
  }

  async function signIn() {
    const pe = phoneCheck(phone);
    const ce = codeCheck(code);
    setPhoneError(pe);
    setCodeError(ce);
    setFormError(undefined);
    if (pe || ce) return;
    setSigningIn(true);
    try {
      const s = await staffCall(staffApi.login, { body: { phone: phone.trim(), code: code.trim() } });
      saveStaffSession(s);
      if (s.alsoMerchantUser) setBothSides(true);
      else onSignedIn();
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setSigningIn(false);
    }
  }

  if (bothSides)
    return (
      <div className="staff-login">
        <h1>登录成功</h1>
        <p className="staff-muted" style={{ marginBottom: 24 }}>
          这个手机号也是商家后台的账号，请选择要进入的页面
        </p>
        <Button block color="primary" size="large" onClick={onSignedIn}>
          进入阿姨端（我的订单）
        </Button>
        <Button block size="large" style={{ marginTop: 12 }} onClick={() => window.location.assign('/')}>
          前往商家后台
        </Button>
      </div>
    );

  return (
    <div className="staff-login">
      <h1>阿姨端登录</h1>
      <p className="staff-muted">使用在店铺登记的手机号，凭短信验证码登录</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void signIn();
        }}
        noValidate
      >
        <List mode="card" style={{ margin: '16px 0' }}>
          <List.Item prefix={<FieldLabel htmlFor={phoneId}>手机号</FieldLabel>}>
            <Input
              id={phoneId}
              placeholder="请输入手机号"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              clearable
              value={phone}
              onChange={(v) => setPhone(v.replace(/\D/g, ''))}
              onBlur={() => phone && setPhoneError(phoneCheck(phone))}
            />
            {phoneError && (
              <p className="staff-field-error" role="alert">
                {phoneError}
              </p>
            )}
          </List.Item>
          <List.Item
            prefix={<FieldLabel htmlFor={codeId}>验证码</FieldLabel>}
            extra={
              <Button
                size="small"
                color="primary"
                fill="none"
                disabled={countdown.left > 0}
                loading={sending}
                style={{ minHeight: 44 }}
                onClick={() => void sendCode()}
              >
                {countdown.left > 0 ? `${countdown.left} 秒后重发` : '获取验证码'}
              </Button>
            }
          >
            <Input
              id={codeId}
              placeholder="6 位验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, ''))}
            />
            {codeError && (
              <p className="staff-field-error" role="alert">
                {codeError}
              </p>
            )}
          </List.Item>
        </List>
        {hint && !formError && <p className="staff-muted">{hint}</p>}
        {formError && (
          <p className="staff-field-error" role="alert">
            {formError}
          </p>
        )}
        <Button block type="submit" color="primary" size="large" loading={signingIn}>
          登录
        </Button>
      </form>
    </div>
  );
}
