import { cardProductApi, cardSaleApi } from '@jz/contracts/api/card';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

export const cardKeys = {
  products: ['merchant', 'card', 'products'] as const,
  sales: ['merchant', 'card', 'sales'] as const,
  detail: (id: number) => ['merchant', 'card', 'sales', 'detail', id] as const,
  summary: ['merchant', 'card', 'sales', 'summary'] as const,
};

export const getCardProducts = (query: QueryInputOf<typeof cardProductApi.page>) =>
  callContract(cardProductApi.page, { query }, { quiet: true });
export const getCards = (query: QueryInputOf<typeof cardSaleApi.page>) =>
  callContract(cardSaleApi.page, { query }, { quiet: true });
export const exportCards = (filters: Omit<QueryInputOf<typeof cardSaleApi.export>, 'format'>) =>
  downloadContract(cardSaleApi.export, { query: { ...filters, format: 'xlsx' } }, '售卡记录.xlsx');

export const useCardDetail = (id: number | null) =>
  useQuery({
    queryKey: cardKeys.detail(id ?? 0),
    queryFn: () => callContract(cardSaleApi.detail, { params: { id: id as number } }, { quiet: true }),
    enabled: id !== null,
  });
export const useCardSummary = () =>
  useQuery({ queryKey: cardKeys.summary, queryFn: () => callContract(cardSaleApi.summary, {}, { quiet: true }) });

// The 售卡 dialog's own lookups (products on sale, clients) are in components/card-sale/sell-card-api.ts.

export type CardProductInput = BodyInputOf<typeof cardProductApi.add>;

export function useCardMutations() {
  const qc = useQueryClient();
  const products = () => qc.invalidateQueries({ queryKey: cardKeys.products });
  const sales = () => qc.invalidateQueries({ queryKey: cardKeys.sales });
  return {
    add: useMutation({
      mutationFn: (v: CardProductInput) => callContract(cardProductApi.add, { body: v }),
      onSuccess: products,
    }),
    edit: useMutation({
      mutationFn: (v: CardProductInput & { id: number }) => callContract(cardProductApi.edit, { body: v }),
      onSuccess: products,
    }),
    setOnSale: useMutation({
      mutationFn: (v: { id: number; onSale: number }) =>
        callContract(cardProductApi.setOnSale, { params: { id: v.id }, body: { onSale: v.onSale } }),
      onSuccess: products,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(cardProductApi.remove, { params: { ids } }),
      onSuccess: products,
    }),
    sell: useMutation({
      mutationFn: (v: BodyInputOf<typeof cardSaleApi.sell>) => callContract(cardSaleApi.sell, { body: v }),
      onSuccess: () => {
        void sales();
        void products();
      },
    }),
    refund: useMutation({
      mutationFn: (v: BodyInputOf<typeof cardSaleApi.refund>) => callContract(cardSaleApi.refund, { body: v }),
      onSuccess: sales,
    }),
  };
}
