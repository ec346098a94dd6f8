import { dispatchApi } from '@jz/contracts/api/dispatch';
import { planApi } from '@jz/contracts/api/plan';
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

/**
 * 周期服务 visits that could not be booked (zhouqi/exceptionCount, readable with the board's permission), for the
 * board's banner. The key is 周期服务's own (its planKeys.exceptions), so its actions refresh the banner too.
 */
export const usePlanExceptionCount = () =>
  useQuery({
    queryKey: ['merchant', 'plan', 'list', 'exceptions'] as const,
    queryFn: () => callContract(planApi.exceptionCount, {}, { quiet: true }),
    staleTime: 60_000,
  });
