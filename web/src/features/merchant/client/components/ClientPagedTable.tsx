import type { Page } from '@jz/contracts/envelope';
import { Table, type TableProps } from 'antd';
import { type QueryLike, tableStates } from '../../../../components/QueryState.tsx';

/**
 * One of the client's paged histories (订单记录, 评价, 卡项): ten rows a page, a spinner while loading, the empty
 * text, and a failed page with 重试 (tableStates). The caller owns the page number, as its query is keyed on it.
 */
export function ClientPagedTable<T extends { id: number }>({
  query,
  page,
  onPage,
  empty,
  columns,
  scroll,
}: {
  query: QueryLike<Page<T>>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  columns: TableProps<T>['columns'];
  scroll?: TableProps<T>['scroll'];
}) {
  return (
    <Table<T>
      rowKey="id"
      size="small"
      {...tableStates(query, { empty })}
      dataSource={query.data?.records ?? []}
      pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: onPage }}
      scroll={scroll}
      columns={columns}
    />
  );
}
