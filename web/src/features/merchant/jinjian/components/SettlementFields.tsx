import { COMMON_BANKS } from '@jz/contracts/bank';
import { Form, Input, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { BranchSelect } from './BranchSelect.tsx';

/**
 * The settlement account: bank, branch found through the lookup (its 联行号), account number, holder and (personal
 * cards) the card's mobile. Choosing a branch also sets its bank.
 */
export function SettlementFields({
  form,
  corporate,
  rules,
  holderFrom,
}: {
  form: FormInstance;
  corporate: boolean;
  rules: Record<'cardNo' | 'holderName' | 'cardMobile', z.ZodType | undefined>;
  /** The field whose value the holder name follows until the user edits it (the person's or the company's name). */
  holderFrom: string;
}) {
  const bankName = Form.useWatch('bankName', form) as string | undefined;
  const source = Form.useWatch(holderFrom, form) as string | undefined;
  useEffect(() => {
    if (source && !form.isFieldTouched('holderName')) form.setFieldValue('holderName', source);
  }, [source, form]);
  return (
    <>
      <Form.Item label="开户银行" name="bankName" rules={[{ required: true, message: '请选择开户银行' }]}>
        <Select
          showSearch
          placeholder="选择开户银行"
          options={COMMON_BANKS.map((b) => ({ value: b, label: b }))}
          onChange={() => form.setFieldValue('branchCode', undefined)}
        />
      </Form.Item>
      <Form.Item
        label="开户支行"
        name="branchCode"
        extra="输入支行名称、城市或联行号搜索"
        rules={[{ required: true, message: '请搜索并选择开户支行' }]}
      >
        <BranchSelect
          bankName={bankName}
          onChange={(code, b) => b && code && form.setFieldValue('bankName', b.bankName)}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['branchCode']}>
        {({ getFieldValue }) =>
          getFieldValue('branchCode') ? (
            <Form.Item label="联行号">
              <span className="jz-mono">{getFieldValue('branchCode')}</span>
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item
        label={corporate ? '对公账号' : '银行卡号'}
        name="cardNo"
        rules={[
          { required: true, message: corporate ? '请输入对公账号' : '请输入结算银行卡号' },
          ...(rules.cardNo ? [zodRule(rules.cardNo)] : []),
        ]}
      >
        <Input
          maxLength={40}
          inputMode="numeric"
          autoComplete="off"
          placeholder={corporate ? '对公结算账户账号' : '本人名下借记卡卡号'}
        />
      </Form.Item>
      <Form.Item
        label={corporate ? '账户户名' : '持卡人姓名'}
        name="holderName"
        required
        rules={rules.holderName ? [zodRule(rules.holderName)] : []}
      >
        <Input maxLength={60} placeholder={corporate ? '须与企业名称一致' : '须与身份证姓名一致'} />
      </Form.Item>
      {rules.cardMobile ? (
        <Form.Item label="银行预留手机号" name="cardMobile" required rules={[zodRule(rules.cardMobile)]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      ) : null}
    </>
  );
}
