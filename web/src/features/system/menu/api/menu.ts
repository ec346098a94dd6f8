import { menuApi } from '@jz/contracts/api/menu';
import type { QueryInputOf } from '@jz/contracts/contract';
import type { MenuRow } from '@jz/contracts/menu-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const menuKeys = { all: ['sys', 'menu'] as const };

export type MenuFilter = QueryInputOf<typeof menuApi.tree>;

export const useMenuTreeAll = (filter: MenuFilter) =>
  useQuery({
    queryKey: [...menuKeys.all, filter],
    queryFn: () => callContract(menuApi.tree, { query: filter }, { quiet: true }),
  });

/** What the menu form edits: a row's own fields (null = empty). */
export type MenuInput = Omit<MenuRow, 'id' | 'children' | 'builtIn' | 'createdAt'>;

/**
 * The form body leaves nulls out, so a cleared field travels as '' (the menu schemas read '' as "none"; an edit that
 * left the field out would keep the old value).
 */
const blankNulls = <T extends object>(v: T) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])) as { [K in keyof T]: Exclude<T[K], null> };

export function useMenuMutations() {
  const qc = useQueryClient();
  // A menu change shows in sidebars on their next load; this session's own sidebar reloads now.
  const done = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: menuKeys.all }),
      qc.invalidateQueries({ queryKey: ['sys', 'role'] }),
      qc.invalidateQueries({ queryKey: ['session'] }),
    ]);
  return {
    add: useMutation({
      mutationFn: (v: MenuInput) => callContract(menuApi.add, { body: blankNulls(v) }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<MenuInput> & { id: number }) => callContract(menuApi.edit, { body: blankNulls(v) }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(menuApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
