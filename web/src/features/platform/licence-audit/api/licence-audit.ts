import { licenceApi } from '@jz/contracts/api/licence';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const licenceAuditKeys = { all: ['platform', 'licenceAudit'] as const };

export const getLicenceAuditPage = (query: QueryInputOf<typeof licenceApi.auditPage>) =>
  callContract(licenceApi.auditPage, { query }, { quiet: true });

export function useLicenceAuditMutations() {
  const qc = useQueryClient();
  return {
    audit: useMutation({
      mutationFn: (body: BodyInputOf<typeof licenceApi.audit>) => callContract(licenceApi.audit, { body }),
      onSettled: () => qc.invalidateQueries({ queryKey: licenceAuditKeys.all }),
    }),
  };
}
