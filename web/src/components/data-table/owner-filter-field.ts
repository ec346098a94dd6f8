import type { FilterOption } from '@jz/contracts/order';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SearchField } from './SearchForm.tsx';

type OptionsQuery = UseQueryResult<{ employees: FilterOption[]; goods: FilterOption[] }>;

/** Select options; the shop is named when the choices span several shops. */
export function optionsOf(list: FilterOption[] | undefined) {
  const several = new Set((list ?? []).map((x) => x.shopId)).size > 1;
  return (list ?? []).map((x) => ({ label: several ? `${x.name}（${x.shopName}）` : x.name, value: x.id }));
}

/**
 * A search-form select of the caller's employees or goods (orders and reviews filter by them), with the list's
 * loading/error states. The query is the feature's own call of the order filter-options contract.
 */
export function filterField(query: OptionsQuery, of: 'employees' | 'goods'): SearchField {
  return of === 'employees'
    ? {
        name: 'employeeId',
        label: '服务人员',
        type: 'select',
        width: 200,
        options: optionsOf(query.data?.employees),
        query,
      }
    : { name: 'goodsId', label: '商品', type: 'select', width: 200, options: optionsOf(query.data?.goods), query };
}
