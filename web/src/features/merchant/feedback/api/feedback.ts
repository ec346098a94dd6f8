import type { Page } from '@jz/contracts/envelope';
import type { Feedback } from '@jz/contracts/feedback';
import type { Notice } from '@jz/contracts/notice';
import type { Qa } from '@jz/contracts/qa';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const myFeedbackKeys = { all: ['merchant', 'feedback'] as const };
export const getMyFeedbackPage = (params: object) =>
  api.get<Page<Feedback>>('/api/app/fankui/mine/findAllByPage', params, { quiet: true });

export interface FeedbackInput {
  type: string;
  content: string;
  images: string[];
  contact?: string;
}

export function useSendFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: FeedbackInput) => api.post('/api/app/fankui/add', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: myFeedbackKeys.all }),
  });
}

export type PublishedNotice = Pick<Notice, 'id' | 'title' | 'content' | 'type' | 'publishedAt'>;
export const usePublishedNotices = (pageNum: number) =>
  useQuery({
    queryKey: ['notices', 'published', pageNum],
    queryFn: () =>
      api.get<Page<PublishedNotice>>(
        '/api/app/tongzhi/published/findAllByPage',
        { pageNum, pageSize: 10 },
        { quiet: true },
      ),
  });

export const usePublishedQa = () =>
  useQuery({
    queryKey: ['qa', 'published'],
    queryFn: () => api.get<Qa[]>('/api/app/qa/published/findAllByList', undefined, { quiet: true }),
  });
