import { licenceApi } from '@jz/contracts/api/licence';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const licenceKeys = {
  all: ['merchant', 'licence'] as const,
  expiring: ['merchant', 'licence', 'expiring'] as const,
};

/** The form's values: with an id it edits, without it adds. */
export type LicenceInput = BodyInputOf<typeof licenceApi.add> & { id?: number };

export const getLicencePage = (query: QueryInputOf<typeof licenceApi.page>) =>
  callContract(licenceApi.page, { query }, { quiet: true });

/** The landing page's reminder: asked only when the user holds 我的证照 (the server refuses everyone else). */
export const useExpiringLicences = (enabled = true) =>
  useQuery({
    queryKey: licenceKeys.expiring,
    queryFn: () => callContract(licenceApi.expiring, {}, { quiet: true, silentError: true }),
    staleTime: 60_000,
    enabled,
  });

/** Save (add or edit) and delete; each refreshes the list and the reminder. */
export function useLicenceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: licenceKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, ...v }: LicenceInput) =>
        id ? callContract(licenceApi.edit, { body: { ...v, id } }) : callContract(licenceApi.add, { body: v }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(licenceApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
