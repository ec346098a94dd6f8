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

/** The owner's step-up codes: each names what it authorises (this card; this amount to this card; confirming a card). */
export const sendBindCode = (card: CardInput) => api.post<{ phone: string }>(`${base}/bangka/sendCode`, card);
export const sendWithdrawCode = (v: { amount: number; bankCardId: number }) =>
  api.post<{ phone: string }>(`${base}/tixian/sendCode`, v);
export const sendConfirmCode = (id: number) => api.post<{ phone: string }>(`${base}/bangka/queren/sendCode`, { id });

/**
 * Withdraw (with an Idempotency-Key: a retried or double-clicked submit of the same form never withdraws twice),
 * bind, confirm and unbind a card. Each invalidates every finance query: balances, ledger and lists move together.
 */
export function useFinanceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: financeKeys.all });
  return {
    withdraw: useMutation({
      mutationFn: (v: { amount: number; bankCardId: number; smsCode: string; idempotencyKey: string }) =>
        http
          .post(
            `${base}/tixian/add`,
            { amount: v.amount, bankCardId: v.bankCardId, smsCode: v.smsCode },
            { headers: { 'Idempotency-Key': v.idempotencyKey } },
          )
          .then((r) => r.data.result as Withdrawal),
      onSuccess: done,
    }),
    bind: useMutation({
      mutationFn: (v: CardInput & { smsCode: string }) => api.post<{ id: number }>(`${base}/bangka/add`, v),
      onSuccess: done,
    }),
    confirm: useMutation({
      mutationFn: (v: { id: number; smsCode: string }) => api.post(`${base}/bangka/queren`, v),
      onSuccess: done,
    }),
    unbind: useMutation({ mutationFn: (id: number) => api.post(`${base}/bangka/jiebang`, { id }), onSuccess: done }),
  };
}
