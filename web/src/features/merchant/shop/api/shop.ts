import { shopApi } from '@jz/contracts/api/shop';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';
import { initPcQuery } from '../../../../lib/queries.ts';

export const shopKeys = {
  all: ['shop'] as const,
  list: ['shop', 'list'] as const,
  info: ['shop', 'info'] as const,
  setting: ['shop', 'setting'] as const,
  detail: (id: number) => ['shop', 'detail', id] as const,
};

export type { ShopWithSetting } from '@jz/contracts/shop';

/** search/findAllByPage: the merchant's own shops (filters: name, auditStatus, yingyeState, parentId, isMain). */
export const getShopPage = (query: QueryInputOf<typeof shopApi.search>) =>
  callContract(shopApi.search, { query }, { quiet: true });

export const useCurrentShop = () =>
  useQuery({ queryKey: shopKeys.info, queryFn: () => callContract(shopApi.current, {}, { quiet: true }) });
export const useShopSetting = () =>
  useQuery({ queryKey: shopKeys.setting, queryFn: () => callContract(shopApi.setting, {}, { quiet: true }) });
export const useShopDetail = (id: number | undefined) =>
  useQuery({
    queryKey: shopKeys.detail(id ?? 0),
    enabled: !!id,
    queryFn: () => callContract(shopApi.detail, { params: { id: id! } }, { quiet: true }),
  });

/** Form values as the API takes them: arrays travel as JSON strings (api-client does it). */
export type ShopInput = Omit<BodyInputOf<typeof shopApi.edit>, 'id'>;

/** Every shop mutation refreshes the shop lists, the current shop and the session's shop init (header, landing). */
export function useShopMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: shopKeys.all }),
      qc.invalidateQueries({ queryKey: initPcQuery.queryKey }),
    ]);
  return {
    add: useMutation({
      mutationFn: (body: ShopInput & { name: string }) => callContract(shopApi.add, { body }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (body: ShopInput & { id: number }) => callContract(shopApi.edit, { body }),
      onSuccess: done,
    }),
    setOpen: useMutation({
      mutationFn: (body: { id: number; yingyeState: number }) => callContract(shopApi.setOpen, { body }),
      onSuccess: done,
    }),
    copy: useMutation({
      mutationFn: (body: { fromId: number; toId: number }) => callContract(shopApi.copy, { body }),
      onSuccess: () => Promise.all([done(), qc.invalidateQueries({ queryKey: ['goods'] })]),
    }),
    /** Switching the current shop makes everything shop-scoped stale. */
    switchTo: useMutation({
      mutationFn: (id: number) => callContract(shopApi.setCurrent, { body: { id } }),
      onSuccess: async (next) => {
        qc.setQueryData(initPcQuery.queryKey, next);
        await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'dict' });
      },
    }),
  };
}
