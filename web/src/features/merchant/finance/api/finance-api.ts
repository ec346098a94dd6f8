import type { Page } from '@jz/contracts/envelope';
import type {
  BankCard,
  BindingRecord,
  FinanceOverview,
  FrozenSettlement,
  LedgerEntry,
  StepUpInfo,
  TrendPoint,
  Withdrawal,
} from '@jz/contracts/finance';
import { queryOptions } from '@tanstack/react-query';
import { api, download } from '../../../../lib/api-client.ts';

const base = '/api/app/jiazheng/caiwu';

/** Every finance query key starts here: a withdrawal or a card change invalidates them all (figures move together). */
export const financeKeys = {
  all: ['merchant', 'finance'] as const,
  overview: ['merchant', 'finance', 'overview'] as const,
  trend: ['merchant', 'finance', 'trend'] as const,
  ledger: ['merchant', 'finance', 'ledger'] as const,
  frozen: ['merchant', 'finance', 'frozen'] as const,
  withdrawals: ['merchant', 'finance', 'withdrawals'] as const,
  cards: ['merchant', 'finance', 'cards'] as const,
  bindings: ['merchant', 'finance', 'bindings'] as const,
};

export const overviewQuery = queryOptions({
  queryKey: financeKeys.overview,
  queryFn: () => api.get<FinanceOverview>(`${base}/findZonglan`, undefined, { quiet: true }),
});

export const trendQuery = (params: { granularity: 'day' | 'month'; startDate?: string; endDate?: string }) =>
  queryOptions({
    queryKey: [...financeKeys.trend, params],
    queryFn: () => api.get<TrendPoint[]>(`${base}/findQushi`, params, { quiet: true }),
  });

export const cardsQuery = queryOptions({
  queryKey: financeKeys.cards,
  queryFn: () => api.get<BankCard[]>(`${base}/bangka/findAllByList`, undefined, { quiet: true }),
});

/**
 * Step-up for money: where the owner's code goes (masked phone), the 24-hour hold and, for binding, the names a card
 * may carry (from 用户进件). One call per page, each under that page's own permission.
 */
export const stepUpInfoQuery = (page: 'bangka' | 'tixian') =>
  queryOptions({
    queryKey: [...financeKeys.all, 'stepUp', page],
    queryFn: () => api.get<StepUpInfo>(`${base}/${page}/findYanzheng`, undefined, { quiet: true }),
  });

export const getLedgerPage = (params: object) =>
  api.get<Page<LedgerEntry>>(`${base}/shouzhi/findAllByPage`, params, { quiet: true });

export const getFrozenPage = (params: object) =>
  api.get<Page<FrozenSettlement> & { totalAmount: number }>(`${base}/dongjie/findAllByPage`, params, { quiet: true });

export const getWithdrawalPage = (params: object) =>
  api.get<Page<Withdrawal>>(`${base}/tixian/findAllByPage`, params, { quiet: true });

export const getBindingPage = (params: object) =>
  api.get<Page<BindingRecord>>(`${base}/bangka/findJiluByPage`, params, { quiet: true });

/** The ledger as an Excel workbook (.xlsx), with the list's current filters. */
export const exportLedger = (filters: object) =>
  download(`${base}/shouzhi/export`, { ...filters, format: 'xlsx' }, '收支明细.xlsx');
