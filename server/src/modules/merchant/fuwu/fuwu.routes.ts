import { STATUS_FLAG } from '@jz/contracts/common';
import { fuwuApi as c } from '@jz/contracts/api/fuwu';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { buildTree } from '../../../lib/tree.ts';
import type { App } from '../../types.ts';
import * as repo from './fuwu.repo.ts';

/** Service-category routes, registered from their contracts (packages/contracts/src/api/fuwu.ts). */
export function fuwuRoutes(app: App) {
  route(app, c.selectTree, async () => ok(buildTree(await repo.listCategories(app.db, { enabledOnly: true })), 'ok'));

  route(app, c.shopSelect, async (req) => {
    const t = await tenantOf(app.db, req);
    if (!t.shopId) return ok([], 'ok');
    const shop = await app.db
      .selectFrom('shop')
      .select('fuwuIds')
      .where('id', '=', t.shopId)
      .where('merchantId', '=', t.merchantId)
      .executeTakeFirstOrThrow();
    const rows = await repo.categoriesByIds(app.db, JSON.parse(shop.fuwuIds) as number[]);
    return ok(
      rows.filter((r) => r.status === STATUS_FLAG.ENABLED),
      'ok',
    );
  });

  route(app, c.tree, async (req) => {
    const rows = await repo.listCategories(app.db);
    const name = req.query.name;
    if (!name) return ok(buildTree(rows), 'ok');
    // A filtered tree keeps the matching nodes and their parents.
    const match = rows.filter((r) => r.name.includes(name));
    const keep = new Set(match.flatMap((r) => (r.parentId ? [r.id, r.parentId] : [r.id])));
    return ok(buildTree(rows.filter((r) => keep.has(r.id))), 'ok');
  });
  route(app, c.add, async (req) => ok(await repo.addCategory(app.db, req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editCategory(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteCategories(app.db, req.params.ids);
    return ok(null);
  });
}
