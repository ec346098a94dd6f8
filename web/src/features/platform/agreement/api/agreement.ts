import { agreementApi } from '@jz/contracts/api/agreement';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const adminAgreementKeys = {
  all: ['platform', 'agreement'] as const,
  list: ['platform', 'agreement', 'list'] as const,
  detail: (id: number) => ['platform', 'agreement', 'detail', id] as const,
  signatures: ['platform', 'agreement', 'signatures'] as const,
};

export const getAgreementPage = (query: QueryInputOf<typeof agreementApi.page>) =>
  callContract(agreementApi.page, { query }, { quiet: true });
export const getSignaturePage = (query: QueryInputOf<typeof agreementApi.signaturePage>) =>
  callContract(agreementApi.signaturePage, { query }, { quiet: true });

export const agreementDetailQuery = (id: number) =>
  queryOptions({
    queryKey: adminAgreementKeys.detail(id),
    queryFn: () => callContract(agreementApi.detail, { params: { id } }, { quiet: true }),
  });

export type AgreementInput = BodyInputOf<typeof agreementApi.add>;

/** Agreement mutations; each refreshes the platform's lists and details. */
export function useAgreementMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: adminAgreementKeys.all });
  return {
    add: useMutation({
      mutationFn: (body: AgreementInput) => callContract(agreementApi.add, { body }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof agreementApi.edit>) => callContract(agreementApi.edit, { body }),
      onSuccess: done,
    }),
    publish: useMutation({
      mutationFn: (body: BodyInputOf<typeof agreementApi.publish>) => callContract(agreementApi.publish, { body }),
      onSuccess: done,
    }),
    withdraw: useMutation({
      mutationFn: (id: number) => callContract(agreementApi.withdraw, { body: { id } }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(agreementApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
