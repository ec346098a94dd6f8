import { STATUS_FLAG } from '@jz/contracts/common';
import { loadMenuCatalogue } from '../../../lib/menu-catalogue.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DB } from '../../../db/client.ts';

/**
 * Upserts the menu catalogue by seed key. New rows are inserted; existing rows get their structure (parent, type,
 * route, component, permission, scope) refreshed, while what an admin may have changed (name, icon, sort, status)
 * is left alone — except where the catalogue itself changed them:
 * - a row the catalogue moved to another parent (a flattened folder's page) takes the seed's sort and icon, since
 *   the old ones placed it among siblings it no longer has;
 * - a row still named one of its seed's `formerNames` takes the new name (a name an admin chose stays);
 * - a seeded folder the catalogue no longer has is deleted once nothing hangs under it (its role grants with it):
 *   admins cannot delete seeded rows, so without this a retired folder would stay behind, empty (docs/navigation.md).
 */
export async function seedMenus(db: DB) {
  const rows = await loadMenuCatalogue();
  const now = nowIso();
  const seededRows = await db
    .selectFrom('menu')
    .select(['id', 'seedKey', 'parentId', 'name'])
    .where('seedKey', 'is not', null)
    .execute();
  const existing = new Map(seededRows.map((r) => [r.seedKey!, r.id]));
  const before = new Map(seededRows.map((r) => [r.seedKey!, r]));
  for (const r of rows) {
    const parentId = r.parentKey ? existing.get(r.parentKey) : null;
    if (r.parentKey && parentId === undefined)
      throw new Error(`menu ${r.key}: parent ${r.parentKey} is not seeded (load order?)`);
    const structure = {
      parentId: parentId ?? null,
      type: r.type,
      routerUrl: r.routerUrl ?? null,
      routerParam: r.routerParam ?? null,
      component: r.component ?? null,
      perms: r.perms ?? null,
      scope: r.scope,
      updatedAt: now,
    };
    const old = before.get(r.key);
    if (old) {
      const moved = old.parentId !== structure.parentId ? { sort: r.sort, icon: r.icon ?? null } : {};
      const renamed = r.formerNames?.includes(old.name) ? { name: r.name } : {};
      await db
        .updateTable('menu')
        .set({ ...structure, ...moved, ...renamed })
        .where('id', '=', old.id)
        .execute();
    } else {
      const ins = await db
        .insertInto('menu')
        .values({
          ...structure,
          seedKey: r.key,
          name: r.name,
          icon: r.icon ?? null,
          sort: r.sort,
          status: STATUS_FLAG.ENABLED,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      existing.set(r.key, ins.id);
    }
  }
  await retireFolders(db, new Set(rows.map((r) => r.key)));
}

/** Deletes the seeded folders the catalogue no longer lists once they are empty (innermost first). */
async function retireFolders(db: DB, catalogue: Set<string>) {
  for (;;) {
    const retired = (
      await db
        .selectFrom('menu')
        .select(['id', 'seedKey'])
        .where('seedKey', 'is not', null)
        .where('type', '=', 'CAIDAN')
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('menu as child').select('child.id').whereRef('child.parentId', '=', 'menu.id')),
          ),
        )
        .execute()
    ).filter((r) => !catalogue.has(r.seedKey!));
    if (!retired.length) return;
    const ids = retired.map((r) => r.id);
    await db.deleteFrom('roleMenu').where('menuId', 'in', ids).execute();
    await db.deleteFrom('menu').where('id', 'in', ids).execute();
  }
}
