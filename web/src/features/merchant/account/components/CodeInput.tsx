import { smsCode } from '@jz/contracts/common';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useCountdown } from '../../../../lib/use-countdown.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';

/** A 6-digit code field with 获取验证码 and the 60 s countdown; `send` throws when the server refused. */
export function CodeInput(props: { name?: string; label?: string; send: () => Promise<unknown> }) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  return (
    <Form.Item label={props.label ?? '验证码'} required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item
          name={props.name ?? 'code'}
          noStyle
          validateFirst
          rules={[{ required: true, message: '请输入验证码' }, zodRule(smsCode)]}
        >
          <Input maxLength={6} inputMode="numeric" placeholder="6 位验证码" aria-label={props.label ?? '验证码'} />
        </Form.Item>
        <Button
          style={{ width: 132 }}
          disabled={left > 0}
          loading={sending}
          onClick={async () => {
            setSending(true);
            try {
              await props.send();
              start(60);
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
