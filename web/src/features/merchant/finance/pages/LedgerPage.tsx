import { Card, Space } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { SearchForm } from '../../../../components/data-table/SearchForm.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { exportLedger, financeKeys, getLedgerPage } from '../api/finance.ts';
import { ledgerColumns } from '../components/LedgerColumns.tsx';

/** 收支明细 (/shouzhimingxi): the append-only ledger, filtered, exported with the same filters. */
export default function LedgerPage() {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
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
      <DataTable
        queryKey={financeKeys.ledger}
        fetcher={getLedgerPage}
        params={filters}
        columns={ledgerColumns()}
        scrollX={1300}
      />
    </Space>
  );
}
