import { orderApi } from '@jz/contracts/api/order';
import { reviewApi } from '@jz/contracts/api/review';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const reviewKeys = { all: ['merchant', 'review'] as const };

export const getReviewPage = (query: QueryInputOf<typeof reviewApi.page>) =>
  callContract(reviewApi.page, { query }, { quiet: true });

export function useReviewMutations() {
  const qc = useQueryClient();
  return {
    reply: useMutation({
      mutationFn: (body: BodyInputOf<typeof reviewApi.reply>) => callContract(reviewApi.reply, { body }),
      onSuccess: () => qc.invalidateQueries({ queryKey: reviewKeys.all }),
    }),
  };
}

/** The employees and goods of the caller's shops, for the 商品 / 服务人员 filters (the order filter-options call). */
export const useFilterOptions = () =>
  useQuery({
    queryKey: ['merchant', 'order', 'filter-options'],
    queryFn: () => callContract(orderApi.filterOptions, {}, { quiet: true, silentError: true }),
    staleTime: 60_000,
  });
