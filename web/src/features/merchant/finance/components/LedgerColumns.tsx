import type { LedgerEntry } from '@jz/contracts/finance';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { pageByKey, pagePath } from '../../../../lib/page-registry.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { fmtTime, yuan } from './money.ts';

/** The ledger row's source: its withdrawal (on the 提现 page) or its order (on the orders page, once it exists). */
export function RefLink({ row }: { row: Pick<LedgerEntry, 'refType' | 'refNo'> }) {
  if (row.refType === 'withdrawal')
    return <Link to={pagePath('merchant.finance.withdraw', { withdrawNo: row.refNo })}>提现 {row.refNo}</Link>;
  if (pageByKey.has('merchant.order.list'))
    return <Link to={pagePath('merchant.order.list', { orderNo: row.refNo })}>订单 {row.refNo}</Link>;
  return (
    <span>
      订单 <CopyText text={row.refNo} />
    </span>
  );
}

export function ledgerColumns(compact = false): ColumnsType<LedgerEntry> {
  const cols: ColumnsType<LedgerEntry> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => fmtTime(v) },
    {
      title: '收支',
      dataIndex: 'direction',
      width: 80,
      render: (v: number) => <DictTag type="finance_direction" value={v} />,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 110,
      render: (v: string) => <DictTag type="finance_ledger_kind" value={v} />,
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: number, r) => (
        <Typography.Text strong type={r.direction === 1 ? 'success' : 'danger'}>
          {r.direction === 1 ? '+' : '-'}
          {yuan(v)}
        </Typography.Text>
      ),
    },
    { title: '余额', dataIndex: 'balanceAfter', width: 130, align: 'right', render: (v: number) => yuan(v) },
  ];
  if (!compact)
    cols.push({ title: '冻结', dataIndex: 'frozenAfter', width: 120, align: 'right', render: (v: number) => yuan(v) });
  cols.push({ title: '关联单据', key: 'ref', width: 260, render: (_, r) => <RefLink row={r} /> });
  if (!compact) cols.push({ title: '说明', dataIndex: 'remark', ellipsis: true });
  return cols;
}
