import { SHELF_STATE } from '@jz/contracts/goods';
import { goodsApi as c } from '@jz/contracts/api/goods';
import { ok } from '../../../lib/envelope.ts';
import { business } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as price from './goods-price.repo.ts';
import * as publicRepo from './goods-public.repo.ts';
import * as repo from './goods.repo.ts';

/** One item asked for and refused by its own state: a 2004 naming it, as before batches answered skipped items. */
function refuseSingle(r: repo.BatchOutcome) {
  const [s] = r.skipped;
  if (s?.refused && r.changed === 0) throw business(`商品「${s.name}」${s.reason}`);
}
const summary = (done: string, r: repo.BatchOutcome) =>
  r.skipped.length ? `${done}，跳过 ${r.skipped.length} 个` : done;

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
    const r = await repo.setShelf(app.db, await scope(req), [req.params.id], req.body.shelfState);
    refuseSingle(r);
    return ok(null, req.body.shelfState === SHELF_STATE.ON ? '商品已上架' : '商品已下架');
  });
  // Batch actions answer what they skipped and why; the message counts both.
  route(app, c.setShelfBatch, async (req) => {
    const r = await repo.setShelf(app.db, await scope(req), req.params.ids, req.body.shelfState);
    const verb = req.body.shelfState === SHELF_STATE.ON ? '上架' : '下架';
    return ok(r, summary(`已${verb} ${r.changed} 个商品`, r));
  });
  route(app, c.remove, async (req) => {
    const r = await repo.deleteGoods(app.db, await scope(req), req.params.ids);
    if (req.params.ids.length === 1) refuseSingle(r);
    return ok(r, summary(`已删除 ${r.changed} 个商品`, r));
  });

  // 批量改价: the preview writes nothing; the confirmation writes the previewed change or nothing (2004).
  route(app, c.priceChangePreview, async (req) =>
    ok(await price.previewPriceChange(app.db, await scope(req), req.body), 'ok'),
  );
  route(app, c.priceChangeConfirm, async (req) => {
    const applied = await price.confirmPriceChange(app.db, await scope(req), req.body);
    // The operation log stores the request's parameters: it keeps the goods, specifications and old → new prices
    // instead of the preview's timestamps.
    req.body = {
      goodsIds: req.body.goodsIds,
      change: req.body.change,
      changes: price.describeChanges(applied),
    } as never;
    return ok({ changed: applied.length }, `已调整 ${applied.length} 个规格的价格`);
  });

  route(app, c.publicPage, async (req) => ok(await publicRepo.pagePublicGoods(app.db, req.query), 'ok'));
  route(app, c.publicShop, async (req) =>
    ok(await publicRepo.publicShopDetail(app.db, req.query.shangjiaInfoId), 'ok'),
  );
  route(app, c.publicOfShop, async (req) => ok(await publicRepo.publicGoodsOfShop(app.db, req.params.id, true), 'ok'));
}
