import type { LedgerEntry } from '@jz/contracts/finance';
import { LEDGER_FLOW } from '@jz/contracts/constants/finance';
import { PageLink } from '../../../../components/PageLink.tsx';
import { Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { pageByKey } from '../../../../lib/page-registry.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { fmtTime, yuan } from './money.ts';

/** The ledger row's source: its withdrawal (on the 提现 page) or its order (on the orders page, once it exists). */
export function RefLink({ row }: { row: Pick<LedgerEntry, 'refType' | 'refNo'> }) {
  if (row.refType === 'withdrawal')
    return (
      <PageLink page="merchant.finance.withdraw" query={{ withdrawNo: row.refNo }}>
        提现 {row.refNo}
      </PageLink>
    );
  if (pageByKey.has('merchant.order.list'))
    return (
      <PageLink page="merchant.order.list" query={{ orderNo: row.refNo }}>
        订单 {row.refNo}
      </PageLink>
    );
  return (
    <span>
      订单 <CopyText text={row.refNo} />
    </span>
  );
}

/** The 金额 cell: +income in green, -expense in red, a 划转 (结算解冻) neutral and named, since it is not money in. */
export function LedgerAmount({ row }: { row: Pick<LedgerEntry, 'direction' | 'amount'> }) {
  if (row.direction === LEDGER_FLOW.transfer)
    return (
      <Space size={4} orientation="vertical" style={{ alignItems: 'flex-end' }}>
        <Typography.Text>{yuan(row.amount)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          冻结转可提现
        </Typography.Text>
      </Space>
    );
  const income = row.direction === LEDGER_FLOW.income;
  return (
    <Typography.Text strong type={income ? 'success' : 'danger'}>
      {yuan(income ? row.amount : -row.amount, true)}
    </Typography.Text>
  );
}

/**
 * The ledger's columns, newest row first (docs/ledger.md): 收支 says 收入 / 支出 / 划转, and the account after each row is
 * shown whole — 余额 (frozen money included), 冻结 and 可提现 — so a 结算解冻 reads as money moving from 冻结 to 可提现
 * while 余额 stays. `compact` (the finance home's recent rows): no 冻结, 可提现 or 说明.
 */
export function ledgerColumns(compact = false, shopsOnly = false): ColumnsType<LedgerEntry> {
  // A shop-limited account's running figures are its shops' settlements summed, not the account (docs/ledger.md).
  const head = shopsOnly
    ? {
        balance: '门店累计结算',
        balanceTip: '所管门店结算的累计（不含提现等商户级收支）',
        frozen: '门店冻结中',
        free: '门店已解冻',
      }
    : { balance: '余额', balanceTip: '账户余额，含冻结金额', frozen: '冻结', free: '可提现' };
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
      render: (_: number, r) => <LedgerAmount row={r} />,
    },
    {
      title: <Tooltip title={head.balanceTip}>{head.balance}</Tooltip>,
      dataIndex: 'balanceAfter',
      width: 120,
      align: 'right',
      render: (v: number) => yuan(v),
    },
  ];
  if (!compact)
    cols.push(
      { title: head.frozen, dataIndex: 'frozenAfter', width: 110, align: 'right', render: (v: number) => yuan(v) },
      {
        title: head.free,
        dataIndex: 'withdrawableAfter',
        width: 120,
        align: 'right',
        render: (v: number) => yuan(v),
      },
    );
  cols.push({ title: '关联单据', key: 'ref', width: 240, render: (_, r) => <RefLink row={r} /> });
  if (!compact) cols.push({ title: '说明', dataIndex: 'remark', ellipsis: true });
  return cols;
}
