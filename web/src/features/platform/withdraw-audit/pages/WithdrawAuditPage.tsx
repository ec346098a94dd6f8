import type { WithdrawalAudit } from '@jz/contracts/withdraw-audit';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { auditKeys, getAuditPage, useWithdrawAuditMutations } from '../api/withdraw-audit.ts';
import { RejectModal } from '../components/lazy-dialogs.ts';

const yuan = (fen: number) => formatYuan(fen);
const fmt = (iso: string | null) => formatDateTime(iso);

/** 提现审核 (/sys/withdraw-audit): every merchant's withdrawals; approve (pays out) or reject with a reason. */
export default function WithdrawAuditPage() {
  const { review } = useWithdrawAuditMutations();
  const { confirmWarning } = useConfirm();
  const [rejecting, setRejecting] = useState<WithdrawalAudit | null>(null);
  const columns: ColumnsType<WithdrawalAudit> = [
    { title: '提现单号', dataIndex: 'withdrawNo', width: 250, render: (v: string) => <CopyText text={v} /> },
    { title: '商家', dataIndex: 'merchantName', width: 180, ellipsis: true },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: fmt },
    { title: '提现金额', dataIndex: 'amount', width: 120, align: 'right', render: yuan },
    { title: '手续费', dataIndex: 'fee', width: 90, align: 'right', render: yuan },
    { title: '到账金额', dataIndex: 'actualAmount', width: 120, align: 'right', render: yuan },
    {
      title: '收款账户',
      key: 'card',
      width: 320,
      render: (_, r) => (
        <div style={{ lineHeight: 1.5 }}>
          <div>
            {r.bankName} {r.cardNoMasked}
          </div>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 300 }}>
            {r.holderName} · {r.branchName}（{r.branchCode}）
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <DictTag type="finance_withdraw_status" value={v} />,
    },
    {
      title: '审核说明',
      key: 'note',
      width: 200,
      ellipsis: true,
      render: (_, r) => r.failReason ?? r.auditRemark ?? '-',
    },
    { title: '审核时间', dataIndex: 'auditedAt', width: 150, render: fmt },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 150,
      render: (_, r) =>
        r.status === 10 ? (
          <Auth perm="sys:withdraw:audit">
            <Space>
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  if (
                    await confirmWarning(
                      `确认通过 ${r.merchantName} 的提现 ${yuan(r.amount)}，并打款到 ${r.bankName} ${r.cardNoMasked}？`,
                    )
                  )
                    await review.mutateAsync({ id: r.id, pass: 1 }).catch(() => undefined);
                }}
              >
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                驳回
              </Button>
            </Space>
          </Auth>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <>
      <DataTable
        queryKey={auditKeys.all}
        fetcher={getAuditPage}
        columns={columns}
        search={[
          { name: 'merchantName', label: '商家', width: 160 },
          { name: 'withdrawNo', label: '提现单号', width: 200 },
          { name: 'status', label: '状态', type: 'dict', dict: 'finance_withdraw_status', width: 130 },
          { name: 'createdAt', label: '申请时间', type: 'dateRange' },
        ]}
        scrollX={1800}
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
