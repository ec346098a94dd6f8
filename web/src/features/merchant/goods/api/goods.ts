import type { Page } from '@jz/contracts/envelope';
import type { Goods } from '@jz/contracts/goods';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const BASE = '/api/app/jiazheng/shangjia/shangpin';

export const goodsKeys = {
  all: ['goods'] as const,
  list: ['goods', 'list'] as const,
  detail: (id: number) => ['goods', 'detail', id] as const,
};

export type GoodsDetail = Goods & {
  fuwuName: string | null;
  shopName: string;
  visibleToCustomers: boolean;
  invisibleReason: string | null;
  shopRating: number;
  orders: { active: number; completed: number; revenue: number };
  reviews: {
    count: number;
    average: number | null;
    distribution: { rating: number; count: number }[];
    unreplied: number;
    latest: GoodsReviewBrief[];
  };
};

export interface GoodsReviewBrief {
  id: number;
  customerNickname: string;
  rating: number;
  content: string;
  merchantReply: string | null;
  createdAt: string;
}

export const getGoodsPage = (params: object) =>
  api.get<Page<Goods>>(`${BASE}/shangjia/findAllByPage`, params, { quiet: true });

export const useGoodsDetail = (id: number | undefined) =>
  useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    enabled: !!id,
    queryFn: () => api.get<GoodsDetail>(`${BASE}/shangjia/findById/${id}`, undefined, { quiet: true }),
  });

export type GoodsInput = Pick<Goods, 'fuwuId' | 'name' | 'coverUrl' | 'price' | 'unit'> &
  Partial<
    Pick<
      Goods,
      'images' | 'originalPrice' | 'durationMinutes' | 'minQuantity' | 'tags' | 'intro' | 'sort' | 'shelfState'
    >
  >;

/** Goods mutations; each refreshes the lists and details of goods (and shop goods counts). */
export function useGoodsMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: goodsKeys.all }),
      qc.invalidateQueries({ queryKey: ['shop', 'list'] }),
    ]);
  return {
    add: useMutation({ mutationFn: (v: GoodsInput) => api.post<{ id: number }>(`${BASE}/add`, v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<GoodsInput> & { id: number }) => api.post(`${BASE}/edit`, v),
      onSuccess: done,
    }),
    shelf: useMutation({
      mutationFn: (v: { id: number; shelfState: number }) =>
        api.post(`${BASE}/setShangjiaState/${v.id}`, { shelfState: v.shelfState }),
      onSuccess: done,
    }),
    batchShelf: useMutation({
      mutationFn: (v: { ids: number[]; shelfState: number }) =>
        api.post<{ changed: number }>(`${BASE}/setPiliangShangjiaState/${v.ids.join(',')}`, {
          shelfState: v.shelfState,
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`${BASE}/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
