import type { PendingAgreement, Signature, SignatureDetail } from '@jz/contracts/agreement';
import type { Page } from '@jz/contracts/envelope';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const BASE = '/api/app/jiazheng/xieyi';

export const agreementKeys = {
  all: ['agreement'] as const,
  pending: ['agreement', 'pending'] as const,
  mine: ['agreement', 'mine'] as const,
  signature: (id: number) => ['agreement', 'signature', id] as const,
};

/** Agreements whose current version the merchant has not signed (must-sign first). */
export const pendingQuery = queryOptions({
  queryKey: agreementKeys.pending,
  queryFn: () => api.get<PendingAgreement[]>(`${BASE}/findDaiqianList`, undefined, { quiet: true, silentError: true }),
  staleTime: 30_000,
});

export const getMySignaturePage = (params: object) =>
  api.get<Page<Signature>>(`${BASE}/findMyByPage`, params, { quiet: true });

export const signatureQuery = (id: number) =>
  queryOptions({
    queryKey: agreementKeys.signature(id),
    queryFn: () => api.get<SignatureDetail>(`${BASE}/findQianshuById/${id}`, undefined, { quiet: true }),
  });

export interface SignInput {
  id: number;
  signerName: string;
  version: number;
}

/** Signs the version the user read; refreshes the pending list, 我的协议 and the messages (a new record links there). */
export function useSignAgreement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: SignInput) => api.post<SignatureDetail>(`${BASE}/qianshu`, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}
