import { courierApi as c } from '@jz/contracts/api/courier';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './courier.repo.ts';

/** 快递下单, registered from their contracts (packages/contracts/src/api/courier.ts). */
export function courierRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.page(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.detail, async (req) =>
    ok(await repo.findById(app.db, await tenantOf(app.db, req), req.params.id), 'ok'),
  );
  route(app, c.senderDefault, async (req) => ok(await repo.senderDefault(app.db, await tenantOf(app.db, req)), 'ok'));
  route(app, c.add, async (req) => ok(await repo.add(app.db, await tenantOf(app.db, req), req.body), '下单成功'));
  route(app, c.cancel, async (req) => {
    await repo.cancel(app.db, await tenantOf(app.db, req), req.body.id, req.body.reason);
    return ok(null, '已取消');
  });
}
