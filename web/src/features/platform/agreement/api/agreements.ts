import type { Agreement, AgreementType, AgreementVersion, Signature } from '@jz/contracts/agreement';
import type { Page } from '@jz/contracts/envelope';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const BASE = '/api/app/xieyi';

export const adminAgreementKeys = {
  all: ['platform', 'agreement'] as const,
  list: ['platform', 'agreement', 'list'] as const,
  detail: (id: number) => ['platform', 'agreement', 'detail', id] as const,
  signatures: ['platform', 'agreement', 'signatures'] as const,
};

export const getAgreementPage = (params: object) =>
  api.get<Page<Agreement>>(`${BASE}/findAllByPage`, params, { quiet: true });
export const getSignaturePage = (params: object) =>
  api.get<Page<Signature>>(`${BASE}/findQianshuByPage`, params, { quiet: true });

export const agreementDetailQuery = (id: number) =>
  queryOptions({
    queryKey: adminAgreementKeys.detail(id),
    queryFn: () =>
      api.get<Agreement & { versions: AgreementVersion[] }>(`${BASE}/findById/${id}`, undefined, { quiet: true }),
  });

export interface AgreementInput {
  type: AgreementType;
  title: string;
  mustSign: number;
  content: string;
}

export function useAgreementMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: adminAgreementKeys.all });
  return {
    add: useMutation({
      mutationFn: (v: AgreementInput) => api.post<{ id: number }>(`${BASE}/add`, v),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<AgreementInput> & { id: number }) => api.post(`${BASE}/edit`, v),
      onSuccess: done,
    }),
    publish: useMutation({
      mutationFn: (v: { id: number; remark?: string }) =>
        api.post<{ version: number; isNew: boolean }>(`${BASE}/fabu`, v),
      onSuccess: done,
    }),
    withdraw: useMutation({ mutationFn: (id: number) => api.post(`${BASE}/chehui`, { id }), onSuccess: done }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`${BASE}/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
