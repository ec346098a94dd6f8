import { idParam } from '@jz/contracts/common';
import { shopAuditBody } from '@jz/contracts/shop';
import { ok } from '../../../lib/envelope.ts';
import { anyShopDetail, auditShop } from '../../merchant/shop/shop.repo.ts';
import { defineModule } from '../../types.ts';

const base = '/tmpl/api/app/jiazheng/shangjia/info';

/** Platform toolkit: shop audit. Listing is search/findAllByPage (platform: all shops); approving makes a shop visible. */
export default defineModule({
  name: 'shop-audit',
  order: 43,
  routes(app) {
    app.post(
      `${base}/audit`,
      {
        schema: { body: shopAuditBody },
        config: { perm: 'platform:shop:audit', oplog: { title: '店铺审核', type: 'edit' } },
      },
      async (req) => {
        await auditShop(app.db, req.body.id, req.body.auditStatus, req.body.auditRemark ?? null);
        return ok(null, req.body.auditStatus === 1 ? '已审核通过' : '已驳回');
      },
    );
    app.get(
      `${base}/audit/findById/:id`,
      { schema: { params: idParam }, config: { perm: 'platform:shop:audit' } },
      async (req) => {
        return ok(await anyShopDetail(app.db, req.params.id), 'ok');
      },
    );
  },
});
