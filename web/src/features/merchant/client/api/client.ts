import { cardSaleApi } from '@jz/contracts/api/card';
import { clientApi } from '@jz/contracts/api/client';
import { employeeApi } from '@jz/contracts/api/employee';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

/** Root of every client (客户档案) query key: mutations invalidate it. */
export const clientKeys = {
  all: ['merchant', 'client'] as const,
  detail: (id: number) => ['merchant', 'client', 'detail', id] as const,
  orders: (id: number, page: number) => ['merchant', 'client', 'orders', id, page] as const,
  reviews: (id: number, page: number) => ['merchant', 'client', 'reviews', id, page] as const,
};

export const getClientPage = (query: QueryInputOf<typeof clientApi.page>) =>
  callContract(clientApi.page, { query }, { quiet: true });

export const exportClients = (filters: Omit<BodyInputOf<typeof clientApi.export>, 'format'>) =>
  downloadContract(clientApi.export, { body: { ...filters, format: 'xlsx' } }, '客户.xlsx');

export const clientQuery = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => callContract(clientApi.detail, { params: { id } }, { quiet: true }),
    enabled: id > 0,
  });
export const useClient = (id: number) => useQuery(clientQuery(id));

export const useClientOrders = (id: number, pageNum: number) =>
  useQuery({
    queryKey: clientKeys.orders(id, pageNum),
    queryFn: () => callContract(clientApi.orders, { query: { id, pageNum, pageSize: 10 } }, { quiet: true }),
    enabled: id > 0,
  });

export const useClientReviews = (id: number, pageNum: number) =>
  useQuery({
    queryKey: clientKeys.reviews(id, pageNum),
    queryFn: () => callContract(clientApi.reviews, { query: { id, pageNum, pageSize: 10 } }, { quiet: true }),
    enabled: id > 0,
  });

export type ClientInput = BodyInputOf<typeof clientApi.add>;
export type AddressInput = Omit<BodyInputOf<typeof clientApi.addAddress>, 'clientId'>;

/** Every write invalidates the list and the details. */
export function useClientMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: clientKeys.all });
  return {
    add: useMutation({ mutationFn: (body: ClientInput) => callContract(clientApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof clientApi.edit>) => callContract(clientApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callContract(clientApi.remove, { params: { id } }),
      onSuccess: done,
    }),
    addAddress: useMutation({
      mutationFn: (body: BodyInputOf<typeof clientApi.addAddress>) => callContract(clientApi.addAddress, { body }),
      onSuccess: done,
    }),
    editAddress: useMutation({
      mutationFn: (body: BodyInputOf<typeof clientApi.editAddress>) => callContract(clientApi.editAddress, { body }),
      onSuccess: done,
    }),
    removeAddress: useMutation({
      mutationFn: (id: number) => callContract(clientApi.removeAddress, { params: { id } }),
      onSuccess: done,
    }),
    addNote: useMutation({
      mutationFn: (body: BodyInputOf<typeof clientApi.addNote>) => callContract(clientApi.addNote, { body }),
      onSuccess: done,
    }),
    setPrefs: useMutation({
      mutationFn: (body: { clientId: number; preferred: number[]; blocked: number[] }) =>
        callContract(clientApi.setPrefs, { body }),
      onSuccess: done,
    }),
  };
}

/** The card pages' query keys start with this: a sale here refreshes 售卡记录 and its figures too. */
const CARD_ROOT = ['merchant', 'card'] as const;

/** The client's cards (售卡记录 filtered to it: the caller's shops), newest first. */
export const useClientCards = (clientId: number, pageNum: number) =>
  useQuery({
    queryKey: [...CARD_ROOT, 'sales', 'client', clientId, pageNum],
    queryFn: () => callContract(cardSaleApi.page, { query: { clientId, pageNum, pageSize: 10 } }, { quiet: true }),
    enabled: clientId > 0,
  });

/** 售卡（线下收款） from the client's page: refreshes its cards, the card pages and the client's balances. */
export function useSellCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof cardSaleApi.sell>) => callContract(cardSaleApi.sell, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: CARD_ROOT });
      void qc.invalidateQueries({ queryKey: clientKeys.all });
    },
  });
}

/** The merchant's employees (not resigned, every shop the caller sees), for 偏好员工 / 不派员工. */
export const useEmployeeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'client', 'employee-options'],
    queryFn: () => callContract(employeeApi.list, { query: { shopId: 'all' } }, { quiet: true }),
    enabled,
  });
