import { cardSaleApi } from '@jz/contracts/api/card';
import { clientApi } from '@jz/contracts/api/client';
import { employeeApi } from '@jz/contracts/api/employee';
import { goodsApi } from '@jz/contracts/api/goods';
import { planApi } from '@jz/contracts/api/plan';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const planKeys = {
  list: ['merchant', 'plan', 'list'] as const,
  detail: (id: number) => ['merchant', 'plan', 'list', 'detail', id] as const,
  exceptions: ['merchant', 'plan', 'list', 'exceptions'] as const,
};

export const getPlans = (query: QueryInputOf<typeof planApi.page>) =>
  callContract(planApi.page, { query }, { quiet: true });

export const usePlanDetail = (id: number | null) =>
  useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: () => callContract(planApi.detail, { params: { id: id as number } }, { quiet: true }),
    enabled: id !== null,
  });

export const usePlanExceptions = () =>
  useQuery({
    queryKey: planKeys.exceptions,
    queryFn: () => callContract(planApi.exceptionCount, {}, { quiet: true }),
  });

// The form's lookups (clients are searched with components/client-search.ts): a client's addresses and active
// cards, goods and staff.
export const useClient = (id: number | undefined) =>
  useQuery({
    queryKey: ['merchant', 'client', 'detail', id ?? 0],
    queryFn: () => callContract(clientApi.detail, { params: { id: id as number } }, { quiet: true }),
    enabled: !!id,
  });
export const useClientCards = (clientId: number | undefined) =>
  useQuery({
    queryKey: ['merchant', 'card', 'sales', 'client', clientId ?? 0],
    queryFn: () => callContract(cardSaleApi.page, { query: { clientId, status: 1, pageSize: 50 } }, { quiet: true }),
    enabled: !!clientId,
  });
export const useGoodsOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'goods', 'plan-options'],
    queryFn: () => callContract(goodsApi.page, { query: { pageSize: 100, shelfState: 1 } }, { quiet: true }),
    enabled,
  });
export const useGoodsSpecs = (goodsId: number | undefined) =>
  useQuery({
    queryKey: ['merchant', 'goods', 'detail', goodsId ?? 0],
    queryFn: () => callContract(goodsApi.detail, { params: { id: goodsId as number } }, { quiet: true }),
    enabled: !!goodsId,
  });
export const useStaffOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'employee', 'plan-options'],
    queryFn: () => callContract(employeeApi.list, { query: {} }, { quiet: true }),
    enabled,
  });

export type PlanAddInput = BodyInputOf<typeof planApi.add>;
export type PlanEditInput = BodyInputOf<typeof planApi.edit>;

export function usePlanMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: planKeys.list });
  const opts = { onSuccess: refresh };
  return {
    add: useMutation({ mutationFn: (v: PlanAddInput) => callContract(planApi.add, { body: v }), ...opts }),
    edit: useMutation({ mutationFn: (v: PlanEditInput) => callContract(planApi.edit, { body: v }), ...opts }),
    book: useMutation({ mutationFn: (id: number) => callContract(planApi.book, { params: { id } }), ...opts }),
    pause: useMutation({ mutationFn: (id: number) => callContract(planApi.pause, { params: { id } }), ...opts }),
    resume: useMutation({ mutationFn: (id: number) => callContract(planApi.resume, { params: { id } }), ...opts }),
    skip: useMutation({
      mutationFn: (v: BodyInputOf<typeof planApi.skip>) => callContract(planApi.skip, { body: v }),
      ...opts,
    }),
    change: useMutation({
      mutationFn: (v: BodyInputOf<typeof planApi.change>) => callContract(planApi.change, { body: v }),
      ...opts,
    }),
    end: useMutation({
      mutationFn: (v: BodyInputOf<typeof planApi.end>) => callContract(planApi.end, { body: v }),
      ...opts,
    }),
    retry: useMutation({
      mutationFn: (v: BodyInputOf<typeof planApi.retry>) => callContract(planApi.retry, { body: v }),
      ...opts,
    }),
    resolve: useMutation({
      mutationFn: (v: BodyInputOf<typeof planApi.resolve>) => callContract(planApi.resolve, { body: v }),
      ...opts,
    }),
  };
}
