import { reviewApi as c } from '@jz/contracts/api/review';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './review.repo.ts';
import { reply } from './review.service.ts';

/** Review routes, registered from their contracts (packages/contracts/src/api/review.ts). */
export function reviewRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageReviews(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.reply, async (req) => {
    const r = await reply(app.db, await tenantOf(app.db, req), req.body.id, req.body.merchantReply);
    return ok(r, r.edited ? '回复已修改' : '回复成功');
  });
}
