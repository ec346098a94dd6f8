import { goodsApi as c } from '@jz/contracts/api/goods';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './goods.repo.ts';

/** Goods routes, registered from their contracts (packages/contracts/src/api/goods.ts). */
export function goodsRoutes(app: App) {
  const scope = async (req: Parameters<typeof tenantOf>[1]) => repo.shopScope(await tenantOf(app.db, req));

  route(app, c.page, async (req) => ok(await repo.pageGoods(app.db, await scope(req), req.query), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.goodsDetail(app.db, await scope(req), req.params.id), 'ok'));
  route(app, c.add, async (req) => ok(await repo.addGoods(app.db, await scope(req), req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editGoods(app.db, await scope(req), id, v);
    return ok(null);
  });
  route(app, c.setShelf, async (req) => {
    await repo.setShelf(app.db, await scope(req), [req.params.id], req.body.shelfState);
    return ok(null, req.body.shelfState === 1 ? '商品已上架' : '商品已下架');
  });
  route(app, c.setShelfBatch, async (req) => {
    const r = await repo.setShelf(app.db, await scope(req), req.params.ids, req.body.shelfState);
    return ok(r, `已${req.body.shelfState === 1 ? '上架' : '下架'} ${r.changed} 个商品`);
  });
  route(app, c.remove, async (req) => {
    await repo.deleteGoods(app.db, await scope(req), req.params.ids);
    return ok(null);
  });

  route(app, c.publicPage, async (req) => ok(await repo.pagePublicGoods(app.db, req.query), 'ok'));
  route(app, c.publicShop, async (req) => ok(await repo.publicShopDetail(app.db, req.query.shangjiaInfoId), 'ok'));
  route(app, c.publicOfShop, async (req) => ok(await repo.publicGoodsOfShop(app.db, req.params.id, true), 'ok'));
}
