import { agreementApi } from '@jz/contracts/api/agreement';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const agreementKeys = {
  all: ['agreement'] as const,
  pending: ['agreement', 'pending'] as const,
  mine: ['agreement', 'mine'] as const,
  signature: (id: number) => ['agreement', 'signature', id] as const,
};

/** Agreements whose current version the merchant has not signed (must-sign first). */
export const pendingQuery = queryOptions({
  queryKey: agreementKeys.pending,
  queryFn: () => callContract(agreementApi.pending, {}, { quiet: true, silentError: true }),
  staleTime: 30_000,
});

export const getMySignaturePage = (query: QueryInputOf<typeof agreementApi.minePage>) =>
  callContract(agreementApi.minePage, { query }, { quiet: true });

export const signatureQuery = (id: number) =>
  queryOptions({
    queryKey: agreementKeys.signature(id),
    queryFn: () => callContract(agreementApi.mySignature, { params: { id } }, { quiet: true }),
  });

export type SignInput = BodyInputOf<typeof agreementApi.sign>;

/** Signs the version the user read; refreshes the pending list, 我的协议 and the messages (a new record links there). */
export function useAgreementMutations() {
  const qc = useQueryClient();
  return {
    sign: useMutation({
      mutationFn: (body: SignInput) => callContract(agreementApi.sign, { body }),
      onSuccess: () => qc.invalidateQueries({ queryKey: agreementKeys.all }),
    }),
  };
}
