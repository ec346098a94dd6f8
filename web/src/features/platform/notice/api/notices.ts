import type { Page } from '@jz/contracts/envelope';
import type { Notice } from '@jz/contracts/notice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const noticeKeys = { all: ['platform', 'notice'] as const };
export const getNoticePage = (params: object) =>
  api.get<Page<Notice>>('/api/app/tongzhi/findAllByPage', params, { quiet: true });

export type NoticeInput = Pick<Notice, 'title' | 'content' | 'type' | 'status'> & { publishedAt?: string };

export function useNoticeMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: noticeKeys.all }),
      qc.invalidateQueries({ queryKey: ['notices', 'published'] }),
    ]);
  return {
    add: useMutation({ mutationFn: (v: NoticeInput) => api.post('/api/app/tongzhi/add', v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<NoticeInput> & { id: number }) => api.post('/api/app/tongzhi/edit', v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/tongzhi/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
