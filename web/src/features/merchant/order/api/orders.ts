import type { Page } from '@jz/contracts/envelope';
import type { FilterOption, FilterOptions, Order, OrderDetail, OrderPage } from '@jz/contracts/order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../../lib/api-client.ts';
import type { SearchField } from '../../../../components/data-table/SearchForm.tsx';

const base = '/api/app/jiazheng/pay/dingdan';

/** Root of every order query key: every transition invalidates it (and the header's waiting count). */
export const orderKeys = { all: ['merchant', 'order'] as const };

export const getOrderPage = (params: object) => api.get<OrderPage>(`${base}/findAllByPage`, params, { quiet: true });
export const getOrder = (id: number) => api.get<OrderDetail>(`${base}/findById/${id}`, undefined, { quiet: true });
export const getWaiting = () =>
  api.get<{ records: Order[]; total: number }>(`${base}/jiedan/findAllByList`, undefined, { quiet: true });
export const getVerifyHistory = (params: object) =>
  api.get<Page<Order> & { recentFailures: number }>(`${base}/yanquan/findAllByPage`, params, { quiet: true });

export interface AssignableEmployee {
  id: number;
  name: string;
  phone: string;
  workState: number;
  rating: number;
  load: number;
  current: boolean;
}
export const getAssignable = (id: number) =>
  api.get<AssignableEmployee[]>(`${base}/findYuangong`, { id }, { quiet: true });

/** The employees and goods of the caller's shops, for the lists' employee / goods filters. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: [...orderKeys.all, 'filter-options'],
    queryFn: () => api.get<FilterOptions>(`${base}/findFilterOptions`, undefined, { quiet: true, silentError: true }),
    staleTime: 60_000,
  });

/** Select options; the shop is named when the choices span several shops. */
export function optionsOf(list: FilterOption[] | undefined) {
  const several = new Set((list ?? []).map((x) => x.shopId)).size > 1;
  return (list ?? []).map((x) => ({ label: several ? `${x.name}（${x.shopName}）` : x.name, value: x.id }));
}

/** A search-form select of the caller's employees or goods (orders, reviews), with the list's loading/error states. */
export function filterField(query: ReturnType<typeof useFilterOptions>, of: 'employees' | 'goods'): SearchField {
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

export const exportOrders = (filters: object) =>
  download(`${base}/export`, { ...filters, format: 'xlsx' }, '订单.xlsx');

export function useOrderMutations() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: orderKeys.all });
    void qc.invalidateQueries({ queryKey: ['orders'] });
  };
  return {
    assign: useMutation({
      mutationFn: (v: { id: number; yuangongId: number }) => api.post(`${base}/setYuangong`, v),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (v: { id: number; reason: string }) => api.post(`${base}/shangjiaCancel`, v),
      onSuccess: done,
    }),
    confirm: useMutation({ mutationFn: (id: number) => api.post(`${base}/queren`, { id }), onSuccess: done }),
    verify: useMutation({
      mutationFn: (code: string) => api.post<{ order: OrderDetail }>(`${base}/shangjiaYanquan`, { code }),
      onSuccess: done,
    }),
  };
}
