import { loadMenuCatalogue } from '../../../lib/menu-catalogue.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DB } from '../../../db/client.ts';

/**
 * Upserts the menu catalogue by seed key. New rows are inserted; existing rows get their structure (parent, type,
 * route, component, permission, scope) refreshed, while what an admin may have changed (name, icon, sort, status)
 * is left alone.
 */
export async function seedMenus(db: DB) {
  const rows = await loadMenuCatalogue();
  const now = nowIso();
  const existing = new Map(
    (await db.selectFrom('menu').select(['id', 'seedKey']).where('seedKey', 'is not', null).execute()).map((r) => [
      r.seedKey!,
      r.id,
    ]),
  );
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
    const id = existing.get(r.key);
    if (id) await db.updateTable('menu').set(structure).where('id', '=', id).execute();
    else {
      const ins = await db
        .insertInto('menu')
        .values({
          ...structure,
          seedKey: r.key,
          name: r.name,
          icon: r.icon ?? null,
          sort: r.sort,
          status: 0,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      existing.set(r.key, ins.id);
    }
  }
}
