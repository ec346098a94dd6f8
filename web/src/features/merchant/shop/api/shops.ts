import type { InitPc } from '@jz/contracts/auth';
import type { Page } from '@jz/contracts/envelope';
import type { ShopInfo, ShopSetting } from '@jz/contracts/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { initPcQuery } from '../../../../lib/queries.ts';

const BASE = '/api/app/jiazheng/shangjia/info';

export const shopKeys = {
  all: ['shop'] as const,
  list: ['shop', 'list'] as const,
  info: ['shop', 'info'] as const,
  setting: ['shop', 'setting'] as const,
  detail: (id: number) => ['shop', 'detail', id] as const,
};

export type ShopWithSetting = ShopInfo & { setting: ShopSetting };

/** search/findAllByPage: the merchant's own shops (filters: name, auditStatus, yingyeState, parentId, isMain). */
export const getShopPage = (params: object) =>
  api.get<Page<ShopInfo>>(`${BASE}/search/findAllByPage`, params, { quiet: true });

export const useCurrentShop = () =>
  useQuery({
    queryKey: shopKeys.info,
    queryFn: () => api.get<ShopInfo | null>(`${BASE}/findInfo`, undefined, { quiet: true }),
  });
export const useShopSetting = () =>
  useQuery({
    queryKey: shopKeys.setting,
    queryFn: () => api.get<ShopSetting | null>(`${BASE}/findDianpuShezhiInfo`, undefined, { quiet: true }),
  });
export const useShopDetail = (id: number | undefined) =>
  useQuery({
    queryKey: shopKeys.detail(id ?? 0),
    enabled: !!id,
    queryFn: () => api.get<ShopWithSetting>(`${BASE}/findById/${id}`, undefined, { quiet: true }),
  });

/** Form values as the API takes them: arrays travel as JSON strings (api-client does it). */
export type ShopInput = Partial<
  Omit<
    ShopInfo,
    | 'id'
    | 'merchantId'
    | 'parentId'
    | 'auditStatus'
    | 'auditRemark'
    | 'rating'
    | 'orderCount'
    | 'createdAt'
    | 'updatedAt'
    | 'yingyeState'
  >
> &
  Partial<Omit<ShopSetting, 'shopId'>>;

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
      mutationFn: (v: ShopInput & { name: string }) =>
        api.post<{ id: number; parentId: number | null }>(`${BASE}/add`, v),
      onSuccess: done,
    }),
    edit: useMutation({ mutationFn: (v: ShopInput & { id: number }) => api.post(`${BASE}/edit`, v), onSuccess: done }),
    setYingye: useMutation({
      mutationFn: (v: { id: number; yingyeState: number }) => api.post(`${BASE}/setYingyeState`, v),
      onSuccess: done,
    }),
    copy: useMutation({
      mutationFn: (v: { fromId: number; toId: number }) => api.post<{ copiedGoods: number }>(`${BASE}/fuzhi`, v),
      onSuccess: () => Promise.all([done(), qc.invalidateQueries({ queryKey: ['goods'] })]),
    }),
    /** Switching the current shop makes everything shop-scoped stale. */
    switchTo: useMutation({
      mutationFn: (id: number) => api.post<InitPc>(`${BASE}/setCurDianpu`, { id }),
      onSuccess: async (next) => {
        qc.setQueryData(initPcQuery.queryKey, next);
        await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'dict' });
      },
    }),
  };
}
