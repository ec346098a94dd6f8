import { qaApi } from '@jz/contracts/api/qa';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const qaKeys = { all: ['platform', 'qa'] as const };

export const getQaPage = (query: QueryInputOf<typeof qaApi.page>) =>
  callContract(qaApi.page, { query }, { quiet: true });

export type QaInput = BodyInputOf<typeof qaApi.add>;

/** Q&A mutations; each refreshes the platform's list. */
export function useQaMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: qaKeys.all });
  return {
    add: useMutation({ mutationFn: (body: QaInput) => callContract(qaApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof qaApi.edit>) => callContract(qaApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(qaApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
