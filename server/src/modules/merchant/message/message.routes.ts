import { idsParam } from '@jz/contracts/common';
import { broadcastBody, broadcastQuery, messageQuery, setReadBody } from '@jz/contracts/message';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './message.repo.ts';
import { readableSubjects, sendToMerchants } from './message.service.ts';

/**
 * Messages (issue 11; spec §7 names no calls for them). Merchant side under /api/app/jiazheng/xiaoxi, each user sees
 * only their own messages; platform broadcasts under /api/app/xiaoxi.
 */
export function messageRoutes(app: App) {
  const base = '/tmpl/api/app/jiazheng/xiaoxi';
  const oplog = (type: 'edit' | 'delete') => ({ title: '消息管理', type });

  app.get(
    `${base}/findAllByPage`,
    { schema: { querystring: messageQuery }, config: { perm: 'merchant:message:list' } },
    async (req) => {
      const { user } = await tenantOf(app.db, req);
      return ok(await repo.pageMessages(app.db, user.id, req.query, readableSubjects(user)), 'ok');
    },
  );

  // The header badge: any signed-in user may ask for their own count (of the messages it may read).
  app.get(`${base}/findWeiduCount`, { config: { signedIn: true } }, async (req) => {
    const user = currentUser(req);
    return ok(await repo.unreadCount(app.db, user.id, readableSubjects(user)), 'ok');
  });

  app.post(
    `${base}/setRead`,
    { schema: { body: setReadBody }, config: { perm: 'merchant:message:read', oplog: oplog('edit') } },
    async (req) => {
      const { user } = await tenantOf(app.db, req);
      return ok({ updated: await repo.setRead(app.db, user.id, req.body) });
    },
  );

  app.delete(
    `${base}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'merchant:message:del', oplog: oplog('delete') } },
    async (req) => {
      const { user } = await tenantOf(app.db, req);
      await repo.deleteMessages(app.db, user.id, req.params.ids);
      return ok(null);
    },
  );

  const pbase = '/tmpl/api/app/xiaoxi';
  app.get(
    `${pbase}/findAllByPage`,
    { schema: { querystring: broadcastQuery }, config: { perm: 'platform:message:list' } },
    async (req) => ok(await repo.pageBroadcasts(app.db, req.query), 'ok'),
  );
  app.get(`${pbase}/findShangjiaSelect`, { config: { perm: 'platform:message:list' } }, async () =>
    ok(await repo.merchantSelect(app.db), 'ok'),
  );
  app.post(
    `${pbase}/add`,
    {
      schema: { body: broadcastBody },
      config: { perm: 'platform:message:send', oplog: { title: '消息推送', type: 'add' } },
    },
    async (req) => {
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
    },
  );
}
