import { smsCode } from '@jz/contracts/common';
import { Button, Form, Input, type InputRef } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useCountdown } from '../lib/use-countdown.ts';
import { zodRule } from '../lib/zod-rule.ts';

/**
 * A 6-digit SMS code field with 获取验证码 and the 60 s countdown, shared by sign-in-like forms (password, phone) and
 * the money step-up. `send` answers false when nothing was sent (what the code is bound to is not filled in right:
 * no countdown) and throws when the server refused (the API client showed why).
 */
export function SmsCodeField(props: {
  name?: string;
  label?: string;
  send: () => Promise<unknown>;
  /** The message when empty (默认 请输入验证码). */
  requiredMessage?: string;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const input = useRef<InputRef>(null);
  const label = props.label ?? '验证码';
  return (
    <Form.Item label={label} required extra={props.extra}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name={props.name ?? 'code'}
          noStyle
          validateFirst
          rules={[{ required: true, message: props.requiredMessage ?? '请输入验证码' }, zodRule(smsCode)]}
        >
          <Input
            ref={input}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6 位验证码"
            aria-label={label}
          />
        </Form.Item>
        <Button
          style={{ width: 132, flex: 'none' }}
          disabled={props.disabled || left > 0}
          loading={sending}
          onClick={async () => {
            setSending(true);
            try {
              if ((await props.send()) !== false) {
                start(60);
                input.current?.focus();
              }
            } catch {
              /* the API client showed why */
            } finally {
              setSending(false);
            }
          }}
        >
          {left > 0 ? `${left} 秒后重发` : '获取验证码'}
        </Button>
      </div>
    </Form.Item>
  );
}
