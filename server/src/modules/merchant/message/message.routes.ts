import { messageApi as c } from '@jz/contracts/api/message';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './message.repo.ts';
import { readableSubjects, sendToMerchants } from './message.service.ts';

/**
 * Messages, registered from their contracts (packages/contracts/src/api/message.ts). Merchant side under
 * /api/app/jiazheng/xiaoxi, each user sees only their own messages; platform broadcasts under /api/app/xiaoxi.
 */
export function messageRoutes(app: App) {
  route(app, c.page, async (req) => {
    const { user } = await tenantOf(app.db, req);
    return ok(await repo.pageMessages(app.db, user.id, req.query, readableSubjects(user)), 'ok');
  });
  // The header badge: any signed-in user may ask for their own count (of the messages it may read).
  route(app, c.unreadCount, async (req) => {
    const user = currentUser(req);
    return ok(await repo.unreadCount(app.db, user.id, readableSubjects(user)), 'ok');
  });
  route(app, c.setRead, async (req) => {
    const { user } = await tenantOf(app.db, req);
    return ok({ updated: await repo.setRead(app.db, user.id, req.body) });
  });
  route(app, c.remove, async (req) => {
    const { user } = await tenantOf(app.db, req);
    await repo.deleteMessages(app.db, user.id, req.params.ids);
    return ok(null);
  });

  route(app, c.broadcastPage, async (req) => ok(await repo.pageBroadcasts(app.db, req.query), 'ok'));
  route(app, c.merchantSelect, async () => ok(await repo.merchantSelect(app.db), 'ok'));
  route(app, c.broadcast, async (req) => {
    const user = currentUser(req);
    const { title, content } = req.body;
    const merchantIds = req.body.merchantIds ?? null;
    const result = await app.db.transaction().execute(async (trx) => {
      if (merchantIds) await repo.assertMerchantsExist(trx, merchantIds);
      const { id } = await repo.insertBroadcast(trx, {
        title,
        content,
        merchantIds,
        recipientCount: 0,
        senderId: user.id,
      });
      const recipientCount = await sendToMerchants(trx, merchantIds, {
        type: 'system',
        title,
        content,
        refType: 'broadcast',
        refId: id,
      });
      await repo.setBroadcastCount(trx, id, recipientCount);
      return { id, recipientCount };
    });
    return ok(result, `已发送给 ${result.recipientCount} 个账号`);
  });
}
