import { roleApi } from '@jz/contracts/api/role';
import { userApi } from '@jz/contracts/api/user';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const userKeys = { all: ['sys', 'user'] as const, roles: ['sys', 'user', 'roleOptions'] as const };

export const getUserPage = (query: QueryInputOf<typeof userApi.page>) =>
  callContract(userApi.page, { query }, { quiet: true });

export type { RoleOption } from '@jz/contracts/role';
/** Enabled platform roles for the user form. */
export const useRoleOptions = () =>
  useQuery({
    queryKey: userKeys.roles,
    queryFn: () => callContract(roleApi.list, {}, { quiet: true }),
  });

/** What the user form edits (the status defaults to enabled on the server when not sent). */
export type UserInput = BodyInputOf<typeof userApi.add>;

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
    add: useMutation({ mutationFn: (body: UserInput) => callContract(userApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (body: BodyInputOf<typeof userApi.edit>) => callContract(userApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(userApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
    rePassword: useMutation({
      mutationFn: (body: BodyInputOf<typeof userApi.rePassword>) => callContract(userApi.rePassword, { body }),
      onSuccess: done,
    }),
  };
}
