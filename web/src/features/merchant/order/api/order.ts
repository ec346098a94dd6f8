import { orderApi } from '@jz/contracts/api/order';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

/** Root of every order query key: every transition invalidates it (and the header's waiting count). */
export const orderKeys = {
  all: ['merchant', 'order'] as const,
  /** One order's detail (the drawer). */
  detail: (id: number | null) => ['merchant', 'order', 'detail', id] as const,
  /** A day's start times for moving an order (改约); under the root, so a transition refreshes them. */
  rescheduleSlots: (id: number | null, date: string) => ['merchant', 'order', 'reschedule-slots', id, date] as const,
};

export const getOrderPage = (query: QueryInputOf<typeof orderApi.page>) =>
  callContract(orderApi.page, { query }, { quiet: true });
export const getOrder = (id: number) => callContract(orderApi.detail, { params: { id } }, { quiet: true });
export const getWaiting = () => callContract(orderApi.waiting, { query: {} }, { quiet: true });
export const getVerifyHistory = (query: QueryInputOf<typeof orderApi.verifyHistory>) =>
  callContract(orderApi.verifyHistory, { query }, { quiet: true });
/**
 * The day's start times for moving an order (pay/dingdan/rescheduleSlots): its own job length and places, and whether
 * its employee is free then (kept).
 */
export const useRescheduleSlots = (id: number | null, date: string) =>
  useQuery({
    queryKey: orderKeys.rescheduleSlots(id, date),
    // The dialog shows a failure in place (a day out of range, an order just served), not as a toast.
    queryFn: () =>
      callContract(orderApi.rescheduleSlots, { query: { id: id!, date } }, { quiet: true, silentError: true }),
    enabled: id !== null,
    staleTime: 0,
  });
export const getAssignable = (id: number) => callContract(orderApi.assignable, { query: { id } }, { quiet: true });

/** The employees and goods of the caller's shops, for the lists' employee / goods filters. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: [...orderKeys.all, 'filter-options'],
    queryFn: () => callContract(orderApi.filterOptions, {}, { quiet: true, silentError: true }),
    staleTime: 60_000,
  });

export const exportOrders = (filters: Omit<BodyInputOf<typeof orderApi.export>, 'format'>) =>
  downloadContract(orderApi.export, { body: { ...filters, format: 'xlsx' } }, '订单.xlsx');

export function useOrderMutations() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: orderKeys.all });
    void qc.invalidateQueries({ queryKey: ['orders'] });
  };
  return {
    assign: useMutation({
      mutationFn: (body: BodyInputOf<typeof orderApi.assign>) => callContract(orderApi.assign, { body }),
      onSuccess: done,
    }),
    /** 改约: the dialog tells the server's message itself (kept or released employee) and shows a refusal in place. */
    reschedule: useMutation({
      mutationFn: (body: BodyInputOf<typeof orderApi.reschedule>) =>
        callContract(orderApi.reschedule, { body }, { silentSuccess: true, silentError: true }),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (body: BodyInputOf<typeof orderApi.cancel>) => callContract(orderApi.cancel, { body }),
      onSuccess: done,
    }),
    confirm: useMutation({
      mutationFn: (id: number) => callContract(orderApi.confirm, { body: { id } }),
      onSuccess: done,
    }),
    /** 验券's look-up before using a code: the order and what to ask (changes nothing; refusals toast as verify's). */
    checkCode: useMutation({
      mutationFn: (code: string) => callContract(orderApi.verifyCheck, { body: { code } }, { silentSuccess: true }),
    }),
    // The page's success card says 验券成功 (and the page asked before an early use): no toast on top.
    verify: useMutation({
      mutationFn: (code: string) => callContract(orderApi.verify, { body: { code } }, { silentSuccess: true }),
      onSuccess: done,
    }),
  };
}
