import { dispatchApi } from '@jz/contracts/api/dispatch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

/**
 * Under 订单管理's root key ['merchant', 'order'] (its orderKeys.all): every order transition there (the drawer's
 * actions) invalidates the board too, and an assignment here refreshes the order lists.
 */
const ORDER_ROOT = ['merchant', 'order'] as const;
export const dispatchKeys = {
  all: [...ORDER_ROOT, 'dispatch'] as const,
  board: (date: string, days: number, shopId: number | undefined) =>
    [...ORDER_ROOT, 'dispatch', 'board', date, days, shopId] as const,
  suggest: (orderId: number | null) => [...ORDER_ROOT, 'dispatch', 'suggest', orderId] as const,
  daySheet: (q: DaySheetAsk | null) =>
    [...ORDER_ROOT, 'dispatch', 'daySheet', q?.date, q?.shopId, q?.employeeId] as const,
};

/** A 派工单 asked for: the day, the shop, and one employee or (absent) everyone with jobs that day. */
export interface DaySheetAsk {
  date: string;
  shopId: number;
  employeeId?: number;
}

/** Without the order stream the board still catches up this often. */
export const BOARD_REFRESH_MS = 30_000;

/** `poll`: refetch on a timer (while the order stream is down; when it is up, its events refresh the board). */
export const useBoard = (date: string, days: number, shopId: number | undefined, poll: boolean) =>
  useQuery({
    queryKey: dispatchKeys.board(date, days, shopId),
    queryFn: () => callContract(dispatchApi.board, { query: { date, days, shopId } }, { quiet: true }),
    enabled: !!shopId,
    refetchInterval: poll ? BOARD_REFRESH_MS : false,
    // The previous day (or week) stays in view, dimmed, while the next loads; never a day's answer in the week's grid.
    placeholderData: (prev) => (prev?.days.length === days ? prev : undefined),
  });

export const useSuggestions = (orderId: number | null) =>
  useQuery({
    queryKey: dispatchKeys.suggest(orderId),
    queryFn: () => callContract(dispatchApi.suggest, { query: { orderId: orderId! } }, { quiet: true }),
    enabled: !!orderId,
    staleTime: 0,
  });

/** POST paidan/assign; refusals (2004) are shown in place by the caller, not as a toast. */
export function useDispatchMutations() {
  const qc = useQueryClient();
  return {
    assign: useMutation({
      mutationFn: (body: { orderId: number; employeeId: number }) =>
        callContract(dispatchApi.assign, { body }, { silentError: true }),
      onSettled: () => {
        void qc.invalidateQueries({ queryKey: ORDER_ROOT });
        void qc.invalidateQueries({ queryKey: ['orders'] });
      },
    }),
  };
}

/** 派工单 (paidan/daySheet); null = the sheet is closed. Refreshed with the board (same root key). */
export const useDaySheet = (q: DaySheetAsk | null) =>
  useQuery({
    queryKey: dispatchKeys.daySheet(q),
    queryFn: () => callContract(dispatchApi.daySheet, { query: q! }, { quiet: true }),
    enabled: !!q,
  });

/** The same rows as an Excel workbook (paidan/daySheet/export, lib/export on the server). */
export const exportDaySheet = (q: DaySheetAsk) =>
  downloadContract(dispatchApi.daySheetExport, { body: { ...q, format: 'xlsx' } }, `派工单_${q.date}.xlsx`);
