import { messageApi } from '@jz/contracts/api/message';
import type { QueryInputOf } from '@jz/contracts/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const broadcastKeys = {
  all: ['platform', 'broadcast'] as const,
  merchants: ['platform', 'broadcast', 'merchants'] as const,
};

export const getBroadcastPage = (query: QueryInputOf<typeof messageApi.broadcastPage>) =>
  callContract(messageApi.broadcastPage, { query }, { quiet: true });

export const merchantOptionsQuery = queryOptions({
  queryKey: broadcastKeys.merchants,
  queryFn: () => callContract(messageApi.merchantSelect, {}, { quiet: true }),
  staleTime: 60_000,
});

export function useSendBroadcast() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { title: string; content: string; merchantIds?: number[] }) =>
      callContract(
        messageApi.broadcast,
        {
          body: {
            title: v.title,
            content: v.content,
            // Comma-separated on the wire (the schema parses it into the array its type names).
            merchantIds: v.merchantIds?.join(',') as unknown as number[] | undefined,
          },
        },
        { silentSuccess: true },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
}
