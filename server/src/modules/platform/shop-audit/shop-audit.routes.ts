import { SHOP_AUDIT_STATUS } from '@jz/contracts/shop';
import { shopAuditApi as c } from '@jz/contracts/api/shop-audit';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { anyShopDetail, auditShop } from '../../merchant/shop/shop.service.ts';
import type { App } from '../../types.ts';

/** Shop-audit routes, registered from their contracts (packages/contracts/src/api/shop-audit.ts). */
export function shopAuditRoutes(app: App) {
  route(app, c.audit, async (req) => {
    await auditShop(app.db, req.body.id, req.body.auditStatus, req.body.auditRemark ?? null);
    return ok(null, req.body.auditStatus === SHOP_AUDIT_STATUS.APPROVED ? '已审核通过' : '已驳回');
  });
  route(app, c.detail, async (req) => ok(await anyShopDetail(app.db, req.params.id), 'ok'));
}
