import { feedbackApi } from '@jz/contracts/api/feedback';
import type { QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const feedbackKeys = { all: ['platform', 'feedback'] as const };

export const getFeedbackPage = (query: QueryInputOf<typeof feedbackApi.page>) =>
  callContract(feedbackApi.page, { query }, { quiet: true });

export function useFeedbackMutations() {
  const qc = useQueryClient();
  return {
    handle: useMutation({
      mutationFn: (v: { id: number; reply: string }) => callContract(feedbackApi.handle, { body: { ...v, state: 1 } }),
      onSuccess: () => qc.invalidateQueries({ queryKey: feedbackKeys.all }),
    }),
  };
}
