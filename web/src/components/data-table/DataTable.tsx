import type { Page } from '@jz/contracts/envelope';
import { PAGE_SIZES } from '@jz/contracts/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { type SearchField, SearchForm } from './SearchForm.tsx';

export interface DataTableProps<T> {
  /** Root of the query key; mutations invalidate it. */
  queryKey: readonly unknown[];
  fetcher: (params: Record<string, unknown> & { pageNum: number; pageSize: number }) => Promise<Page<T>>;
  columns: ColumnsType<T>;
  search?: SearchField[];
  /** Fixed filters (e.g. the dictType of a data page). */
  params?: Record<string, unknown>;
  toolbar?: (ctx: { selectedRowKeys: Key[]; clearSelection: () => void }) => ReactNode;
  rowKey?: string;
  selectable?: boolean;
  title?: ReactNode;
  scrollX?: number;
}

/**
 * The shared list: search form, toolbar, table with loading / empty / error states, and the spec §9 pager
 * (10/20/30/50, total, sizes, prev, pager, next, jumper). Server-side paging via pageNum/pageSize.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selectedRowKeys, setSelected] = useState<Key[]>([]);
  const params = { ...props.params, ...filters, pageNum, pageSize };
  const q = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: () => props.fetcher(params),
    placeholderData: keepPreviousData,
  });

  // After deleting the last row of a page, step back a page instead of showing an empty one.
  useEffect(() => {
    if (q.data && q.data.records.length === 0 && q.data.total > 0 && pageNum > 1)
      setPageNum(Math.max(1, Math.ceil(q.data.total / pageSize)));
  }, [q.data, pageNum, pageSize]);

  return (
    <Card className="jz-card" title={props.title} variant="borderless">
      {props.search?.length ? (
        <SearchForm
          fields={props.search}
          onSearch={(v) => {
            setFilters(v);
            setPageNum(1);
          }}
        />
      ) : null}
      {props.toolbar && (
        <Space style={{ marginBottom: 16 }}>
          {props.toolbar({ selectedRowKeys, clearSelection: () => setSelected([]) })}
        </Space>
      )}
      {q.isError && !q.data ? (
        <Result
          status="error"
          title="数据加载失败"
          subTitle={(q.error as Error).message}
          extra={<Button onClick={() => q.refetch()}>重试</Button>}
        />
      ) : (
        <Table<T>
          className="jz-table"
          rowKey={props.rowKey ?? 'id'}
          columns={props.columns}
          dataSource={q.data?.records ?? []}
          loading={q.isFetching}
          scroll={props.scrollX ? { x: props.scrollX } : undefined}
          locale={{ emptyText: q.isLoading ? '加载中…' : '暂无数据' }}
          rowSelection={props.selectable ? { selectedRowKeys, onChange: setSelected } : undefined}
          pagination={{
            current: pageNum,
            pageSize,
            total: q.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (p, s) => {
              if (s !== pageSize) {
                setPageSize(s);
                setPageNum(1);
              } else setPageNum(p);
            },
          }}
        />
      )}
    </Card>
  );
}
