import { SHOP_OPEN_STATE } from '@jz/contracts/shop';
import { shopApi as c } from '@jz/contracts/api/shop';
import type { InitPc } from '@jz/contracts/shop';
import { ok } from '../../../lib/envelope.ts';
import { forbidden } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser, hasPerm } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import {
  addShop,
  copyShop,
  editShop,
  initPc,
  searchShops,
  setCurrentShop,
  setOpen,
  settingOf,
  shopDetail,
} from './shop.repo.ts';

const EMPTY: InitPc = { curDianpu: null, allDianpu: [], isAddFendian: false, shangjiaInfoFuwuCount: 0 };

/** A success message with the location warnings that did not refuse the save (docs/shops.md "Location"). */
const withWarnings = (said: string, warnings: string[]) =>
  warnings.length ? `${said}。提示：${warnings.join('；')}` : said;

/** Shop routes, registered from their contracts (packages/contracts/src/api/shop.ts). */
export function shopRoutes(app: App) {
  // Platform users have no shops: the empty answer.
  route(app, c.initPc, async (req) => {
    if (currentUser(req).userType !== 'merchant') return ok(EMPTY, 'ok');
    return ok(await initPc(app.db, await tenantOf(app.db, req)), 'ok');
  });

  route(app, c.setCurrent, async (req) => {
    const t = await tenantOf(app.db, req);
    await setCurrentShop(app.db, t, req.body.id);
    return ok(await initPc(app.db, { ...t, shopId: req.body.id }), '已切换店铺');
  });

  route(app, c.current, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(t.shopId ? await shopDetail(app.db, t, t.shopId) : null, 'ok');
  });

  route(app, c.detail, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(
      { ...(await shopDetail(app.db, t, req.params.id)), setting: await settingOf(app.db, req.params.id) },
      'ok',
    );
  });

  route(app, c.setting, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(t.shopId ? await settingOf(app.db, t.shopId) : null, 'ok');
  });

  route(app, c.add, async (req) => {
    const t = await tenantOf(app.db, req);
    // A new shop lies outside any shop limit (the caller could not even manage it): opening shops is for accounts
    // that hold every shop, as initPc's isAddFendian says.
    if (t.allowedShopIds) throw forbidden('仅可管理全部门店的账号可以开设店铺');
    const { warnings, ...r } = await addShop(app.db, t, req.body);
    return ok(r, withWarnings(r.parentId ? '分店已创建，等待平台审核' : '店铺已创建，等待平台审核', warnings));
  });

  route(app, c.edit, async (req) => {
    const t = await tenantOf(app.db, req);
    const { id, ...v } = req.body;
    const { pendingName, warnings } = await editShop(app.db, t, id, v);
    // An approved shop's new name waits for the platform; customers see the approved one meanwhile.
    const said =
      pendingName && v.name === pendingName
        ? `已保存，店铺名称「${pendingName}」已提交平台审核，审核通过前顾客看到的仍是原名称`
        : undefined;
    return ok(null, warnings.length ? withWarnings(said ?? '已保存', warnings) : said);
  });

  route(app, c.setOpen, async (req) => {
    const t = await tenantOf(app.db, req);
    await setOpen(app.db, t, req.body.id, req.body.yingyeState);
    return ok(null, req.body.yingyeState === SHOP_OPEN_STATE.OPEN ? '店铺已开始营业' : '店铺已休息');
  });

  route(app, c.copy, async (req) => {
    const t = await tenantOf(app.db, req);
    const r = await copyShop(app.db, t, req.body.fromId, req.body.toId);
    return ok(r, `已复制 ${r.copiedGoods} 个商品和店铺设置（复制的商品为下架状态）`);
  });

  route(app, c.search, async (req) => {
    const user = currentUser(req);
    if (user.userType === 'platform') {
      if (!hasPerm(user, 'platform:shop:audit')) throw forbidden();
      return ok(await searchShops(app.db, {}, req.query), 'ok');
    }
    if (!hasPerm(user, 'merchant:shop:list') && !hasPerm(user, 'merchant:shop:branch')) throw forbidden();
    const t = await tenantOf(app.db, req);
    await ownShopId(app.db, t, req.query.parentId); // another merchant's shop as the parent: 2002
    return ok(await searchShops(app.db, { merchantId: t.merchantId, shopIds: t.allowedShopIds }, req.query), 'ok');
  });
}
