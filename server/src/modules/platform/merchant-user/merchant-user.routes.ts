import { merchantUserApi as c } from '@jz/contracts/api/merchant-user';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { pageMerchantUsers } from '../../system/user/user.service.ts';
import type { App } from '../../types.ts';

/** Merchant-user routes, registered from their contracts (packages/contracts/src/api/merchant-user.ts). */
export function merchantUserRoutes(app: App) {
  route(app, c.page, async (req) => ok(await pageMerchantUsers(app.db, req.query), 'ok'));
}
