import { dictApi } from '@jz/contracts/api/dict';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const dictTypeKeys = { all: ['sys', 'dict', 'types'] as const, list: ['sys', 'dict', 'typeList'] as const };
export const dictDataKeys = { all: ['sys', 'dict', 'data'] as const };

export type DictTypeInput = BodyInputOf<typeof dictApi.addType>;
export type DictDataInput = BodyInputOf<typeof dictApi.addData>;

export const getDictTypePage = (query: QueryInputOf<typeof dictApi.typePage>) =>
  callContract(dictApi.typePage, { query }, { quiet: true });

export const getDictDataPage = (query: QueryInputOf<typeof dictApi.dataPage>) =>
  callContract(dictApi.dataPage, { query }, { quiet: true });

export const getDictTypeList = () => callContract(dictApi.typeList, {}, { quiet: true });

/** Enabled dictionary types, for the type picker of 字典数据. */
export const useDictTypeList = () => useQuery({ queryKey: dictTypeKeys.list, queryFn: getDictTypeList });

/** Each change refreshes its list and the dictionaries cached by `useDict` (key ['dict', type]). */
function useRefresh(key: readonly string[]) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: ['dict'] })]);
}

/** add / edit / delete of dictionary types (deleting one deletes its values). */
export function useDictTypeMutations() {
  const done = useRefresh(dictTypeKeys.all);
  return {
    add: useMutation({ mutationFn: (body: DictTypeInput) => callContract(dictApi.addType, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof dictApi.editType>) => callContract(dictApi.editType, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(dictApi.removeTypes, { params: { ids } }),
      onSuccess: done,
    }),
  };
}

/** add / edit / delete of one dictionary's values. */
export function useDictDataMutations() {
  const done = useRefresh(dictDataKeys.all);
  return {
    add: useMutation({ mutationFn: (body: DictDataInput) => callContract(dictApi.addData, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof dictApi.editData>) => callContract(dictApi.editData, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(dictApi.removeData, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
