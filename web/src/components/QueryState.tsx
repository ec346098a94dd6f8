import { Code } from '@jz/contracts/envelope';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { LazyEmpty } from './plain/LazyEmpty.tsx';
import { PlainSkeleton } from './plain/PlainSkeleton.tsx';
import { Text } from './typography/PlainTypography.tsx';
import { LazyResult } from './result/LazyResult.tsx';
import type { ReactNode } from 'react';

/** The part of a useQuery result the states need (so a list of queries or a hand-made object also fits). */
export type QueryLike<T> = Pick<
  UseQueryResult<T>,
  'data' | 'error' | 'isError' | 'isLoading' | 'isFetching' | 'refetch'
>;

/** The error state of every data block (docs/ux-states.md): what failed, and a 重试 that refetches. Same words as DataTable. */
export function QueryError({
  error,
  onRetry,
  compact,
  title = '数据加载失败',
}: {
  error: unknown;
  onRetry: () => unknown;
  compact?: boolean;
  /** What failed to load, where the page says more than 数据 (e.g. 店铺信息加载失败). */
  title?: string;
}) {
  const retry = <Button onClick={() => onRetry()}>重试</Button>;
  const detail = error instanceof Error && error.message ? error.message : undefined;
  // Compact: inside a card, a drawer or a table body, where a full Result would dwarf its surroundings.
  if (compact)
    return (
      <LazyEmpty
        simple
        description={
          <Text type="danger">
            {title}
            {detail ? `：${detail}` : ''}
          </Text>
        }
      >
        {retry}
      </LazyEmpty>
    );
  return <LazyResult status="error" title={title} subTitle={detail} extra={retry} />;
}

/** A NOT_FOUND (2002) refusal (the record does not exist): a 404 page, not a 重试 that can never succeed. */
export const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === Code.NOT_FOUND;

/** The empty state: a short sentence and, where there is one, the next step (e.g. a 新增 button). */
export function QueryEmpty({ description = '暂无数据', action }: { description?: ReactNode; action?: ReactNode }) {
  return (
    <LazyEmpty simple description={description}>
      {action}
    </LazyEmpty>
  );
}

const defaultIsEmpty = (d: unknown) =>
  d === null || d === undefined || (Array.isArray(d) && d.length === 0) || isEmptyPage(d);
const isEmptyPage = (d: unknown) =>
  typeof d === 'object' && d !== null && 'records' in d && Array.isArray(d.records) && d.records.length === 0;

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Rendered once data is there and not empty. */
  children: (data: T) => ReactNode;
  /** What counts as nothing to show; default: null, [] or a page without records. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  emptyAction?: ReactNode;
  /** The loading placeholder; default a Skeleton of `rows` lines. */
  loading?: ReactNode;
  rows?: number;
  /** A small error block (inside a card or drawer) instead of the full-page Result. */
  compact?: boolean;
}

/**
 * Loading / error-with-retry / empty / content for any useQuery that is not a DataTable (cards, lists, details).
 * An error over data already shown keeps the data (a failed background refetch must not blank the screen).
 * A disabled query (never fetched) counts as empty.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query } = props;
  if (query.isError && query.data === undefined)
    return <QueryError error={query.error} onRetry={query.refetch} compact={props.compact} />;
  if (query.isLoading) return <>{props.loading ?? <PlainSkeleton title={false} rows={props.rows ?? 4} />}</>;
  const data = query.data;
  if (data === undefined || (props.isEmpty ?? defaultIsEmpty)(data))
    return <QueryEmpty description={props.empty} action={props.emptyAction} />;
  return <>{props.children(data)}</>;
}

/**
 * The same states for a hand-made antd Table or List fed by a query: spread into its props
 * (`<Table {...tableStates(q, {empty: '暂无收支'})} />`). The error state replaces the empty text with a 重试.
 */
export function tableStates<T>(query: QueryLike<T>, opts: { empty?: ReactNode; emptyAction?: ReactNode } = {}) {
  const failed = query.isError && query.data === undefined;
  return {
    // isFetching, as DataTable: a refetch after a change shows the spinner over the rows it replaces.
    loading: query.isFetching,
    locale: {
      emptyText: failed ? (
        <QueryError error={query.error} onRetry={query.refetch} compact />
      ) : query.isLoading ? (
        '加载中…'
      ) : (
        <QueryEmpty description={opts.empty} action={opts.emptyAction} />
      ),
    },
  };
}
