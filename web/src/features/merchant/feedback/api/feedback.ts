import { feedbackApi } from '@jz/contracts/api/feedback';
import { noticeApi } from '@jz/contracts/api/notice';
import { qaApi } from '@jz/contracts/api/qa';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export type { PublishedNotice } from '@jz/contracts/notice';

export const myFeedbackKeys = { all: ['merchant', 'feedback'] as const };

export const getMyFeedbackPage = (query: QueryInputOf<typeof feedbackApi.minePage>) =>
  callContract(feedbackApi.minePage, { query }, { quiet: true });

export type FeedbackInput = BodyInputOf<typeof feedbackApi.add>;

export function useMyFeedbackMutations() {
  const qc = useQueryClient();
  return {
    send: useMutation({
      mutationFn: (body: FeedbackInput) => callContract(feedbackApi.add, { body }),
      onSuccess: () => qc.invalidateQueries({ queryKey: myFeedbackKeys.all }),
    }),
  };
}

/** The platform's published notices, newest first (the landing page's card and the 公告 tab). */
export const usePublishedNotices = (pageNum: number) =>
  useQuery({
    queryKey: ['notices', 'published', pageNum],
    queryFn: () => callContract(noticeApi.publishedPage, { query: { pageNum, pageSize: 10 } }, { quiet: true }),
  });

export const usePublishedQa = () =>
  useQuery({
    queryKey: ['qa', 'published'],
    queryFn: () => callContract(qaApi.publishedList, {}, { quiet: true }),
  });
