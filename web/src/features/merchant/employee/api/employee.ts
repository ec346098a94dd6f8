import { employeeApi } from '@jz/contracts/api/employee';
import { dispatchApi } from '@jz/contracts/api/dispatch';
import { fuwuApi } from '@jz/contracts/api/fuwu';
import { shopApi } from '@jz/contracts/api/shop';
import { statsApi } from '@jz/contracts/api/stats';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { WeeklyHours } from '@jz/contracts/dispatch';
import type { Fuwu } from '@jz/contracts/fuwu';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPerm } from '../../../../lib/access.tsx';
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
    // The form shows a refusal itself, at the field it names (lib/form-errors.ts showSaveRefusal).
    add: useMutation({
      mutationFn: (body: EmployeeInput) => callContract(employeeApi.add, { body }, { silentError: true }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof employeeApi.edit>) =>
        callContract(employeeApi.edit, { body }, { silentError: true }),
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

/**
 * Which of her assigned, unfinished orders new weekly hours would leave outside them. The hours travel as JSON text
 * (the query writer would spread an array into `workHours[]=` items) and null, the shop's business hours, as '' (a
 * query leaves null out); the schema reads both. The form shows its own problem, so no toast.
 */
export const checkHours = (id: number, workHours: WeeklyHours | null) =>
  callContract(
    employeeApi.checkHours,
    { query: { id, workHours: (workHours ? JSON.stringify(workHours) : '') as unknown as WeeklyHours | null } },
    { quiet: true, silentError: true },
  );

/**
 * The shop's hours for the employee form: its business hours (an employee without her own works them) and its default
 * weekly hours for new employees. Read only with 店铺管理's permission; without it the server still gives a new
 * employee the default when the form sends no hours.
 */
export const useShopHours = (shopId: number | undefined) =>
  useQuery({
    queryKey: ['merchant', 'shop', 'hours', shopId],
    queryFn: () => callContract(shopApi.detail, { params: { id: shopId! } }, { quiet: true, silentError: true }),
    enabled: !!shopId && hasPerm('merchant:shop:list'),
    select: (s) => ({ businessHours: s.businessHours, defaultWorkHours: s.setting.defaultWorkHours ?? null }),
    staleTime: 60_000,
  });

/** Leave periods (休假) of an employee: the detail's list, the dialog's overlap check, add and delete. */
export const leaveKeys = {
  list: (employeeId: number) => [...employeeKeys.all, 'leave', employeeId] as const,
  check: (employeeId: number, from: string, to: string) =>
    [...employeeKeys.all, 'leaveCheck', employeeId, from, to] as const,
};

export const useLeaves = (employeeId: number) =>
  useQuery({
    queryKey: leaveKeys.list(employeeId),
    queryFn: () => callContract(dispatchApi.leaves, { query: { employeeId } }, { quiet: true }),
    enabled: employeeId > 0,
  });

/** What a leave would collide with (her assigned orders inside it, other leaves); null range = not asked yet. */
export const useLeaveCheck = (employeeId: number, range: { from: string; to: string } | null) =>
  useQuery({
    queryKey: leaveKeys.check(employeeId, range?.from ?? '', range?.to ?? ''),
    queryFn: () =>
      callContract(dispatchApi.checkLeave, { query: { employeeId, ...range! } }, { quiet: true, silentError: true }),
    enabled: employeeId > 0 && !!range && range.from < range.to,
    staleTime: 0,
  });

export function useLeaveMutations() {
  const qc = useQueryClient();
  // The employee's state (休假) and the board read leave: refresh both.
  const done = () => {
    void qc.invalidateQueries({ queryKey: employeeKeys.all });
    void qc.invalidateQueries({ queryKey: ['merchant', 'order'] });
  };
  return {
    add: useMutation({
      mutationFn: (body: { employeeId: number; from: string; to: string; reason?: string }) =>
        callContract(dispatchApi.addLeave, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callContract(dispatchApi.removeLeave, { params: { id } }),
      onSuccess: done,
    }),
  };
}
