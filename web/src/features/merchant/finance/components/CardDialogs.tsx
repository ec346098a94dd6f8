import { COMMON_BANKS } from '@jz/contracts/bank';
import { PageLink } from '../../../../components/PageLink.tsx';
import { bankCardBody, type BankCard, type StepUpInfo } from '@jz/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { BranchSelect } from '../../../../components/bank/BranchSelect.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type CardInput, sendBindCode, sendConfirmCode, stepUpInfoQuery, useFinanceMutations } from '../api/finance.ts';
import { fmtTime } from './money.ts';
import { StepUpCodeField } from './StepUpCodeField.tsx';

const s = bankCardBody.shape;
const CARD_FIELDS: (keyof CardInput)[] = [
  'cardType',
  'holderName',
  'cardNo',
  'bankName',
  'branchCode',
  'branchName',
  'mobile',
];
const TYPE_NAME = { 1: '对私银行卡', 2: '对公账户' } as const;

/** "对公账户「运城洁家家政服务有限公司」或 对私银行卡「王洁」" */
const payeeText = (payees: NonNullable<StepUpInfo['payees']>) =>
  payees.map((p) => `${TYPE_NAME[p.cardType]}「${p.holderName}」`).join(' 或 ');

type BindValues = CardInput & { smsCode: string };

/**
 * 绑定银行卡: the card, in the name the onboarding (用户进件) verified, and the owner's SMS code for exactly this card.
 * The bank and branch are looked up (the onboarding's findYinhanghao): choosing a branch fills its 联行号, name and
 * bank, so no code is typed by hand.
 * Without an approved onboarding the dialog says so and binds nothing. A sub-account is told its card waits for the
 * owner's confirmation (or 24 hours) before it can receive a withdrawal.
 */
export function BindCardModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<BindValues>();
  const { bind } = useFinanceMutations();
  const info = useQuery({ ...stepUpInfoQuery('bangka'), enabled: open });
  const payees = info.data?.payees;
  const blocked = info.data !== undefined && payees === null;
  const bankName = Form.useWatch('bankName', form);
  const branchCode = Form.useWatch('branchCode', form);
  // The sample's banks, and a bank another branch brought in (a full branch table knows more banks than the list).
  const banks = [
    ...COMMON_BANKS,
    ...(bankName && !(COMMON_BANKS as readonly string[]).includes(bankName) ? [bankName] : []),
  ];

  // The first allowed account fills the form: a company merchant starts on 对公 with its company name.
  useEffect(() => {
    if (!open || !payees?.length || form.isFieldsTouched(['cardType', 'holderName'])) return;
    form.setFieldsValue({ cardType: payees[0].cardType, holderName: payees[0].holderName });
  }, [open, payees, form]);

  return (
    <Modal
      title="绑定银行卡"
      open={open}
      onCancel={onClose}
      okText="绑 定"
      okButtonProps={{ disabled: blocked }}
      confirmLoading={bind.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null); // the form shows what is wrong
        if (!v) return;
        await bind
          .mutateAsync(v)
          .then(() => {
            form.resetFields();
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="尚未完成用户进件，暂不能绑定银行卡"
          description={
            <span>
              收款银行卡须与进件主体同名：请先在 <PageLink page="merchant.jinjian">用户进件</PageLink>{' '}
              提交资料，审核通过后再绑定。
            </span>
          }
        />
      ) : (
        payees && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`开户名须与进件主体一致：${payeeText(payees)}`}
            description={
              info.data?.isOwner
                ? undefined
                : `子账号绑定的银行卡需商户主账号在「绑定记录」确认，或绑定 ${info.data?.holdHours ?? 24} 小时后才能提现。`
            }
          />
        )
      )}
      <Form<BindValues>
        form={form}
        name="finance-bind-card"
        layout="vertical"
        initialValues={{ cardType: 1 }}
        preserve={false}
        disabled={blocked}
        onValuesChange={(changed) => {
          // Another account type: its name, when the onboarding allows exactly one for it.
          if ('cardType' in changed) {
            const name = payees?.find((p) => p.cardType === changed.cardType)?.holderName;
            if (name) form.setFieldsValue({ holderName: name });
          }
        }}
      >
        <Form.Item name="cardType" required label="账户类型" rules={[zodRule(s.cardType)]}>
          <Radio.Group
            options={[
              { label: '对私（个人）', value: 1 },
              { label: '对公（企业）', value: 2 },
            ]}
          />
        </Form.Item>
        <Form.Item name="holderName" required label="开户名" rules={[zodRule(s.holderName)]}>
          <Input maxLength={100} placeholder="与进件主体、银行预留一致" />
        </Form.Item>
        <Form.Item name="cardNo" required label="银行卡号" rules={[zodRule(s.cardNo)]}>
          <Input maxLength={36} placeholder="仅用于打款，页面只显示脱敏卡号" />
        </Form.Item>
        <Form.Item
          name="bankName"
          required
          label="开户银行"
          validateFirst
          rules={[{ required: true, message: '请选择开户银行' }, zodRule(s.bankName)]}
        >
          <Select
            showSearch
            placeholder="选择开户银行"
            options={banks.map((b) => ({ value: b, label: b }))}
            onChange={() => form.setFieldsValue({ branchCode: undefined, branchName: undefined })}
          />
        </Form.Item>
        <Form.Item
          name="branchCode"
          required
          label="开户支行"
          validateFirst
          extra={
            branchCode ? (
              <span data-testid="branch-code">
                联行号 <span className="jz-mono">{branchCode}</span>
              </span>
            ) : (
              '输入支行名称、城市或联行号搜索'
            )
          }
          rules={[{ required: true, message: '请搜索并选择开户支行' }, zodRule(s.branchCode)]}
        >
          <BranchSelect
            bankName={bankName}
            onChange={(_code, b) =>
              form.setFieldsValue({ branchName: b?.branchName, ...(b ? { bankName: b.bankName } : {}) })
            }
          />
        </Form.Item>
        {/* The branch's name comes with the chosen branch. */}
        <Form.Item name="branchName" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="mobile" label="银行预留手机号" rules={[zodRule(s.mobile)]}>
          <Input maxLength={11} />
        </Form.Item>
        <StepUpCodeField
          phone={info.data?.phone}
          disabled={blocked}
          note="，仅对本张银行卡有效"
          send={async () => {
            // The code is bound to this card: the card must be filled in right before it is asked for.
            const card = await form.validateFields(CARD_FIELDS).catch(() => null);
            if (!card) return false;
            await sendBindCode(card);
            return true;
          }}
        />
      </Form>
    </Modal>
  );
}

/** A card a sub-account bound and nobody confirmed: held until `holdUntil`; what the card shows about it. */
export function CardHold({ card }: { card: Pick<BankCard, 'holdUntil'> }) {
  if (!card.holdUntil) return null;
  return (
    <Typography.Text type="warning" data-testid="card-hold">
      子账号新绑定，待商户主账号确认：{fmtTime(card.holdUntil)} 前不能提现
    </Typography.Text>
  );
}

/** 确认银行卡: the owner confirms a card a sub-account bound, with the owner's own code; withdrawals to it open at once. */
export function ConfirmCardModal({ card, onClose }: { card: BankCard | null; onClose: () => void }) {
  const [form] = Form.useForm<{ smsCode: string }>();
  const { confirm } = useFinanceMutations();
  const info = useQuery({ ...stepUpInfoQuery('bangka'), enabled: !!card });
  return (
    <Modal
      title="确认银行卡"
      open={!!card}
      onCancel={onClose}
      okText="确 认"
      confirmLoading={confirm.isPending}
      destroyOnHidden
      onOk={async () => {
        if (!card) return;
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        await confirm
          .mutateAsync({ id: card.id, smsCode: v.smsCode })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      {card && (
        <Typography.Paragraph>
          确认 {card.bankName} {card.cardNoMasked}（户名 {card.holderName}
          ）是您授权绑定的收款银行卡？确认后可立即向该卡提现； 如非您授权，请取消并解绑该卡。
        </Typography.Paragraph>
      )}
      <Form form={form} name="finance-confirm-card" layout="vertical" preserve={false}>
        <StepUpCodeField
          phone={info.data?.phone}
          send={async () => {
            if (!card) return false;
            await sendConfirmCode(card.id);
            return true;
          }}
        />
      </Form>
    </Modal>
  );
}
