import type { ReviewPage } from '@jz/contracts/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const reviewKeys = { all: ['merchant', 'review'] as const };
export const getReviewPage = (params: object) =>
  api.get<ReviewPage>('/api/app/jiazheng/pinglun/findAllByPage', params, { quiet: true });

export function useReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; merchantReply: string }) => api.post('/api/app/jiazheng/pinglun/shangjiahuifu', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
