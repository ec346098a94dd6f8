import type { DictData } from '@jz/contracts/dict';
import type { Page } from '@jz/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const dictDataKeys = { all: ['sys', 'dict', 'data'] as const };

export const getDictDataPage = (params: object) =>
  api.get<Page<DictData>>('/api/app/dict/data/findAllByPage', params, { quiet: true });

export type DictDataInput = Pick<DictData, 'dictType' | 'dictLabel' | 'dictValue' | 'sort' | 'status'> & {
  tagType?: string | null;
  remark?: string | null;
};

export function useDictDataMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: dictDataKeys.all }), qc.invalidateQueries({ queryKey: ['dict'] })]);
  return {
    add: useMutation({ mutationFn: (v: DictDataInput) => api.post('/api/app/dict/data/add', v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<DictDataInput> & { id: number }) => api.post('/api/app/dict/data/edit', v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/dict/data/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
