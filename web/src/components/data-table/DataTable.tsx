import type { Page } from '@jz/contracts/envelope';
import { PAGE_SIZES } from '@jz/contracts/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, type ReactNode, startTransition, useEffect, useRef, useState } from 'react';
import { type ColumnSettingsOptions, useColumnSettings } from './ColumnSettings.tsx';
import { type SearchField, SearchForm } from './SearchForm.tsx';
import { QueryError } from '../QueryState.tsx';
import { PageSizeSelect } from '../lazy-select/PageSizeSelect.tsx';

export interface DataTableProps<T> {
  /** Root of the query key; mutations invalidate it. */
  queryKey: readonly unknown[];
  fetcher: (params: Record<string, unknown> & { pageNum: number; pageSize: number }) => Promise<Page<T>>;
  columns: ColumnsType<T>;
  search?: SearchField[];
  /** Fixed filters (e.g. the dictType of a data page). */
  params?: Record<string, unknown>;
  toolbar?: (ctx: DataTableToolbarContext) => ReactNode;
  rowKey?: string;
  selectable?: boolean;
  title?: ReactNode;
  /** Horizontal scroll width; by default 'max-content' once there are many columns (see tidyColumns). */
  scrollX?: number | 'max-content';
  /** The next step offered by the empty state (e.g. a 新增 button), shown only without active filters. */
  emptyAction?: ReactNode;
  /**
   * Called with every page shown, fetched or from the cache (e.g. the status counts that come with the orders). A
   * fetcher's own side effects miss the cached page shown when the user comes back.
   */
  onData?: (data: Page<T>) => void;
  /**
   * 列设置: the user chooses the columns shown (kept per user in local storage). Lock the identifying and state
   * columns; hide by default what most users do not need at first sight (ColumnSettings.tsx).
   */
  columnSettings?: ColumnSettingsOptions;
}

/** What the toolbar gets from the table. */
export interface DataTableToolbarContext {
  selectedRowKeys: Key[];
  clearSelection: () => void;
  /**
   * The filters of the rows shown: the search form's values as sent, with the fixed `params`, without pageNum/pageSize.
   * An export takes these: a page served from the cache never calls the fetcher, so filters a fetcher remembers can be
   * another search's. While a new search loads, the previous rows and their filters stay.
   */
  filters: Record<string, unknown>;
}

/** A table counts as wide (horizontal scroll, fixed action column) from this many columns on. */
export const WIDE_COLUMNS = 7;
const ACTION_KEYS = new Set(['op', 'action', 'actions', 'operation']);
const ACTION_TITLES = new Set(['操作']);

/**
 * Column housekeeping for every list (docs/ux-states.md): ellipsis cells show the whole text in a tooltip on hover, and a wide
 * table keeps its action column (key op/action or title 操作) fixed on the right while the rest scrolls.
 */
export function tidyColumns<T>(columns: ColumnsType<T>): { columns: ColumnsType<T>; wide: boolean } {
  const wide = columns.length >= WIDE_COLUMNS;
  const out = columns.map((c, i) => {
    let col = c;
    if (col.ellipsis === true) col = { ...col, ellipsis: { showTitle: true } };
    const last = i === columns.length - 1;
    const isAction =
      (col.key !== undefined && ACTION_KEYS.has(String(col.key))) ||
      (typeof col.title === 'string' && ACTION_TITLES.has(col.title));
    if (wide && last && isAction && col.fixed === undefined) col = { ...col, fixed: 'right' };
    return col;
  });
  return { columns: out, wide };
}

function PagerSize(props: { value: number; onChange: (size: number) => void; disabled: boolean; className?: string }) {
  return <PageSizeSelect {...props} sizes={PAGE_SIZES} />;
}

/**
 * The shared list: search form, toolbar, table with loading / empty / error states, and the docs/spec-notes.md#constants pager
 * (10/20/30/50, total, sizes, prev, pager, next, jumper). Server-side paging via pageNum/pageSize.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selectedRowKeys, setSelected] = useState<Key[]>([]);
  const chosen = useColumnSettings(props.columns, props.columnSettings);
  const { columns, wide } = tidyColumns(chosen.columns);
  const scrollX = props.scrollX ?? (wide ? 'max-content' : undefined);
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');
  const query = { ...props.params, ...filters };
  const params = { ...query, pageNum, pageSize };
  const q = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: () => props.fetcher(params),
    placeholderData: keepPreviousData,
  });
  // The filters of the rows on screen: the previous search's while its rows stand in for the new one's.
  const settledQuery = useRef(query);
  const shownQuery = q.isPlaceholderData ? settledQuery.current : query;
  useEffect(() => {
    if (!q.isPlaceholderData) settledQuery.current = query;
  });

  const onData = useRef(props.onData);
  onData.current = props.onData;
  useEffect(() => {
    if (q.data) onData.current?.(q.data);
  }, [q.data]);

  // After deleting the last row of a page, step back a page instead of showing an empty one.
  useEffect(() => {
    if (q.data && q.data.records.length === 0 && q.data.total > 0 && pageNum > 1)
      setPageNum(Math.max(1, Math.ceil(q.data.total / pageSize)));
  }, [q.data, pageNum, pageSize]);

  return (
    <Card className="jz-card" title={props.title} extra={chosen.control} variant="borderless">
      {props.search?.length ? (
        <SearchForm
          fields={props.search}
          onSearch={(v) =>
            // A transition: the click paints at once, the 50 new rows render after (INP, docs/performance-browser.md).
            startTransition(() => {
              setFilters(v);
              setPageNum(1);
            })
          }
        />
      ) : null}
      {props.toolbar && (
        <Space style={{ marginBottom: 16 }}>
          {props.toolbar({ selectedRowKeys, clearSelection: () => setSelected([]), filters: shownQuery })}
        </Space>
      )}
      {q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<T>
          className="jz-table"
          rowKey={props.rowKey ?? 'id'}
          columns={columns}
          dataSource={q.data?.records ?? []}
          loading={q.isFetching}
          scroll={scrollX ? { x: scrollX } : undefined}
          locale={{
            emptyText: q.isLoading ? (
              '加载中…'
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? '没有符合条件的数据' : '暂无数据'}>
                {!filtered && props.emptyAction}
              </Empty>
            ),
          }}
          rowSelection={props.selectable ? { selectedRowKeys, onChange: setSelected } : undefined}
          pagination={{
            current: pageNum,
            pageSize,
            total: q.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            // 每页条数 in the Select's look; antd's Select downloads when it is reached (PageSizeSelect).
            components: { sizeChanger: PagerSize },
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (p, s) =>
              startTransition(() => {
                if (s !== pageSize) {
                  setPageSize(s);
                  setPageNum(1);
                } else setPageNum(p);
              }),
          }}
        />
      )}
    </Card>
  );
}
