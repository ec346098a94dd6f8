import type { SelectProps } from 'antd';
import { QueryError, type QueryLike } from './QueryState.tsx';

/**
 * The loading and error states of a dropdown fed by a query (roles, merchants, dictionary types, shops…), spread into
 * an antd Select, TreeSelect or Cascader: `<Select {...selectStates(q)} options={…} />`. Without it a failed list
 * shows an empty dropdown and the API client's toast is the only sign; with it the field turns red, says so in its
 * placeholder and its dropdown offers 重试.
 */
export function selectStates<T>(query: QueryLike<T>, opts: { placeholder?: string } = {}) {
  const failed = query.isError && query.data === undefined;
  const props: Pick<SelectProps, 'loading' | 'status' | 'notFoundContent' | 'placeholder'> = {
    loading: query.isFetching,
  };
  if (failed) {
    props.status = 'error';
    props.placeholder = '选项加载失败，展开后可重试';
    props.notFoundContent = <QueryError error={query.error} onRetry={query.refetch} compact />;
  } else if (query.isLoading) {
    props.notFoundContent = '加载中…';
  } else if (opts.placeholder) {
    props.placeholder = opts.placeholder;
  }
  return props;
}
