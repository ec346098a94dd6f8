import type { Page } from '@jz/contracts/envelope';
import type { Broadcast } from '@jz/contracts/message';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const BASE = '/api/app/xiaoxi';

export const broadcastKeys = {
  all: ['platform', 'broadcast'] as const,
  merchants: ['platform', 'broadcast', 'merchants'] as const,
};

export const getBroadcastPage = (params: object) =>
  api.get<Page<Broadcast>>(`${BASE}/findAllByPage`, params, { quiet: true });

export const merchantOptionsQuery = queryOptions({
  queryKey: broadcastKeys.merchants,
  queryFn: () => api.get<{ id: number; name: string }[]>(`${BASE}/findShangjiaSelect`, undefined, { quiet: true }),
  staleTime: 60_000,
});

export function useSendBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { title: string; content: string; merchantIds?: number[] }) =>
      api.post<{ id: number; recipientCount: number }>(
        `${BASE}/add`,
        {
          title: v.title,
          content: v.content,
          merchantIds: v.merchantIds?.join(','),
        },
        { silentSuccess: true },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}
