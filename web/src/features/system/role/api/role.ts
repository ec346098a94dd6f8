import { menuApi } from '@jz/contracts/api/menu';
import { roleApi } from '@jz/contracts/api/role';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { RoleScope } from '@jz/contracts/role';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const roleKeys = {
  all: ['sys', 'role'] as const,
  tree: (scope: RoleScope) => ['sys', 'role', 'menuTree', scope] as const,
};

export const getRolePage = (query: QueryInputOf<typeof roleApi.page>) =>
  callContract(roleApi.page, { query }, { quiet: true });

/** The checkbox tree of one scope: folders, pages and their buttons. */
export const useMenuTree = (scope: RoleScope, enabled: boolean) =>
  useQuery({
    queryKey: roleKeys.tree(scope),
    queryFn: () => callContract(menuApi.selectTree, { query: { scope, withButtons: true } }, { quiet: true }),
    enabled,
  });

export type RoleInput = BodyInputOf<typeof roleApi.add>;

export function useRoleMutations() {
  const qc = useQueryClient();
  // Role changes alter what users see: refresh the lists and this session's own menus and buttons.
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: roleKeys.all }),
      qc.invalidateQueries({ queryKey: ['sys', 'user'] }),
      qc.invalidateQueries({ queryKey: ['session'] }),
    ]);
  return {
    add: useMutation({ mutationFn: (body: RoleInput) => callContract(roleApi.add, { body }), onSuccess: done }),
    edit: useMutation({
      // The scope of a role never changes: the form's scope is not sent.
      mutationFn: ({ scope: _scope, ...body }: Partial<RoleInput> & { id: number }) =>
        callContract(roleApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(roleApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
