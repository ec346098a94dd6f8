import { STATUS_FLAG } from '@jz/contracts/common';
import type { DictData, DictType } from '@jz/contracts/dict';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';

type TypeFilter = { name?: string; type?: string; status?: number; pageNum: number; pageSize: number };
type DataFilter = { dictType?: string; dictLabel?: string; status?: number; pageNum: number; pageSize: number };

export function pageTypes(db: DB, f: TypeFilter) {
  let q = db.selectFrom('dictType');
  if (f.name) q = q.where('name', 'like', likeContains(f.name));
  if (f.type) q = q.where('type', 'like', likeContains(f.type));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(q, (b) => b.selectAll().orderBy('id', 'desc'), f) as Promise<{ records: DictType[]; total: number }>;
}

export const listTypes = (db: DB) =>
  db.selectFrom('dictType').selectAll().where('status', '=', STATUS_FLAG.ENABLED).orderBy('id').execute();

export async function addType(db: DB, v: { name: string; type: string; status: number; remark: string }) {
  if (await db.selectFrom('dictType').select('id').where('type', '=', v.type).executeTakeFirst())
    throw business(`字典类型「${v.type}」已存在`);
  const now = nowIso();
  return db
    .insertInto('dictType')
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editType(
  db: DB,
  id: number,
  v: Partial<{ name: string; type: string; status: number; remark: string }>,
) {
  return db.transaction().execute(async (trx) => {
    const cur = await trx.selectFrom('dictType').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
    if (!cur) throw notFound('字典不存在');
    if (v.type && v.type !== cur.type) {
      if (await trx.selectFrom('dictType').select('id').where('type', '=', v.type).executeTakeFirst())
        throw business(`字典类型「${v.type}」已存在`);
      await trx.updateTable('dictData').set({ dictType: v.type }).where('dictType', '=', cur.type).execute();
    }
    await trx
      .updateTable('dictType')
      .set({ ...v, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute();
  });
}

export async function deleteTypes(db: DB, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    const types = await trx.selectFrom('dictType').select('type').where('id', 'in', ids).execute();
    if (types.length !== ids.length) throw notFound('部分字典不存在');
    await trx
      .deleteFrom('dictData')
      .where(
        'dictType',
        'in',
        types.map((t) => t.type),
      )
      .execute();
    await trx.deleteFrom('dictType').where('id', 'in', ids).execute();
  });
}

export function pageData(db: DB, f: DataFilter) {
  let q = db.selectFrom('dictData');
  if (f.dictType) q = q.where('dictType', '=', f.dictType);
  if (f.dictLabel) q = q.where('dictLabel', 'like', likeContains(f.dictLabel));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(q, (b) => b.selectAll().orderBy('sort').orderBy('id'), f) as Promise<{
    records: DictData[];
    total: number;
  }>;
}

/** Enabled values of one type, as the console renders labels and tags. */
export const dataOfType = (db: DB, type: string) =>
  db
    .selectFrom('dictData')
    .select(['dictLabel', 'dictValue', 'dictType as type', 'tagType', 'sort'])
    .where('dictType', '=', type)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .orderBy('sort')
    .orderBy('id')
    .execute();

async function assertTypeExists(db: DB, type: string) {
  if (!(await db.selectFrom('dictType').select('id').where('type', '=', type).executeTakeFirst()))
    throw notFound(`字典类型「${type}」不存在`);
}

export async function addData(
  db: DB,
  v: {
    dictType: string;
    dictLabel: string;
    dictValue: string;
    sort: number;
    tagType: string;
    status: number;
    remark: string;
  },
) {
  await assertTypeExists(db, v.dictType);
  if (
    await db
      .selectFrom('dictData')
      .select('id')
      .where('dictType', '=', v.dictType)
      .where('dictValue', '=', v.dictValue)
      .executeTakeFirst()
  )
    throw business(`键值「${v.dictValue}」已存在`);
  const now = nowIso();
  return db
    .insertInto('dictData')
    .values({ ...v, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editData(
  db: DB,
  id: number,
  v: Partial<{
    dictType: string;
    dictLabel: string;
    dictValue: string;
    sort: number;
    tagType: string;
    status: number;
    remark: string;
  }>,
) {
  const cur = await db
    .selectFrom('dictData')
    .select(['id', 'dictType', 'dictValue'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!cur) throw notFound('字典数据不存在');
  const type = v.dictType ?? cur.dictType;
  if (v.dictType) await assertTypeExists(db, v.dictType);
  if ((v.dictValue && v.dictValue !== cur.dictValue) || type !== cur.dictType) {
    const clash = await db
      .selectFrom('dictData')
      .select('id')
      .where('dictType', '=', type)
      .where('dictValue', '=', v.dictValue ?? cur.dictValue)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) throw business(`键值「${v.dictValue ?? cur.dictValue}」已存在`);
  }
  await db
    .updateTable('dictData')
    .set({ ...v, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteData(db: DB, ids: number[]) {
  const r = await db.deleteFrom('dictData').where('id', 'in', ids).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFound('字典数据不存在');
}

/** For module seeds: creates a dictionary and its missing values; never overwrites what an admin changed. */
export async function ensureDict(
  db: DB,
  type: string,
  name: string,
  items: { label: string; value: string; tag?: string }[],
) {
  const now = nowIso();
  if (!(await db.selectFrom('dictType').select('id').where('type', '=', type).executeTakeFirst()))
    await db
      .insertInto('dictType')
      .values({ name, type, status: STATUS_FLAG.ENABLED, remark: null, createdAt: now, updatedAt: now })
      .execute();
  const have = new Set(
    (await db.selectFrom('dictData').select('dictValue').where('dictType', '=', type).execute()).map(
      (r) => r.dictValue,
    ),
  );
  const missing = items
    .map((it, i) => ({
      dictType: type,
      dictLabel: it.label,
      dictValue: it.value,
      sort: i + 1,
      tagType: it.tag ?? 'default',
      status: STATUS_FLAG.ENABLED,
      remark: null,
      createdAt: now,
      updatedAt: now,
    }))
    .filter((r) => !have.has(r.dictValue));
  if (missing.length) await db.insertInto('dictData').values(missing).execute();
}
