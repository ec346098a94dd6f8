import { noticeApi } from '@jz/contracts/api/notice';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const noticeKeys = { all: ['platform', 'notice'] as const };

export const getNoticePage = (query: QueryInputOf<typeof noticeApi.page>) =>
  callContract(noticeApi.page, { query }, { quiet: true });

export type NoticeInput = BodyInputOf<typeof noticeApi.add>;

/** Notice mutations; each refreshes the platform's list and the merchants' published notices. */
export function useNoticeMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: noticeKeys.all }),
      qc.invalidateQueries({ queryKey: ['notices', 'published'] }),
    ]);
  return {
    add: useMutation({ mutationFn: (body: NoticeInput) => callContract(noticeApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof noticeApi.edit>) => callContract(noticeApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(noticeApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
