import type { Page } from '@jz/contracts/envelope';
import type { OplogRow } from '@jz/contracts/oplog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const logKeys = { all: ['sys', 'log'] as const, titles: ['sys', 'log', 'titles'] as const };

export const getLogPage = (params: object) =>
  api.get<Page<OplogRow>>('/api/sys/log/findAllByPage', params, { quiet: true });
export const getLog = (id: number) => api.get<OplogRow>(`/api/sys/log/findById/${id}`, undefined, { quiet: true });

/** The module titles logged so far, for the search form. */
export const useLogTitles = () =>
  useQuery({
    queryKey: logKeys.titles,
    queryFn: () => api.get<string[]>('/api/sys/log/findAllByList', undefined, { quiet: true }),
  });

export function useLogMutations() {
  const qc = useQueryClient();
  return {
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/sys/log/delByIds/${ids.join(',')}`),
      onSuccess: () => qc.invalidateQueries({ queryKey: logKeys.all }),
    }),
  };
}
