import { logApi } from '@jz/contracts/api/log';
import type { QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const logKeys = { all: ['sys', 'log'] as const, titles: ['sys', 'log', 'titles'] as const };

export const getLogPage = (query: QueryInputOf<typeof logApi.page>) =>
  callContract(logApi.page, { query }, { quiet: true });
export const getLog = (id: number) => callContract(logApi.detail, { params: { id } }, { quiet: true });

/** The module titles logged so far, for the search form. */
export const useLogTitles = () =>
  useQuery({ queryKey: logKeys.titles, queryFn: () => callContract(logApi.titles, {}, { quiet: true }) });

export function useLogMutations() {
  const qc = useQueryClient();
  return {
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(logApi.remove, { params: { ids } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all }),
    }),
  };
}
