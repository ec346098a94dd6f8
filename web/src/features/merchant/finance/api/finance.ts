import { cardSaleApi } from '@jz/contracts/api/card';
import { financeApi } from '@jz/contracts/api/finance';
import { bankCardApi, withdrawApi } from '@jz/contracts/api/withdraw';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

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

const quiet = { quiet: true };

export const overviewQuery = queryOptions({
  queryKey: financeKeys.overview,
  queryFn: () => callContract(financeApi.overview, {}, quiet),
});

export const trendQuery = (query: QueryInputOf<typeof financeApi.trend>) =>
  queryOptions({
    queryKey: [...financeKeys.trend, query],
    queryFn: () => callContract(financeApi.trend, { query }, quiet),
  });

export const cardsQuery = queryOptions({
  queryKey: financeKeys.cards,
  queryFn: () => callContract(bankCardApi.list, {}, quiet),
});

/**
 * Step-up for money: where the owner's code goes (masked phone), the 24-hour hold and, for binding, the names a card
 * may carry (from 用户进件). One call per page, each under that page's own permission.
 */
export const stepUpInfoQuery = (page: 'bangka' | 'tixian') =>
  queryOptions({
    queryKey: [...financeKeys.all, 'stepUp', page],
    queryFn: () => callContract(page === 'bangka' ? bankCardApi.stepUpInfo : withdrawApi.stepUpInfo, {}, quiet),
  });

export const getLedgerPage = (query: QueryInputOf<typeof financeApi.ledgerPage>) =>
  callContract(financeApi.ledgerPage, { query }, quiet);

/** 收入 / 支出 / 划转 totals of the ledger for the list's filters (under the ledger key: refreshed with the list). */
export const ledgerTotalsQuery = (query: QueryInputOf<typeof financeApi.ledgerTotals>) =>
  queryOptions({
    queryKey: [...financeKeys.ledger, 'totals', query],
    queryFn: () => callContract(financeApi.ledgerTotals, { query }, quiet),
  });

/** 预收（卡项）over the ledger's date range: card money is not in the account until a visit is settled. */
export const cardFlowsQuery = (range: { startDate?: string; endDate?: string }) =>
  queryOptions({
    queryKey: [...financeKeys.ledger, 'cards', range],
    queryFn: () => callContract(cardSaleApi.flows, { query: range }, quiet),
  });

export const getFrozenPage = (query: QueryInputOf<typeof financeApi.frozenPage>) =>
  callContract(financeApi.frozenPage, { query }, quiet);

export const getWithdrawalPage = (query: QueryInputOf<typeof withdrawApi.page>) =>
  callContract(withdrawApi.page, { query }, quiet);

export const getBindingPage = (query: QueryInputOf<typeof bankCardApi.bindingPage>) =>
  callContract(bankCardApi.bindingPage, { query }, quiet);

/** The ledger as an Excel workbook (.xlsx), with the list's current filters. */
export const exportLedger = (filters: Omit<BodyInputOf<typeof financeApi.ledgerExport>, 'format'>) =>
  downloadContract(financeApi.ledgerExport, { body: { ...filters, format: 'xlsx' } }, '收支明细.xlsx');

/** A card as the bind form sends it (the owner's code goes with `bind`). */
export type CardInput = BodyInputOf<typeof bankCardApi.sendCode>;

/** The owner's step-up codes: each names what it authorises (this card; this amount to this card; confirming a card). */
export const sendBindCode = (card: CardInput) => callContract(bankCardApi.sendCode, { body: card });
export const sendWithdrawCode = (body: BodyInputOf<typeof withdrawApi.sendCode>) =>
  callContract(withdrawApi.sendCode, { body });
export const sendConfirmCode = (id: number) => callContract(bankCardApi.sendConfirmCode, { body: { id } });

/**
 * Withdraw (with an Idempotency-Key: a retried or double-clicked submit of the same form never withdraws twice),
 * bind, confirm and unbind a card. Each invalidates every finance query: balances, ledger and lists move together.
 */
export function useFinanceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: financeKeys.all });
  return {
    withdraw: useMutation({
      mutationFn: ({ idempotencyKey, ...body }: BodyInputOf<typeof withdrawApi.add> & { idempotencyKey: string }) =>
        callContract(withdrawApi.add, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
      onSuccess: done,
    }),
    bind: useMutation({
      mutationFn: (body: BodyInputOf<typeof bankCardApi.bind>) => callContract(bankCardApi.bind, { body }),
      onSuccess: done,
    }),
    confirm: useMutation({
      mutationFn: (body: BodyInputOf<typeof bankCardApi.confirm>) => callContract(bankCardApi.confirm, { body }),
      onSuccess: done,
    }),
    unbind: useMutation({
      mutationFn: (id: number) => callContract(bankCardApi.unbind, { body: { id } }),
      onSuccess: done,
    }),
  };
}
