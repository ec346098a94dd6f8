import { smsCode } from '@jz/contracts/common';
import { Button, Form, Input, type InputRef } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useCountdown } from '../../../../lib/use-countdown.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';

/**
 * The owner's SMS code of a money action (bind a card, withdraw, confirm a card): the field, 获取验证码 with a 60 s
 * countdown, and where the code goes (the merchant owner's phone, whoever is signed in). `send` checks what the code
 * will be bound to first and answers false when that is not filled in right (nothing is sent, no countdown); it
 * throws when the server refused (the API client showed why).
 */
export function StepUpCodeField(props: {
  /** The owner's phone, masked (138****0001); unknown while loading. */
  phone?: string;
  send: () => Promise<boolean>;
  /** What else the user should know (e.g. the code is for this amount and card only). */
  note?: ReactNode;
  name?: string;
  disabled?: boolean;
}) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const input = useRef<InputRef>(null);
  return (
    <Form.Item
      label="短信验证码"
      required
      extra={
        <span data-testid="step-up-hint">
          验证码将发送至商户主账号手机{props.phone ? ` ${props.phone}` : ''}
          {props.note}
        </span>
      }
    >
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name={props.name ?? 'smsCode'}
          noStyle
          validateFirst
          rules={[{ required: true, message: '请输入短信验证码' }, zodRule(smsCode)]}
        >
          <Input
            ref={input}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6 位验证码"
            aria-label="短信验证码"
          />
        </Form.Item>
        <Button
          style={{ width: 132, flex: 'none' }}
          disabled={props.disabled || left > 0}
          loading={sending}
          onClick={async () => {
            setSending(true);
            try {
              if (await props.send()) {
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
