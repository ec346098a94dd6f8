import type { Page } from '@jz/contracts/envelope';
import type { Licence } from '@jz/contracts/licence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const base = '/api/sys/licence';
export const licenceAuditKeys = { all: ['platform', 'licenceAudit'] as const };

export const getLicenceAuditPage = (params: object) =>
  api.get<Page<Licence>>(`${base}/findAllByPage`, params, { quiet: true });

export function useAuditLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; auditStatus: 1 | 2; auditReason?: string }) => api.post(`${base}/audit`, v),
    onSettled: () => qc.invalidateQueries({ queryKey: licenceAuditKeys.all }),
  });
}
