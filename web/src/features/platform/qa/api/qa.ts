import type { Page } from '@jz/contracts/envelope';
import type { Qa } from '@jz/contracts/qa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const qaKeys = { all: ['platform', 'qa'] as const };
export const getQaPage = (params: object) => api.get<Page<Qa>>('/api/app/qa/findAllByPage', params, { quiet: true });

export type QaInput = Pick<Qa, 'question' | 'answer' | 'category' | 'sort' | 'status'>;

export function useQaMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: qaKeys.all });
  return {
    add: useMutation({ mutationFn: (v: QaInput) => api.post('/api/app/qa/add', v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<QaInput> & { id: number }) => api.post('/api/app/qa/edit', v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/qa/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
