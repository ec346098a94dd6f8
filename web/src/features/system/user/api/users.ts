import { roleApi } from '@jz/contracts/api/role';
import type { Page } from '@jz/contracts/envelope';
import type { SysUser } from '@jz/contracts/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { callContract } from '../../../../lib/contract-client.ts';

export const userKeys = { all: ['sys', 'user'] as const, roles: ['sys', 'user', 'roleOptions'] as const };

export const getUserPage = (params: object) =>
  api.get<Page<SysUser>>('/api/sys/user/findAllByPage', params, { quiet: true });

export type { RoleOption } from '@jz/contracts/role';
/** Enabled platform roles for the user form. */
export const useRoleOptions = () =>
  useQuery({
    queryKey: userKeys.roles,
    queryFn: () => callContract(roleApi.list, {}, { quiet: true }),
  });

export interface UserInput {
  loginName: string;
  nickName: string;
  phone: string;
  roleIds: number[];
  status: number;
  password?: string;
}

/** add adds, edit edits (the original front end had them swapped); each invalidates the list. */
export function useUserMutations() {
  const qc = useQueryClient();
  // Role user counts change, and a user may edit its own roles: refresh those and this session's menus and buttons.
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: ['sys', 'role'] }),
      qc.invalidateQueries({ queryKey: ['session'] }),
    ]);
  return {
    add: useMutation({
      mutationFn: (v: UserInput) => api.post('/api/sys/user/add', { ...v, roleIds: v.roleIds.join(',') }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<UserInput> & { id: number }) =>
        api.post('/api/sys/user/edit', { ...v, roleIds: v.roleIds?.join(',') }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/sys/user/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
    rePassword: useMutation({
      mutationFn: (v: { id: number; password: string }) => api.post('/api/sys/user/rePassword', v),
      onSuccess: done,
    }),
  };
}
