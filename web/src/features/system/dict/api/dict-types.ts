import type { DictType } from '@jz/contracts/dict';
import type { Page } from '@jz/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const dictTypeKeys = { all: ['sys', 'dict', 'types'] as const };

export const getDictTypePage = (params: object) =>
  api.get<Page<DictType>>('/api/app/dict/findAllByPage', params, { quiet: true });
export const getDictTypeList = () => api.get<DictType[]>('/api/app/dict/findAllByList', undefined, { quiet: true });

export type DictTypeInput = Pick<DictType, 'name' | 'type' | 'status'> & { remark?: string | null };

/** add / edit / delete of dictionary types; each invalidates the list and the cached dictionaries. */
export function useDictTypeMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: dictTypeKeys.all }), qc.invalidateQueries({ queryKey: ['dict'] })]);
  return {
    add: useMutation({ mutationFn: (v: DictTypeInput) => api.post('/api/app/dict/add', v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<DictTypeInput> & { id: number }) => api.post('/api/app/dict/edit', v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/dict/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
