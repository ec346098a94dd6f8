import type { JinjianState } from '@jz/contracts/jinjian';
import { PageLink } from '../../../../components/PageLink.tsx';
import { Alert, Button, Descriptions, Space } from 'antd';
import { CopyText } from '../../../../components/CopyText.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime } from '../../../../lib/format.ts';

/** Seconds shown: the audit's moments; in Shanghai like every time of the console (lib/zone.ts). */
const fmt = (iso: string | null | undefined) => formatDateTime(iso, { seconds: true });

/** The onboarding status: 未进件 / 审核中 / 已开通 / 已驳回 (with the reason and 重新提交), and the masked application. */
export function StatusCard({ state, onResubmit }: { state: JinjianState; onResubmit: () => void }) {
  const a = state.application;
  const banner = (() => {
    switch (state.status) {
      case 10:
        return (
          <Alert
            type="info"
            showIcon
            title="审核中"
            description={`资料已提交支付机构审核，结果出来后本页自动更新。${state.withdrawHint ?? ''}`}
          />
        );
      case 20:
        return (
          <Alert
            type="success"
            showIcon
            title="已开通"
            description={
              a?.cardBound ? (
                <span>
                  支付进件已开通，结算账户已设为提现银行卡，可在{' '}
                  <PageLink page="merchant.finance.binding">绑定记录</PageLink> 查看。
                </span>
              ) : (
                '支付进件已开通。'
              )
            }
          />
        );
      case 30:
        return (
          <Alert
            type="error"
            showIcon
            title="已驳回"
            description={
              <Space orientation="vertical">
                <span>驳回原因：{a?.rejectReason ?? '-'}</span>
                <span>{state.withdrawHint}</span>
              </Space>
            }
            action={
              <Auth perm="merchant:finance:jinjian:submit">
                <Button type="primary" onClick={onResubmit}>
                  重新提交
                </Button>
              </Auth>
            }
          />
        );
      default:
        return <Alert type="warning" showIcon title="未进件" description={state.withdrawHint} />;
    }
  })();

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {banner}
      {a ? (
        <Descriptions
          bordered
          size="small"
          column={3}
          title="最近一次进件"
          items={[
            { label: '状态', children: <DictTag type="jinjian_status" value={a.status} /> },
            { label: '进件类型', children: <DictTag type="jinjian_kind" value={a.kind} /> },
            { label: '申请单号', children: <CopyText text={a.applyNo} /> },
            { label: a.kind === 2 ? '企业名称' : '姓名', children: a.subjectName },
            { label: a.kind === 2 ? '法人身份证号' : '身份证号', children: a.idCardNo },
            { label: a.kind === 2 ? '联系人手机号' : '手机号', children: a.mobile },
            { label: '开户银行', children: a.settlement.bankName },
            { label: '开户支行', children: a.settlement.branchName ?? '-' },
            { label: a.kind === 2 ? '对公账号' : '银行卡号', children: a.settlement.cardNo },
            { label: '户名', children: a.settlement.holderName },
            { label: '提交时间', children: fmt(a.submittedAt) },
            {
              label: state.status === 30 ? '驳回时间' : '开通时间',
              children: fmt(state.status === 30 ? a.rejectedAt : a.approvedAt),
            },
            ...(a.providerMerchantNo
              ? [{ label: '支付商户号', children: <CopyText text={a.providerMerchantNo} /> }]
              : []),
          ]}
        />
      ) : null}
    </Space>
  );
}
