import type { Page } from '@jz/contracts/envelope';
import type { Feedback } from '@jz/contracts/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const feedbackKeys = { all: ['platform', 'feedback'] as const };
export const getFeedbackPage = (params: object) =>
  api.get<Page<Feedback>>('/api/app/fankui/findAllByPage', params, { quiet: true });

export function useFeedbackMutations() {
  const qc = useQueryClient();
  return {
    handle: useMutation({
      mutationFn: (v: { id: number; reply: string }) => api.post('/api/app/fankui/setState', { ...v, state: 1 }),
      onSuccess: () => qc.invalidateQueries({ queryKey: feedbackKeys.all }),
    }),
  };
}
