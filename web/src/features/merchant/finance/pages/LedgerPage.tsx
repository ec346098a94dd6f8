import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { CardFlowsPanel } from '../../../../components/card-flows/CardFlowsPanel.tsx';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { SearchForm } from '../../../../components/data-table/SearchForm.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { cardFlowsQuery, exportLedger, financeKeys, getLedgerPage, ledgerTotalsQuery } from '../api/finance.ts';
import { ledgerColumns } from '../components/LedgerColumns.tsx';
import { yuan } from '../components/money.ts';
import { ShopScopeNote } from '../components/ShopScopeNote.tsx';

/** 收入 / 支出 / 划转 of the filtered rows: income rows sum to 收入, and a 结算解冻 is shown apart, never as income. */
function LedgerTotals({ filters }: { filters: Record<string, unknown> }) {
  const totals = useQuery(ledgerTotalsQuery(filters));
  if (totals.isError && !totals.data)
    return <QueryError error={totals.error} onRetry={() => totals.refetch()} compact />;
  const t = totals.data;
  const count = (n: number | undefined) => `${n ?? 0} 笔`;
  return (
    <Row gutter={[16, 8]}>
      {t?.scope === 'shops' && (
        <Col span={24}>
          <ShopScopeNote />
        </Col>
      )}
      <Col xs={12} lg={6}>
        <Statistic
          title="收入合计"
          value={yuan(t?.income.amount)}
          suffix={<Typography.Text type="secondary">{count(t?.income.count)}</Typography.Text>}
          styles={{ content: { color: '#237804' } }}
          loading={totals.isLoading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title="支出合计"
          value={yuan(t?.expense.amount)}
          suffix={<Typography.Text type="secondary">{count(t?.expense.count)}</Typography.Text>}
          styles={{ content: { color: '#a8071a' } }}
          loading={totals.isLoading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title="收支净额（收入 − 支出）"
          value={yuan((t?.income.amount ?? 0) - (t?.expense.amount ?? 0))}
          loading={totals.isLoading}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title="划转：结算解冻（不计收支）"
          value={yuan(t?.transfer.amount)}
          suffix={<Typography.Text type="secondary">{count(t?.transfer.count)}</Typography.Text>}
          loading={totals.isLoading}
        />
      </Col>
      <Col span={24}>
        <Typography.Text type="secondary">
          订单结算计入收入并先冻结；到期解冻只是从「冻结」转入「可提现」，余额不变，因此记为划转，不重复计入收入。余额含冻结金额。
        </Typography.Text>
      </Col>
    </Row>
  );
}

/**
 * 预收（卡项）for the list's dates: card sales are not account movements (nothing reaches the balance when a card is
 * sold), so they are shown beside the ledger; an online card's served visits appear in it as 订单结算.
 */
function CardDeferred({ filters }: { filters: Record<string, unknown> }) {
  const range = {
    startDate: (filters.startDate as string | undefined) || undefined,
    endDate: (filters.endDate as string | undefined) || undefined,
  };
  const q = useQuery(cardFlowsQuery(range));
  return (
    <Card
      className="jz-card"
      variant="borderless"
      title="预收（卡项）"
      extra={
        <Typography.Text type="secondary">
          {range.startDate ? `${range.startDate} 至 ${range.endDate ?? '今日'}` : '全部时间（至今日）'}
        </Typography.Text>
      }
    >
      {q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} compact />
      ) : (
        <CardFlowsPanel flows={q.data} loading={q.isLoading} />
      )}
    </Card>
  );
}

/** 收支明细 (/shouzhimingxi): the append-only ledger, newest first, filtered, totalled and exported with the same filters. */
export default function LedgerPage() {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  // The same query as the totals (one request): whose money the rows cover decides the figures' column names.
  const shopsOnly = useQuery(ledgerTotalsQuery(filters)).data?.scope === 'shops';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <SearchForm
          fields={[
            { name: 'direction', label: '收支', type: 'dict', dict: 'finance_direction', width: 120 },
            { name: 'kind', label: '类型', type: 'dict', dict: 'finance_ledger_kind', width: 150 },
            { name: 'refNo', label: '关联单号', placeholder: '订单号或提现单号', width: 200 },
            { name: 'createdAt', label: '时间', type: 'dateRange' },
          ]}
          onSearch={setFilters}
        />
        <Auth perm="merchant:finance:export">
          <ExportButton onExport={() => exportLedger(filters)} />
        </Auth>
      </Card>
      <Card className="jz-card" variant="borderless">
        <LedgerTotals filters={filters} />
      </Card>
      <CardDeferred filters={filters} />
      <DataTable
        queryKey={financeKeys.ledger}
        fetcher={getLedgerPage}
        params={filters}
        columns={ledgerColumns(false, shopsOnly)}
        scrollX={1400}
      />
    </Space>
  );
}
