import { splitWithdrawal } from '@jz/contracts/withdraw-fee';
import { PageLink } from '../../../../components/PageLink.tsx';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { QueryError } from '../../../../components/QueryState.tsx';
import { selectStates } from '../../../../components/select-states.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { cardsQuery, overviewQuery, sendWithdrawCode, stepUpInfoQuery, useFinanceMutations } from '../api/finance.ts';
import { fmtTime, toFen, yuan } from './money.ts';
import { StepUpCodeField } from './StepUpCodeField.tsx';

/** A random Idempotency-Key (getRandomValues works on plain-http deployments too, unlike randomUUID). */
const newKey = () =>
  `wd-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

interface FormValues {
  bankCardId: number;
  amountYuan: number;
  smsCode: string;
}

/** Why a card cannot receive a withdrawal yet (the server refuses with the same reason). */
export const holdText = (until: string) =>
  `该银行卡由子账号新绑定，${fmtTime(until)} 前不能提现；商户主账号在「绑定记录」确认该卡后可立即提现。`;

/**
 * The form: card, amount in yuan (at least the minimum, at most the withdrawable), fee and arrival, and the owner's
 * SMS code for exactly this amount to this card, before confirming. A card still in its 24-hour hold says why.
 */
export function WithdrawForm() {
  const [form] = Form.useForm<FormValues>();
  const overview = useQuery(overviewQuery);
  const cards = useQuery(cardsQuery);
  const info = useQuery(stepUpInfoQuery('tixian'));
  const { withdraw } = useFinanceMutations();
  const { confirmWarning } = useConfirm();
  // One key per intended withdrawal: a double click or a retry after a timeout replays instead of withdrawing twice.
  const idemKey = useRef(newKey());
  // Each withdrawal used its code: the next one asks for a new code at once (the field starts over).
  const [round, setRound] = useState(0);
  const amountYuan = Form.useWatch('amountYuan', form);
  const cardId = Form.useWatch('bankCardId', form);
  const held = cards.data?.find((c) => c.id === cardId)?.holdUntil ?? null;
  useEffect(() => {
    const first = cards.data?.[0]?.id;
    if (first && !form.getFieldValue('bankCardId')) form.setFieldsValue({ bankCardId: first });
  }, [cards.data, form]);
  const o = overview.data;
  const min = o?.rules.minWithdraw ?? 1000;
  const max = o?.withdrawable ?? 0;
  const preview = splitWithdrawal(toFen(amountYuan ?? 0), { withdrawFee: o?.rules.withdrawFee ?? 0 });

  // Without the figures the limits are unknown: say so with 重试 rather than a form that refuses every amount.
  const failed = [overview, cards].find((q) => q.isError && !q.data);
  if (failed) return <QueryError error={failed.error} onRetry={failed.refetch} compact />;
  const gate = o?.onboarding;
  if (gate?.withdrawHint)
    return (
      <Alert
        type="warning"
        showIcon
        title={gate.status === 10 ? '支付开通审核中，暂不能提现' : '尚未开通支付，暂不能提现'}
        description={
          <span data-testid="withdraw-gate">
            {gate.withdrawHint}
            {hasPerm('merchant:finance:jinjian:query') && (
              <>
                {' '}
                <PageLink page="merchant.jinjian">前往用户进件</PageLink>
              </>
            )}
          </span>
        }
      />
    );
  if (cards.data && cards.data.length === 0)
    return (
      <Alert
        type="warning"
        showIcon
        title="还没有绑定银行卡"
        description={
          <span>
            提现需要先绑定收款银行卡，请前往 <PageLink page="merchant.finance.binding">绑定记录</PageLink> 绑定。
          </span>
        }
      />
    );

  const submit = async (v: FormValues) => {
    const amount = toFen(v.amountYuan);
    const card = cards.data?.find((c) => c.id === v.bankCardId);
    const p = splitWithdrawal(amount, { withdrawFee: o?.rules.withdrawFee ?? 0 });
    const ok = await confirmWarning(
      `提现 ${yuan(p.amount)} 到 ${card?.bankName ?? ''} ${card?.cardNoMasked ?? ''}，手续费 ${yuan(p.fee)}，预计到账 ${yuan(p.actualAmount)}。提交后金额将从余额中扣除，平台审核通过后打款。确认提交？`,
    );
    if (!ok) return;
    try {
      await withdraw.mutateAsync({
        amount,
        bankCardId: v.bankCardId,
        smsCode: v.smsCode,
        idempotencyKey: idemKey.current,
      });
      idemKey.current = newKey();
      form.resetFields(['amountYuan', 'smsCode']);
      setRound((r) => r + 1);
    } catch {
      // the client showed the reason; keep the key so a retry of this same request cannot withdraw twice
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name="finance-withdraw"
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      style={{ maxWidth: 640 }}
      onFinish={submit}
      onValuesChange={(changed) => {
        if ('amountYuan' in changed || 'bankCardId' in changed) {
          idemKey.current = newKey();
          // a code authorises one amount to one card: another amount or card needs a new code
          if (form.getFieldValue('smsCode')) form.setFieldsValue({ smsCode: undefined });
        }
      }}
    >
      <Form.Item label="可提现金额">
        <Space>
          <Typography.Text strong style={{ fontSize: 20, color: '#237804' }} data-testid="withdrawable">
            {yuan(max)}
          </Typography.Text>
          <Typography.Text type="secondary">最低提现 {yuan(min)}</Typography.Text>
        </Space>
      </Form.Item>
      <Form.Item name="bankCardId" label="收款银行卡" rules={[{ required: true, message: '请选择银行卡' }]}>
        <Select
          {...selectStates(cards, { placeholder: '请选择银行卡' })}
          options={(cards.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.bankName} ${c.cardNoMasked}（${c.holderName}）${c.holdUntil ? ' · 待确认' : ''}`,
          }))}
        />
      </Form.Item>
      {held && (
        <Form.Item label=" " colon={false}>
          <Alert
            type="warning"
            showIcon
            title="新绑定的银行卡暂不能提现"
            description={holdText(held)}
            data-testid="withdraw-hold"
          />
        </Form.Item>
      )}
      <Form.Item label="提现金额" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="amountYuan"
            noStyle
            rules={[
              { required: true, message: '请输入提现金额' },
              {
                validator: async (_r, v: number | null) => {
                  if (v === null || v === undefined) return;
                  const fen = toFen(v);
                  if (fen <= 0) throw new Error('提现金额须大于 0');
                  if (fen < min) throw new Error(`提现金额不能低于 ${yuan(min)}`);
                  if (fen > max) throw new Error(`提现金额不能超过可提现金额 ${yuan(max)}`);
                },
              },
            ]}
          >
            <InputNumber<number>
              style={{ width: '100%' }}
              min={0}
              precision={2}
              step={100}
              prefix="¥"
              placeholder="请输入提现金额（元）"
            />
          </Form.Item>
          <Button onClick={() => form.setFieldsValue({ amountYuan: max / 100 })} disabled={max < min}>
            全部提现
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="费用与到账">
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="提现">{yuan(preview.amount)}</Descriptions.Item>
          <Descriptions.Item label="手续费">{yuan(preview.fee)}</Descriptions.Item>
          <Descriptions.Item label="到账">
            <Typography.Text strong>{yuan(preview.actualAmount)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Form.Item>
      <StepUpCodeField
        key={round}
        phone={info.data?.phone}
        note="，仅对本次提现金额和银行卡有效"
        send={async () => {
          // The code is bound to this amount and card: both must be right before it is asked for.
          const v = await form.validateFields(['bankCardId', 'amountYuan']).catch(() => null);
          if (!v) return false;
          await sendWithdrawCode({ amount: toFen(v.amountYuan), bankCardId: v.bankCardId });
          return true;
        }}
      />
      <Form.Item label=" " colon={false}>
        <Auth perm="merchant:finance:withdraw">
          <Button type="primary" htmlType="submit" loading={withdraw.isPending} disabled={max < min || !!held}>
            申请提现
          </Button>
        </Auth>
        {max < min && (
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            可提现金额不足最低提现额
          </Typography.Text>
        )}
      </Form.Item>
    </Form>
  );
}
