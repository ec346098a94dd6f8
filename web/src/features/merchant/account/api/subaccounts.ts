import type { Page } from '@jz/contracts/envelope';
import type { MenuOption } from '@jz/contracts/menu-admin';
import type { MerchantRole, ShopScope, SubAccount, SubAccountDetail } from '@jz/contracts/subaccount';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const base = '/api/merchant/subaccount';
export const subKeys = {
  all: ['merchant', 'subaccount'] as const,
  roles: ['merchant', 'subaccount', 'roles'] as const,
  detail: (id: number) => ['merchant', 'subaccount', 'detail', id] as const,
};

export const getSubPage = (params: object) =>
  api.get<Page<SubAccount>>(`${base}/findAllByPage`, params, { quiet: true });
export const useSubDetail = (id: number) =>
  useQuery({
    queryKey: subKeys.detail(id),
    queryFn: () => api.get<SubAccountDetail>(`${base}/detail`, { id }, { quiet: true }),
    enabled: id > 0,
  });
export const useRoles = () =>
  useQuery({
    queryKey: subKeys.roles,
    queryFn: () => api.get<MerchantRole[]>(`${base}/role/list`, {}, { quiet: true }),
  });
export const useSubShops = () =>
  useQuery({
    queryKey: [...subKeys.all, 'shops'],
    queryFn: () =>
      api.get<{ id: number; name: string; parentId: number | null }[]>(`${base}/shops`, {}, { quiet: true }),
  });
export const useGrantTree = (enabled: boolean) =>
  useQuery({
    queryKey: [...subKeys.roles, 'tree'],
    queryFn: () => api.get<MenuOption[]>(`${base}/role/menuTree`, {}, { quiet: true }),
    enabled,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: subKeys.all });
}

export interface SubInput {
  id?: number;
  nickName: string;
  phone?: string;
  roleId: number;
  /** 'all' (every shop: only a holder of every shop may grant it) or the shops it is limited to. */
  shopIds: ShopScope;
  password?: string;
}
export function useSaveSub() {
  const inv = useInvalidate();
  return useMutation({
    mutationFn: (v: SubInput) => api.post<{ id: number } | null>(`${base}/${v.id ? 'edit' : 'add'}`, v),
    onSuccess: inv,
  });
}
export function useSubStatus() {
  const inv = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number; status: number }) => api.post(`${base}/status`, v),
    onSuccess: inv,
  });
}
export function useSubRePassword() {
  return useMutation({ mutationFn: (v: { id: number; password: string }) => api.post(`${base}/rePassword`, v) });
}
export function useDeleteSubs() {
  const inv = useInvalidate();
  return useMutation({ mutationFn: (ids: number[]) => api.del(`${base}/delByIds/${ids.join(',')}`), onSuccess: inv });
}
export function useSaveRole() {
  const inv = useInvalidate();
  return useMutation({
    mutationFn: (v: { id?: number; name: string; menuIds: number[]; remark?: string }) =>
      api.post<{ id: number } | null>(`${base}/role/${v.id ? 'edit' : 'add'}`, v),
    onSuccess: inv,
  });
}
export function useDeleteRole() {
  const inv = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.del(`${base}/role/delByIds/${id}`), onSuccess: inv });
}
