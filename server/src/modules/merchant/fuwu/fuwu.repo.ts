import { STATUS_FLAG } from '@jz/contracts/common';
import type { Fuwu } from '@jz/contracts/fuwu';
import type { DB } from '../../../db/client.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import './fuwu.tables.ts';

type CategoryInput = { parentId?: number | null; name?: string; icon?: string | null; sort?: number; status?: number };

const cols = ['id', 'parentId', 'name', 'icon', 'sort', 'status', 'createdAt'] as const;

/** Every category (platform tree), optionally only the enabled ones. */
export async function listCategories(db: DB, opts: { enabledOnly?: boolean; name?: string } = {}): Promise<Fuwu[]> {
  let q = db.selectFrom('fuwu').select(cols);
  if (opts.enabledOnly) q = q.where('status', '=', STATUS_FLAG.ENABLED);
  return (await q.orderBy('sort').orderBy('id').execute()) as Fuwu[];
}

/** The enabled categories among `ids` (unknown or disabled ids are left out). */
export async function enabledCategoryIds(db: DB, ids: number[]) {
  if (!ids.length) return [];
  return (
    await db.selectFrom('fuwu').select('id').where('id', 'in', ids).where('status', '=', STATUS_FLAG.ENABLED).execute()
  ).map((r) => r.id);
}

export async function categoriesByIds(db: DB, ids: number[]): Promise<Fuwu[]> {
  if (!ids.length) return [];
  return (await db
    .selectFrom('fuwu')
    .select(cols)
    .where('id', 'in', ids)
    .orderBy('sort')
    .orderBy('id')
    .execute()) as Fuwu[];
}

async function assertParent(db: DB, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return;
  if (parentId === selfId) throw invalid('上级类目不能是自己');
  const p = await db.selectFrom('fuwu').select(['id', 'parentId']).where('id', '=', parentId).executeTakeFirst();
  if (!p) throw invalid('上级类目不存在');
  if (p.parentId) throw invalid('服务类目最多两级');
  if (selfId && (await db.selectFrom('fuwu').select('id').where('parentId', '=', selfId).executeTakeFirst()))
    throw invalid('有下级的类目不能移到其他类目下');
}

export async function addCategory(db: DB, v: CategoryInput & { name: string }) {
  await assertParent(db, v.parentId);
  const now = nowIso();
  return db
    .insertInto('fuwu')
    .values({
      parentId: v.parentId ?? null,
      name: v.name,
      icon: v.icon ?? null,
      sort: v.sort ?? 0,
      status: v.status ?? STATUS_FLAG.ENABLED,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function editCategory(db: DB, id: number, v: CategoryInput) {
  const cur = await db.selectFrom('fuwu').select('id').where('id', '=', id).executeTakeFirst();
  if (!cur) throw notFound('服务类目不存在');
  if (v.parentId !== undefined) await assertParent(db, v.parentId, id);
  await db
    .updateTable('fuwu')
    .set({ ...v, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes categories with their children. A category still used by goods cannot go (disable it instead); shops that
 * offered it stop offering it.
 */
export async function deleteCategories(db: DB, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('fuwu').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound('服务类目不存在');
    const children = (await trx.selectFrom('fuwu').select('id').where('parentId', 'in', ids).execute()).map(
      (r) => r.id,
    );
    const all = [...new Set([...ids, ...children])];
    const used = await trx
      .selectFrom('goods')
      .innerJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
      .select('fuwu.name')
      .where('goods.fuwuId', 'in', all)
      .executeTakeFirst();
    if (used) throw business(`类目「${used.name}」下已有商品，不能删除，可改为停用`);
    const shops = await trx.selectFrom('shop').select(['id', 'fuwuIds']).where('fuwuIds', '!=', '[]').execute();
    for (const shop of shops) {
      const cur = JSON.parse(shop.fuwuIds) as number[];
      const next = cur.filter((f) => !all.includes(f));
      if (next.length !== cur.length)
        await trx
          .updateTable('shop')
          .set({ fuwuIds: JSON.stringify(next), updatedAt: nowIso() })
          .where('id', '=', shop.id)
          .execute();
    }
    // `in ()` is a syntax error on PostgreSQL (SQLite accepts it): a leaf category has no children to delete.
    if (children.length) await trx.deleteFrom('fuwu').where('id', 'in', children).execute();
    await trx.deleteFrom('fuwu').where('id', 'in', ids).execute();
  });
}
