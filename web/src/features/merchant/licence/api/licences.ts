import type { Page } from '@jz/contracts/envelope';
import type { Licence, LicenceExpiring } from '@jz/contracts/licence';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const base = '/api/merchant/licence';
export const licenceKeys = {
  all: ['merchant', 'licence'] as const,
  expiring: ['merchant', 'licence', 'expiring'] as const,
};

export interface LicenceInput {
  id?: number;
  kind: string;
  name?: string;
  number: string;
  imageUrl: string;
  validFrom?: string;
  validTo?: string;
}

export const getLicencePage = (params: object) =>
  api.get<Page<Licence>>(`${base}/findAllByPage`, params, { quiet: true });

/** The landing page's reminder: asked only when the user holds 我的证照 (the server refuses everyone else). */
export const useExpiringLicences = (enabled = true) =>
  useQuery({
    queryKey: licenceKeys.expiring,
    queryFn: () => api.get<LicenceExpiring>(`${base}/expiring`, {}, { quiet: true, silentError: true }),
    staleTime: 60_000,
    enabled,
  });

export function useSaveLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: LicenceInput) => api.post(`${base}/${v.id ? 'edit' : 'add'}`, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: licenceKeys.all }),
  });
}

export function useDeleteLicences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.del(`${base}/delByIds/${ids.join(',')}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: licenceKeys.all }),
  });
}
