import { notifyApi as c } from '@jz/contracts/api/notify';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './notify.repo.ts';

/** An order's messages, 重发, and the merchant's 短信通知 switches (packages/contracts/src/api/notify.ts). */
export function notifyRoutes(app: App) {
  route(app, c.orderMessages, async (req) =>
    ok(await repo.orderNotices(app.db, await tenantOf(app.db, req), req.query.orderId), 'ok'),
  );
  route(app, c.resend, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.resend(app.db, { ...t, userId: currentUser(req).id }, req.body.id), '已重新加入发送队列');
  });
  route(app, c.switches, async (req) =>
    ok(await repo.switches(app.db, (await tenantOf(app.db, req)).merchantId), 'ok'),
  );
  route(app, c.setSwitch, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.setSwitch(app.db, t.merchantId, req.body.event, req.body.enabled === 1), '已保存');
  });
}
