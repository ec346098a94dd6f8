import type { DbTable, GenColumn, GenTable, GenTableDetail } from '@jz/contracts/gen';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import { assertColumnNames } from './gen.names.ts';
import './gen.tables.ts';
import { columnDefaults, isDenied, kebab, type LiveTable, liveTables, pascal } from './introspect.ts';

type Filter = { tableName?: string; tableComment?: string; pageNum: number; pageSize: number };

export function pageTables(db: DB, f: Filter) {
  let q = db.selectFrom('genTable');
  if (f.tableName) q = q.where('tableName', 'like', likeContains(f.tableName));
  if (f.tableComment) q = q.where('tableComment', 'like', likeContains(f.tableComment));
  return paginate(q, (b) => b.selectAll().orderBy('id', 'desc'), f) as Promise<{ records: GenTable[]; total: number }>;
}

export const listTables = (db: DB) =>
  db.selectFrom('genTable').selectAll().orderBy('id', 'desc').execute() as Promise<GenTable[]>;

/** Live tables not imported yet, minus the product's own; filtered by name and comment, paged in memory. */
export async function pageDbTables(db: DB, own: Set<string>, f: Filter) {
  const imported = new Set((await db.selectFrom('genTable').select('tableName').execute()).map((r) => r.tableName));
  const all: DbTable[] = (await liveTables(db))
    .filter((t) => !imported.has(t.name) && !isDenied(t.name, own))
    .filter((t) => !f.tableName || t.name.toLowerCase().includes(f.tableName.toLowerCase()))
    .filter((t) => !f.tableComment || t.comment.toLowerCase().includes(f.tableComment.toLowerCase()))
    .map((t) => ({ tableName: t.name, tableComment: t.comment }))
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
  const start = (f.pageNum - 1) * f.pageSize;
  return { records: all.slice(start, start + f.pageSize), total: all.length };
}

export async function findTable(db: DB, id: number): Promise<GenTableDetail> {
  const t = await db.selectFrom('genTable').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound('生成表不存在');
  return { ...(t as GenTable), columns: await columnsOf(db, id) };
}

export const columnsOf = (db: DB, tableId: number) =>
  db
    .selectFrom('genTableColumn')
    .selectAll()
    .where('tableId', '=', tableId)
    .orderBy('sort')
    .orderBy('id')
    .execute() as Promise<GenColumn[]>;

function tableDefaults(t: LiveTable) {
  const comment = t.comment && t.comment !== t.name ? t.comment : t.name;
  return {
    tableName: t.name,
    tableComment: comment,
    className: pascal(t.name),
    moduleName: 'system',
    businessName: kebab(t.name),
    functionName: comment.replace(/表$/, '').slice(0, 30),
    parentMenuKey: 'sys',
    tplCategory: 'crud',
    options: '{}',
    remark: null,
  };
}

/** Imports live tables by name: one gen table and its columns each, with the defaults. All or nothing. */
export async function importTables(
  db: DB,
  own: Set<string>,
  names: string[],
  overrides: Partial<ReturnType<typeof tableDefaults>> = {},
) {
  const live = new Map((await liveTables(db)).map((t) => [t.name, t]));
  const tables = names.map((n) => {
    const t = live.get(n);
    if (!t || isDenied(n, own)) throw notFound(`数据库中没有可导入的表「${n}」`);
    assertColumnNames(t);
    return t;
  });
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const t of tables) {
      if (await trx.selectFrom('genTable').select('id').where('tableName', '=', t.name).executeTakeFirst())
        throw business(`表「${t.name}」已导入`);
      const now = nowIso();
      const { id } = await trx
        .insertInto('genTable')
        .values({ ...tableDefaults(t), ...overrides, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (t.columns.length)
        await trx
          .insertInto('genTableColumn')
          .values(
            t.columns.map((c, i) => ({ ...columnDefaults(c, i + 1), tableId: id, createdAt: now, updatedAt: now })),
          )
          .execute();
      ids.push(id);
    }
    return ids;
  });
}

type TableValues = {
  tableComment: string;
  className: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  parentMenuKey: string;
  tplCategory: string;
  remark?: string | null;
  /** JSON: the tree template's options. */
  options?: string;
};
type ColumnValues = Omit<GenColumn, 'tableId' | 'columnName' | 'columnType' | 'isPk'>;

export async function editTable(db: DB, id: number, v: TableValues, columns?: ColumnValues[]) {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('genTable')
      .set({ ...v, updatedAt: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound('生成表不存在');
    for (const c of columns ?? []) {
      const { id: columnId, ...rest } = c;
      const u = await trx
        .updateTable('genTableColumn')
        .set({ ...rest, updatedAt: nowIso() })
        .where('id', '=', columnId)
        .where('tableId', '=', id)
        .executeTakeFirst();
      if (Number(u.numUpdatedRows) === 0) throw notFound('字段不存在');
    }
  });
}

export async function deleteTables(db: DB, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('genTableColumn').where('tableId', 'in', ids).execute();
    const r = await trx.deleteFrom('genTable').where('id', 'in', ids).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound('生成表不存在');
  });
}

/**
 * Synchronises the columns with the live table: keeps the user's settings of columns that still exist (the database
 * type follows the table), adds new columns with defaults, removes dropped ones. A vanished table is a 2004.
 */
export async function syncTable(db: DB, id: number) {
  const t = await findTable(db, id);
  const live = (await liveTables(db)).find((x) => x.name === t.tableName);
  if (!live) throw business(`表「${t.tableName}」已不存在于数据库中，无法同步`);
  assertColumnNames(live);
  const have = new Map(t.columns.map((c) => [c.columnName, c]));
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const keep = new Set<string>();
    for (const [i, c] of live.columns.entries()) {
      keep.add(c.name);
      const d = columnDefaults(c, i + 1);
      const old = have.get(c.name);
      if (old) {
        const typeChanged = old.columnType !== d.columnType;
        await trx
          .updateTable('genTableColumn')
          .set({
            columnType: d.columnType,
            isPk: d.isPk,
            sort: i + 1,
            ...(typeChanged ? { tsType: d.tsType } : {}),
            ...(old.columnComment ? {} : { columnComment: d.columnComment }),
            updatedAt: now,
          })
          .where('id', '=', old.id)
          .execute();
      } else
        await trx
          .insertInto('genTableColumn')
          .values({ ...d, tableId: id, createdAt: now, updatedAt: now })
          .execute();
    }
    const dropped = t.columns.filter((c) => !keep.has(c.columnName)).map((c) => c.id);
    if (dropped.length) await trx.deleteFrom('genTableColumn').where('id', 'in', dropped).execute();
    await trx.updateTable('genTable').set({ updatedAt: now }).where('id', '=', id).execute();
  });
  return findTable(db, id);
}
