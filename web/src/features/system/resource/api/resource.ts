import { resourceApi } from '@jz/contracts/api/resource';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const resourceKeys = { all: ['sys', 'resource'] as const };

export const getResourcePage = (query: QueryInputOf<typeof resourceApi.page>) =>
  callContract(resourceApi.page, { query }, { quiet: true });

/** add (an https link) / rename / delete (the files go too); each refreshes the list. */
export function useResourceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: resourceKeys.all });
  return {
    refresh: done,
    addLink: useMutation({
      mutationFn: (body: BodyInputOf<typeof resourceApi.add>) => callContract(resourceApi.add, { body }),
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: (body: BodyInputOf<typeof resourceApi.edit>) => callContract(resourceApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(resourceApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
