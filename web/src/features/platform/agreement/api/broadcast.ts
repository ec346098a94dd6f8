import { messageApi } from '@jz/contracts/api/message';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
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

export function useBroadcastMutations() {
  const qc = useQueryClient();
  return {
    send: useMutation({
      mutationFn: (body: BodyInputOf<typeof messageApi.broadcast>) =>
        callContract(messageApi.broadcast, { body }, { silentSuccess: true }),
      onSuccess: () => qc.invalidateQueries({ queryKey: broadcastKeys.all }),
    }),
  };
}
