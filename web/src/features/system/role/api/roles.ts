import type { Page } from '@jz/contracts/envelope';
import type { MenuOption } from '@jz/contracts/menu-admin';
import type { RoleScope, SysRole } from '@jz/contracts/role';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const roleKeys = {
  all: ['sys', 'role'] as const,
  tree: (scope: RoleScope) => ['sys', 'role', 'menuTree', scope] as const,
};

export const getRolePage = (params: object) =>
  api.get<Page<SysRole>>('/api/sys/role/findAllByPage', params, { quiet: true });

/** The checkbox tree of one scope: folders, pages and their buttons. */
export const useMenuTree = (scope: RoleScope, enabled: boolean) =>
  useQuery({
    queryKey: roleKeys.tree(scope),
    queryFn: () =>
      api.get<MenuOption[]>('/api/sys/menu/findSelectByTree', { scope, withButtons: true }, { quiet: true }),
    enabled,
  });

export interface RoleInput {
  name: string;
  code: string;
  scope: RoleScope;
  menuIds: number[];
  status: number;
  sort: number;
  remark?: string;
}

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
    add: useMutation({
      mutationFn: (v: RoleInput) => api.post('/api/sys/role/add', { ...v, menuIds: v.menuIds.join(',') }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<RoleInput> & { id: number }) => {
        const { scope: _scope, ...rest } = v;
        return api.post('/api/sys/role/edit', { ...rest, menuIds: rest.menuIds?.join(',') });
      },
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/sys/role/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
