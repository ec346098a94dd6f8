import { dispatchApi } from '@jz/contracts/api/dispatch';
import { staffLeaveReviewApi } from '@jz/contracts/api/staff';
import type { TimeRange } from '@jz/contracts/dispatch';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

/**
 * Under the order root key like the board's: exceptions and approved leave change what the board shows, and order
 * events (an assignment) refresh the grid's leave and state.
 */
const ROOT = ['merchant', 'order', 'rota'] as const;
export const rotaKeys = {
  week: (date: string, shopId: number | undefined) => [...ROOT, 'week', date, shopId] as const,
  requests: (status: number | undefined, pageNum: number) => [...ROOT, 'requests', status, pageNum] as const,
};

export const useRota = (date: string, shopId: number | undefined) =>
  useQuery({
    queryKey: rotaKeys.week(date, shopId),
    queryFn: () => callContract(dispatchApi.rota, { query: { date, shopId } }, { quiet: true }),
    enabled: !!shopId,
    placeholderData: keepPreviousData,
  });

export const useLeaveRequests = (shopId: number | undefined, status: number | undefined, pageNum: number) =>
  useQuery({
    queryKey: rotaKeys.requests(status, pageNum),
    queryFn: () =>
      callContract(staffLeaveReviewApi.list, { query: { shopId, status, pageNum, pageSize: 10 } }, { quiet: true }),
    enabled: !!shopId,
  });

export function useRotaMutations() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: ['merchant', 'order'] });
    void qc.invalidateQueries({ queryKey: ['merchant', 'employee'] });
  };
  return {
    save: useMutation({
      mutationFn: (body: { employeeId: number; day: string; ranges: TimeRange[]; reason?: string }) =>
        callContract(dispatchApi.saveShiftException, { body }),
      onSuccess: done,
    }),
    restore: useMutation({
      mutationFn: (id: number) => callContract(dispatchApi.removeShiftException, { params: { id } }),
      onSuccess: done,
    }),
    decide: useMutation({
      mutationFn: (body: { id: number; approve: boolean; reply?: string }) =>
        callContract(staffLeaveReviewApi.decide, { body }),
      onSuccess: done,
    }),
  };
}
