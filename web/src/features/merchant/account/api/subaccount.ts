import { subAccountApi } from '@jz/contracts/api/account';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { ShopScope } from '@jz/contracts/subaccount';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const subKeys = {
  all: ['merchant', 'subaccount'] as const,
  roles: ['merchant', 'subaccount', 'roles'] as const,
  detail: (id: number) => ['merchant', 'subaccount', 'detail', id] as const,
};

const quiet = { quiet: true };

export const getSubPage = (query: QueryInputOf<typeof subAccountApi.page>) =>
  callContract(subAccountApi.page, { query }, quiet);
export const useSubDetail = (id: number) =>
  useQuery({
    queryKey: subKeys.detail(id),
    queryFn: () => callContract(subAccountApi.detail, { query: { id } }, quiet),
    enabled: id > 0,
  });
export const useRoles = () =>
  useQuery({ queryKey: subKeys.roles, queryFn: () => callContract(subAccountApi.roles, {}, quiet) });
export const useSubShops = () =>
  useQuery({ queryKey: [...subKeys.all, 'shops'], queryFn: () => callContract(subAccountApi.shops, {}, quiet) });
export const useGrantTree = (enabled: boolean) =>
  useQuery({
    queryKey: [...subKeys.roles, 'tree'],
    queryFn: () => callContract(subAccountApi.grantTree, {}, quiet),
    enabled,
  });

/** The account form: `id` edits (name, role, shops), none adds (with phone and an optional password). */
export interface SubInput {
  id?: number;
  nickName: string;
  phone?: string;
  roleId: number;
  /** 'all' (every shop: only a holder of every shop may grant it) or the shops it is limited to. */
  shopIds: ShopScope;
  password?: string;
}

/** Sub-accounts: save (add or edit), status, password reset, delete; each change refreshes the lists. */
export function useSubAccountMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: subKeys.all });
  return {
    save: useMutation({
      mutationFn: async ({ id, phone, password, ...v }: SubInput) => {
        if (id) return callContract(subAccountApi.edit, { body: { id, ...v } });
        return callContract(subAccountApi.add, { body: { ...v, phone: phone ?? '', password } });
      },
      onSuccess: done,
    }),
    setStatus: useMutation({
      mutationFn: (body: BodyInputOf<typeof subAccountApi.setStatus>) =>
        callContract(subAccountApi.setStatus, { body }),
      onSuccess: done,
    }),
    rePassword: useMutation({
      mutationFn: (body: BodyInputOf<typeof subAccountApi.rePassword>) =>
        callContract(subAccountApi.rePassword, { body }),
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(subAccountApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}

/** The merchant's roles: save (add or edit) and delete. */
export function useMerchantRoleMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: subKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, ...v }: { id?: number; name: string; menuIds: number[]; remark?: string }) =>
        id
          ? callContract(subAccountApi.editRole, { body: { id, ...v } })
          : callContract(subAccountApi.addRole, { body: v }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callContract(subAccountApi.removeRoles, { params: { ids: [id] } }),
      onSuccess: done,
    }),
  };
}
