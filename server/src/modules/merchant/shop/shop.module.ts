import type { InitPc } from '@jz/contracts/auth';
import { idParam } from '@jz/contracts/common';
import {
  fuzhiBody,
  setCurDianpuBody,
  setYingyeStateBody,
  shopAddBody,
  shopEditBody,
  shopSearchQuery,
} from '@jz/contracts/shop';
import { forbidden } from '../../../lib/errors.ts';
import { ok } from '../../../lib/envelope.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser, hasPerm } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import { seedShopDemo } from './shop.seed.ts';
import {
  addShop,
  copyShop,
  editShop,
  initPc,
  searchShops,
  setCurrentShop,
  setYingyeState,
  settingOf,
  shopDetail,
} from './shop.repo.ts';

const EMPTY: InitPc = { curDianpu: null, allDianpu: [], isAddFendian: false, shangjiaInfoFuwuCount: 0 };
const base = '/tmpl/api/app/jiazheng/shangjia/info';
const oplog = (type: 'add' | 'edit' | 'other') => ({ title: '店铺管理', type });

export default defineModule({
  name: 'shop',
  order: 40,
  routes(app) {
    /** Called by the web guard before each route; platform users have no shops and get the empty answer. */
    app.get('/tmpl/api/app/jiazheng/page/initPc', { config: { signedIn: true } }, async (req) => {
      if (currentUser(req).userType !== 'merchant') return ok(EMPTY, 'ok');
      return ok(await initPc(app.db, await tenantOf(app.db, req)), 'ok');
    });

    app.post(
      `${base}/setCurDianpu`,
      { schema: { body: setCurDianpuBody }, config: { signedIn: true, oplog: { title: '切换店铺', type: 'other' } } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        await setCurrentShop(app.db, t, req.body.id);
        return ok(await initPc(app.db, { ...t, shopId: req.body.id }), '已切换店铺');
      },
    );

    /** The current shop, whole (null when the merchant has no shop yet). */
    app.get(`${base}/findInfo`, { config: { perm: 'merchant:shop:info' } }, async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(t.shopId ? await shopDetail(app.db, t, t.shopId) : null, 'ok');
    });

    app.get(
      `${base}/findById/:id`,
      { schema: { params: idParam }, config: { perm: 'merchant:shop:list' } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        return ok(
          { ...(await shopDetail(app.db, t, req.params.id)), setting: await settingOf(app.db, req.params.id) },
          'ok',
        );
      },
    );

    /** The current shop's order settings. */
    app.get(`${base}/findDianpuShezhiInfo`, { config: { perm: 'merchant:shop:info' } }, async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(t.shopId ? await settingOf(app.db, t.shopId) : null, 'ok');
    });

    app.post(
      `${base}/add`,
      { schema: { body: shopAddBody }, config: { perm: 'merchant:shop:add', oplog: oplog('add') } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        const r = await addShop(app.db, t, req.body);
        return ok(r, r.parentId ? '分店已创建，等待平台审核' : '店铺已创建，等待平台审核');
      },
    );

    app.post(
      `${base}/edit`,
      { schema: { body: shopEditBody }, config: { perm: 'merchant:shop:edit', oplog: oplog('edit') } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        const { id, ...v } = req.body;
        const { pendingName } = await editShop(app.db, t, id, v);
        // An approved shop's new name waits for the platform; customers see the approved one meanwhile.
        return ok(
          null,
          pendingName && v.name === pendingName
            ? `已保存，店铺名称「${pendingName}」已提交平台审核，审核通过前顾客看到的仍是原名称`
            : undefined,
        );
      },
    );

    app.post(
      `${base}/setYingyeState`,
      { schema: { body: setYingyeStateBody }, config: { perm: 'merchant:shop:state', oplog: oplog('edit') } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        await setYingyeState(app.db, t, req.body.id, req.body.yingyeState);
        return ok(null, req.body.yingyeState === 1 ? '店铺已开始营业' : '店铺已休息');
      },
    );

    app.post(
      `${base}/fuzhi`,
      { schema: { body: fuzhiBody }, config: { perm: 'merchant:shop:copy', oplog: oplog('other') } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        const r = await copyShop(app.db, t, req.body.fromId, req.body.toId);
        return ok(r, `已复制 ${r.copiedGoods} 个商品和店铺设置（复制的商品为下架状态）`);
      },
    );

    /** Platform: every shop (shop audit); merchant: its own shops. */
    app.get(
      `${base}/search/findAllByPage`,
      { schema: { querystring: shopSearchQuery }, config: { signedIn: true } },
      async (req) => {
        const user = currentUser(req);
        if (user.userType === 'platform') {
          if (!hasPerm(user, 'platform:shop:audit')) throw forbidden();
          return ok(await searchShops(app.db, {}, req.query), 'ok');
        }
        if (!hasPerm(user, 'merchant:shop:list') && !hasPerm(user, 'merchant:shop:branch')) throw forbidden();
        const t = await tenantOf(app.db, req);
        await ownShopId(app.db, t, req.query.parentId); // another merchant's shop as the parent: 2002
        return ok(await searchShops(app.db, { merchantId: t.merchantId, shopIds: t.allowedShopIds }, req.query), 'ok');
      },
    );
  },
  seedDemo: seedShopDemo,
});
