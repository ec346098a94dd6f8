import { dictApi } from '@jz/contracts/api/dict';
import { genApi } from '@jz/contracts/api/gen';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { GenTable } from '@jz/contracts/gen';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

export const genKeys = { all: ['sys', 'gen'] as const, db: ['sys', 'gen', 'db'] as const };

export const getGenTablePage = (query: QueryInputOf<typeof genApi.page>) =>
  callContract(genApi.page, { query }, { quiet: true });
export const getDbTablePage = (query: QueryInputOf<typeof genApi.dbPage>) =>
  callContract(genApi.dbPage, { query }, { quiet: true });
export const getGenTable = (id: number) => callContract(genApi.detail, { params: { id } }, { quiet: true });
/** Preview and 生成代码 format every file with the project's formatter: on a busy server that takes longer than 10 s. */
const GEN_TIMEOUT = 60_000;

export const getPreview = (id: number) =>
  callContract(genApi.preview, { params: { id } }, { quiet: true, timeout: GEN_TIMEOUT });
export const getGenSettings = () => callContract(genApi.settings, {}, { quiet: true, silentError: true });
export const downloadCode = (t: GenTable) =>
  downloadContract(genApi.download, { params: { id: t.id } }, `${t.tableName}.zip`);

/** The dictionary types a column may render with (the column grid's picker). */
export const useDictTypeOptions = () =>
  useQuery({
    queryKey: ['sys', 'dict', 'types', 'list'],
    queryFn: () => callContract(dictApi.typeList, {}, { quiet: true }),
  });

export type GenTableEditInput = BodyInputOf<typeof genApi.edit>;

/** import / edit / delete / sync / generate; each invalidates the lists. */
export function useGenMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: genKeys.all });
  return {
    importTables: useMutation({
      mutationFn: (tables: string[]) => callContract(genApi.importTables, { body: { tables } }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (body: GenTableEditInput) => callContract(genApi.edit, { body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(genApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
    sync: useMutation({
      mutationFn: (id: number) => callContract(genApi.sync, { params: { id } }),
      onSuccess: done,
    }),
    generate: useMutation({
      // overwrite travels in the body (a POST sends no query): 1 replaces files that exist.
      mutationFn: (v: { id: number; overwrite?: boolean }) =>
        callContract(
          genApi.generate,
          { params: { id: v.id }, query: {}, body: { overwrite: v.overwrite ? 1 : 0 } },
          { silentError: !v.overwrite, timeout: GEN_TIMEOUT },
        ),
    }),
  };
}
