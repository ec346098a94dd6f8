import type { Page } from '@jz/contracts/envelope';
import type { Withdrawal, WithdrawalAudit } from '@jz/contracts/finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const base = '/api/app/jiazheng/caiwu/tixian/shenhe';
export const auditKeys = { all: ['platform', 'withdrawAudit'] as const };

export const getAuditPage = (params: object) =>
  api.get<Page<WithdrawalAudit>>(`${base}/findAllByPage`, params, { quiet: true });

/** Approve (pays through the payout provider) or reject with a reason; the server's message says how it ended. */
export function useReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; pass: 0 | 1; remark?: string }) => api.post<Withdrawal>(base, v),
    onSettled: () => qc.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
