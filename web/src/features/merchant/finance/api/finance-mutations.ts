import type { Withdrawal } from '@jz/contracts/finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api-client.ts';
import { api } from '../../../../lib/api-client.ts';
import { financeKeys } from './finance-api.ts';

const base = '/api/app/jiazheng/caiwu';

export interface CardInput {
  bankName: string;
  branchName: string;
  branchCode: string;
  cardNo: string;
  holderName: string;
  cardType: number;
  mobile?: string;
}

/**
 * Withdraw (with an Idempotency-Key: a retried or double-clicked submit of the same form never withdraws twice),
 * bind and unbind a card. Each invalidates every finance query: balances, ledger and lists move together.
 */
export function useFinanceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: financeKeys.all });
  return {
    withdraw: useMutation({
      mutationFn: (v: { amount: number; bankCardId: number; idempotencyKey: string }) =>
        http
          .post(
            `${base}/tixian/add`,
            { amount: v.amount, bankCardId: v.bankCardId },
            { headers: { 'Idempotency-Key': v.idempotencyKey } },
          )
          .then((r) => r.data.result as Withdrawal),
      onSuccess: done,
    }),
    bind: useMutation({
      mutationFn: (v: CardInput) => api.post<{ id: number }>(`${base}/bangka/add`, v),
      onSuccess: done,
    }),
    unbind: useMutation({ mutationFn: (id: number) => api.post(`${base}/bangka/jiebang`, { id }), onSuccess: done }),
  };
}
