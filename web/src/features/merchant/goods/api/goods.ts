import { fuwuApi } from '@jz/contracts/api/fuwu';
import { goodsApi } from '@jz/contracts/api/goods';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const goodsKeys = {
  all: ['goods'] as const,
  list: ['goods', 'list'] as const,
  detail: (id: number) => ['goods', 'detail', id] as const,
};

/**
 * The current shop's categories, the goods form's and filter's choices (shangjia/fuwu/findSelect); keyed under 'shop'
 * so a shop switch or a shop edit (which invalidates ['shop']) refreshes it.
 */
export const useShopServiceCategories = () =>
  useQuery({
    queryKey: ['shop', 'fuwu'],
    queryFn: () => callContract(fuwuApi.shopSelect, {}, { quiet: true }),
  });

export type GoodsInput = BodyInputOf<typeof goodsApi.add>;

export const getGoodsPage = (query: QueryInputOf<typeof goodsApi.page>) =>
  callContract(goodsApi.page, { query }, { quiet: true });

export const useGoodsDetail = (id: number | undefined) =>
  useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    enabled: !!id,
    queryFn: () => callContract(goodsApi.detail, { params: { id: id! } }, { quiet: true }),
  });

/** Goods mutations; each refreshes the lists and details of goods (and shop goods counts). */
export function useGoodsMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: goodsKeys.all }),
      qc.invalidateQueries({ queryKey: ['shop', 'list'] }),
    ]);
  return {
    // The form shows a refusal itself, at the field it names (lib/form-errors.ts showSaveRefusal).
    add: useMutation({
      mutationFn: (body: GoodsInput) => callContract(goodsApi.add, { body }, { silentError: true }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof goodsApi.edit>) =>
        callContract(goodsApi.edit, { body }, { silentError: true }),
      onSuccess: done,
    }),
    shelf: useMutation({
      mutationFn: (v: { id: number; shelfState: number }) =>
        callContract(goodsApi.setShelf, { params: { id: v.id }, body: { shelfState: v.shelfState } }),
      onSuccess: done,
    }),
    batchShelf: useMutation({
      mutationFn: (v: { ids: number[]; shelfState: number }) =>
        callContract(goodsApi.setShelfBatch, { params: { ids: v.ids }, body: { shelfState: v.shelfState } }),
      onSuccess: done,
    }),
    // 批量改价 (docs/goods-specifications.md §6): the preview writes nothing; the dialog shows its own refusals.
    pricePreview: useMutation({
      mutationFn: (body: BodyInputOf<typeof goodsApi.priceChangePreview>) =>
        callContract(goodsApi.priceChangePreview, { body }, { silentSuccess: true }),
    }),
    priceConfirm: useMutation({
      mutationFn: (body: BodyInputOf<typeof goodsApi.priceChangeConfirm>) =>
        callContract(goodsApi.priceChangeConfirm, { body }, { silentSuccess: true }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(goodsApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
