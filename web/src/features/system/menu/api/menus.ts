import type { MenuScope } from '@jz/contracts/menu';
import type { MenuRow } from '@jz/contracts/menu-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const menuKeys = { all: ['sys', 'menu'] as const };

export interface MenuFilter {
  name?: string;
  status?: number;
  scope?: MenuScope;
}

export const useMenuTreeAll = (filter: MenuFilter) =>
  useQuery({
    queryKey: [...menuKeys.all, filter],
    queryFn: () => api.get<MenuRow[]>('/api/sys/menu/findAllByTree', filter, { quiet: true }),
  });

export type MenuInput = Omit<MenuRow, 'id' | 'children' | 'builtIn' | 'createdAt'>;

export function useMenuMutations() {
  const qc = useQueryClient();
  // A menu change shows in sidebars on their next load; this session's own sidebar reloads now.
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: menuKeys.all }),
      qc.invalidateQueries({ queryKey: ['sys', 'role'] }),
      qc.invalidateQueries({ queryKey: ['session'] }),
    ]);
  const form = (v: Partial<MenuInput>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? '']));
  return {
    add: useMutation({
      mutationFn: (v: MenuInput) => api.post<{ id: number }>('/api/sys/menu/add', form(v)),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<MenuInput> & { id: number }) => api.post('/api/sys/menu/edit', form(v)),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/sys/menu/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
