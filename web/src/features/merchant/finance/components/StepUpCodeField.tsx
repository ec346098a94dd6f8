import type { ReactNode } from 'react';
import { SmsCodeField } from '../../../../components/SmsCodeField.tsx';

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
  return (
    <SmsCodeField
      name={props.name ?? 'smsCode'}
      label="短信验证码"
      requiredMessage="请输入短信验证码"
      send={props.send}
      disabled={props.disabled}
      extra={
        <span data-testid="step-up-hint">
          验证码将发送至商户主账号手机{props.phone ? ` ${props.phone}` : ''}
          {props.note}
        </span>
      }
    />
  );
}
