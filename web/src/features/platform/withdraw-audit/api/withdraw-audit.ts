import { withdrawAuditApi } from '@jz/contracts/api/withdraw-audit';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const auditKeys = { all: ['platform', 'withdrawAudit'] as const };

export const getAuditPage = (query: QueryInputOf<typeof withdrawAuditApi.page>) =>
  callContract(withdrawAuditApi.page, { query }, { quiet: true });

/** Approve (pays through the payout provider) or reject with a reason; the server's message says how it ended. */
export function useWithdrawAuditMutations() {
  const qc = useQueryClient();
  return {
    review: useMutation({
      mutationFn: (body: BodyInputOf<typeof withdrawAuditApi.review>) =>
        callContract(withdrawAuditApi.review, { body }),
      onSettled: () => qc.invalidateQueries({ queryKey: auditKeys.all }),
    }),
  };
}
