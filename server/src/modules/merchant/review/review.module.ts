import { replyBody, reviewQuery } from '@jz/contracts/review';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { defineModule } from '../../types.ts';
import * as repo from './review.repo.ts';
import { reply } from './review.service.ts';

const base = '/tmpl/api/app/jiazheng/pinglun';

/** 订单评价管理 (issue 6): customers' reviews of completed orders and the merchant's one reply per review. */
export default defineModule({
  name: 'review',
  order: 86,
  routes(app) {
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: reviewQuery }, config: { perm: 'merchant:review:list' } },
      async (req) => ok(await repo.pageReviews(app.db, await tenantOf(app.db, req), req.query), 'ok'),
    );
    app.post(
      `${base}/shangjiahuifu`,
      {
        schema: { body: replyBody },
        config: { perm: 'merchant:review:reply', oplog: { title: '订单评价', type: 'edit' } },
      },
      async (req) => {
        const r = await reply(app.db, await tenantOf(app.db, req), req.body.id, req.body.merchantReply);
        return ok(r, r.edited ? '回复已修改' : '回复成功');
      },
    );
  },
});
