import type { Withdrawal } from '@jz/contracts/finance';
import { Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { financeKeys, getWithdrawalPage } from '../api/finance.ts';
import { fmtTime, yuan } from '../components/money.ts';
import { WithdrawForm } from '../components/WithdrawForm.tsx';

const columns: ColumnsType<Withdrawal> = [
  { title: '提现单号', dataIndex: 'withdrawNo', width: 250, render: (v: string) => <CopyText text={v} /> },
  { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => fmtTime(v) },
  { title: '提现金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => yuan(v) },
  { title: '手续费', dataIndex: 'fee', width: 100, align: 'right', render: (v: number) => yuan(v) },
  {
    title: '到账金额',
    dataIndex: 'actualAmount',
    width: 120,
    align: 'right',
    render: (v: number) => <Typography.Text strong>{yuan(v)}</Typography.Text>,
  },
  { title: '收款账户', key: 'card', width: 260, render: (_, r) => `${r.bankName} ${r.cardNoMasked}` },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (v: number) => <DictTag type="finance_withdraw_status" value={v} />,
  },
  {
    title: '说明',
    key: 'note',
    ellipsis: true,
    render: (_, r) => r.failReason ?? r.auditRemark ?? (r.finishedAt ? `完成于 ${fmtTime(r.finishedAt)}` : '-'),
  },
];

/** 提现 (/caiwutixian): withdraw to a bound card; the withdrawal records and their states below. */
export default function WithdrawPage() {
  const [params, setParams] = useSearchParams();
  const withdrawNo = params.get('withdrawNo') ?? undefined;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {hasPerm('merchant:finance:withdraw') && (
        <Card className="jz-card" variant="borderless" title="申请提现">
          <WithdrawForm />
        </Card>
      )}
      <DataTable
        title={
          <Space>
            提现记录
            {withdrawNo && (
              <Tag closable onClose={() => setParams({})}>
                单号 {withdrawNo}
              </Tag>
            )}
          </Space>
        }
        queryKey={financeKeys.withdrawals}
        fetcher={getWithdrawalPage}
        params={withdrawNo ? { withdrawNo } : undefined}
        columns={columns}
        search={[
          { name: 'withdrawNo', label: '提现单号', width: 220 },
          { name: 'status', label: '状态', type: 'dict', dict: 'finance_withdraw_status', width: 140 },
          { name: 'createdAt', label: '申请时间', type: 'dateRange' },
        ]}
        scrollX={1300}
      />
    </Space>
  );
}
