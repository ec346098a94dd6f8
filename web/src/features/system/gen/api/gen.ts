import type { Page } from '@jz/contracts/envelope';
import type { DbTable, GenColumn, GenTable, GenTableDetail, GenTreeOptions } from '@jz/contracts/gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../../../lib/api-client.ts';

const base = '/api/app/gen/table';
export const genKeys = { all: ['sys', 'gen'] as const, db: ['sys', 'gen', 'db'] as const };

export const getGenTablePage = (params: object) =>
  api.get<Page<GenTable>>(`${base}/findAllByPage`, params, { quiet: true });
export const getDbTablePage = (params: object) =>
  api.get<Page<DbTable>>(`${base}/db/findAllByPage`, params, { quiet: true });
export const getGenTable = (id: number) =>
  api.get<GenTableDetail>(`${base}/findById/${id}`, undefined, { quiet: true });
export const getPreview = (id: number) =>
  api.get<Record<string, string>>(`${base}/preview/${id}`, undefined, { quiet: true });
export const getGenSettings = () =>
  api.get<{ writeEnabled: boolean }>(`${base}/settings`, undefined, { quiet: true, silentError: true });
export const downloadCode = (t: GenTable) => download(`${base}/download/${t.id}`, {}, `${t.tableName}.zip`);

export type GenTableEditInput = Pick<
  GenTable,
  'tableComment' | 'className' | 'moduleName' | 'businessName' | 'functionName' | 'parentMenuKey' | 'tplCategory'
> & { id: number; remark?: string | null; columns: GenColumn[]; options?: GenTreeOptions };

/** import / edit / delete / sync / generate; each invalidates the lists. */
export function useGenMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: genKeys.all });
  return {
    importTables: useMutation({
      mutationFn: (tables: string[]) =>
        api.post<{ ids: number[] }>(`${base}/importTable`, { tables: tables.join(',') }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: ({ columns, options, ...v }: GenTableEditInput) =>
        api.post(`${base}/edit`, {
          ...v,
          columns: JSON.stringify(columns),
          ...(options ? { options: JSON.stringify(options) } : {}),
        }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`${base}/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
    sync: useMutation({
      mutationFn: (id: number) => api.post<GenTableDetail>(`${base}/tongbuById/${id}`),
      onSuccess: done,
    }),
    generate: useMutation({
      mutationFn: (v: { id: number; overwrite?: boolean }) =>
        api.post<{ written: string[]; overwritten: string[] }>(
          `${base}/genCodeById/${v.id}`,
          { overwrite: v.overwrite ? 1 : 0 },
          { silentError: !v.overwrite },
        ),
    }),
  };
}
