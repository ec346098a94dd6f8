import { employeeApi } from '@jz/contracts/api/employee';
import { fuwuApi } from '@jz/contracts/api/fuwu';
import { statsApi } from '@jz/contracts/api/stats';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { Fuwu } from '@jz/contracts/fuwu';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

/** Root of every employee query key: mutations invalidate it. */
export const employeeKeys = {
  all: ['merchant', 'employee'] as const,
  detail: (id: number) => ['merchant', 'employee', 'detail', id] as const,
};

/** The form's values as the API takes them (arrays travel as JSON strings in the form body). */
export type EmployeeInput = BodyInputOf<typeof employeeApi.add>;

/** weapp/findAllByPage: shopId empty = current shop, 'all' = every shop. */
export const getEmployeePage = (query: QueryInputOf<typeof employeeApi.page>) =>
  callContract(employeeApi.page, { query }, { quiet: true });

export const getEmployee = (id: number) => callContract(employeeApi.detail, { params: { id } }, { quiet: true });

export const employeeQuery = (id: number) =>
  queryOptions({ queryKey: employeeKeys.detail(id), queryFn: () => getEmployee(id), enabled: id > 0 });

export const useEmployee = (id: number) => useQuery(employeeQuery(id));

/** 员工详情's orders in hand, latest orders and reviews (tongji/yuangong/dingdan, a stats contract). */
export const employeeOrdersQuery = (employeeId: number) =>
  queryOptions({
    queryKey: [...employeeKeys.all, 'orders', employeeId],
    queryFn: () => callContract(statsApi.employeeOrders, { query: { employeeId } }, { quiet: true }),
  });

/** The platform's service categories (fuwu/weapp/findSelectFuwu), for the employee's service categories. */
export const useServiceCategoryTree = () =>
  useQuery({
    queryKey: ['fuwu', 'tree'],
    queryFn: () => callContract(fuwuApi.selectTree, {}, { quiet: true }),
    staleTime: 5 * 60_000,
  });

/** id -> name over the whole tree. */
export function serviceCategoryNames(tree: Fuwu[] | undefined) {
  const out = new Map<number, string>();
  const walk = (list: Fuwu[]) => {
    for (const f of list) {
      out.set(f.id, f.name);
      if (f.children) walk(f.children);
    }
  };
  walk(tree ?? []);
  return out;
}

/** add / edit / work state / delete; each invalidates the list and the details. */
export function useEmployeeMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: employeeKeys.all });
  return {
    add: useMutation({ mutationFn: (body: EmployeeInput) => callContract(employeeApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof employeeApi.edit>) => callContract(employeeApi.edit, { body }),
      onSuccess: done,
    }),
    setWorkState: useMutation({
      mutationFn: (body: { id: number; workState: number }) => callContract(employeeApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(employeeApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
