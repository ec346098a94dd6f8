import { idParam, idsParam } from '@jz/contracts/common';
import { goodsAddBody, goodsEditBody, goodsQuery, shelfBody, weappGoodsQuery } from '@jz/contracts/goods';
import { z } from 'zod';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { defineModule } from '../../types.ts';
import { seedGoodsDemo } from './goods.seed.ts';
import * as repo from './goods.repo.ts';

const base = '/tmpl/api/app/jiazheng/shangjia/shangpin';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '商品管理', type });

/** Goods (商品): the current shop's bookable service items, and the customer-side listings. */
export default defineModule({
  name: 'goods',
  order: 42,
  routes(app) {
    const scope = async (req: Parameters<typeof tenantOf>[1]) => repo.shopScope(await tenantOf(app.db, req));

    app.get(
      `${base}/shangjia/findAllByPage`,
      { schema: { querystring: goodsQuery }, config: { perm: 'merchant:goods:list' } },
      async (req) => ok(await repo.pageGoods(app.db, await scope(req), req.query), 'ok'),
    );
    app.get(
      `${base}/shangjia/findById/:id`,
      { schema: { params: idParam }, config: { perm: 'merchant:goods:list' } },
      async (req) => ok(await repo.goodsDetail(app.db, await scope(req), req.params.id), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: goodsAddBody }, config: { perm: 'merchant:goods:add', oplog: oplog('add') } },
      async (req) => ok(await repo.addGoods(app.db, await scope(req), req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: goodsEditBody }, config: { perm: 'merchant:goods:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.editGoods(app.db, await scope(req), id, v);
        return ok(null);
      },
    );
    app.post(
      `${base}/setShangjiaState/:id`,
      { schema: { params: idParam, body: shelfBody }, config: { perm: 'merchant:goods:shelf', oplog: oplog('edit') } },
      async (req) => {
        await repo.setShelf(app.db, await scope(req), [req.params.id], req.body.shelfState);
        return ok(null, req.body.shelfState === 1 ? '商品已上架' : '商品已下架');
      },
    );
    app.post(
      `${base}/setPiliangShangjiaState/:ids`,
      { schema: { params: idsParam, body: shelfBody }, config: { perm: 'merchant:goods:shelf', oplog: oplog('edit') } },
      async (req) => {
        const r = await repo.setShelf(app.db, await scope(req), req.params.ids, req.body.shelfState);
        return ok(r, `已${req.body.shelfState === 1 ? '上架' : '下架'} ${r.changed} 个商品`);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'merchant:goods:del', oplog: oplog('delete') } },
      async (req) => {
        await repo.deleteGoods(app.db, await scope(req), req.params.ids);
        return ok(null);
      },
    );

    // Customer side (the mini-program): only on-shelf goods of open, approved shops.
    app.get(
      `${base}/weapp/findAllByPage`,
      { schema: { querystring: weappGoodsQuery }, config: { public: true } },
      async (req) => ok(await repo.pagePublicGoods(app.db, req.query), 'ok'),
    );
    app.get(
      `${base}/shangjiaDetail/shangpinlist`,
      {
        schema: {
          querystring: z.object({
            shangjiaInfoId: z.coerce.number({ error: '请指定店铺' }).int().positive('请指定店铺'),
          }),
        },
        config: { public: true },
      },
      async (req) => ok(await repo.publicShopDetail(app.db, req.query.shangjiaInfoId), 'ok'),
    );
    app.get(
      `${base}/findByShangjiaInfoId/:id`,
      { schema: { params: idParam }, config: { public: true } },
      async (req) => ok(await repo.publicGoodsOfShop(app.db, req.params.id, true), 'ok'),
    );
  },
  async seed({ db }) {
    await ensureDict(db, 'goods_shelf_state', '商品上下架状态', [
      { label: '下架', value: '0', tag: 'default' },
      { label: '上架', value: '1', tag: 'success' },
    ]);
    await ensureDict(db, 'goods_unit', '商品计价单位', [
      { label: '次', value: '次' },
      { label: '小时', value: '小时' },
      { label: '平方米', value: '平方米' },
      { label: '天', value: '天' },
      { label: '月', value: '月' },
    ]);
    await ensureDict(db, 'fuwu_status', '服务类目状态', [
      { label: '正常', value: '0', tag: 'success' },
      { label: '停用', value: '1', tag: 'error' },
    ]);
  },
  seedDemo: seedGoodsDemo,
});
