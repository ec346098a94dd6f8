import { planApi as api } from '@jz/contracts/api/plan';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { Actor } from '../order/order-transition.service.ts';
import type { App } from '../../types.ts';
import { bookPlan } from './plan-booking.ts';
import { changeRule, endPlan, pausePlan, resolve, resumePlan, retry, skipDay } from './plan-changes.ts';
import * as repo from './plan.repo.ts';

const actorOf = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { type: 'merchant', id: u.id, name: u.nickName || u.loginName };
};

const bookText = (b: { booked: number; exceptions: number }) =>
  `已下单 ${b.booked} 次${b.exceptions ? `，${b.exceptions} 次未能排期（见服务列表中的原因）` : ''}`;

/** 周期服务 (packages/contracts/src/api/plan.ts). */
export function planRoutes(app: App) {
  const tenant = (req: FastifyRequest) => tenantOf(app.db, req);

  route(app, api.page, async (req) => ok(await repo.pagePlans(app.db, await tenant(req), req.query), 'ok'));
  route(app, api.exceptionCount, async (req) => ok(await repo.exceptionCount(app.db, await tenant(req)), 'ok'));
  route(app, api.detail, async (req) => ok(await repo.planDetail(app.db, await tenant(req), req.params.id), 'ok'));
  route(app, api.add, async (req) => {
    const id = await repo.addPlan(app.db, await tenant(req), req.body);
    const book = await bookPlan(app.db, id);
    return ok({ id, book }, `周期服务已创建，${bookText(book)}`);
  });
  route(app, api.edit, async (req) => {
    await repo.editPlan(app.db, await tenant(req), req.body);
    return ok(null, '周期服务已保存');
  });
  route(app, api.book, async (req) => {
    const p = await repo.ownPlan(app.db, await tenant(req), req.params.id);
    if (p.status !== 'active') return ok({ booked: 0, exceptions: 0, unchanged: 0 }, '周期服务未在进行中，未排期');
    const book = await bookPlan(app.db, p.id);
    return ok(book, bookText(book));
  });
  route(app, api.pause, async (req) => {
    await pausePlan(app.db, await tenant(req), req.params.id);
    return ok(null, '周期服务已暂停，已下单的订单保留');
  });
  route(app, api.resume, async (req) => {
    const book = await resumePlan(app.db, await tenant(req), req.params.id);
    return ok(book, `周期服务已恢复，${bookText(book)}`);
  });
  route(app, api.skip, async (req) => {
    const r = await skipDay(app.db, await tenant(req), req.body, actorOf(req));
    return ok(r, r.cancelledOrderId ? `已跳过 ${req.body.date}，该日订单已取消` : `已跳过 ${req.body.date}`);
  });
  route(app, api.change, async (req) => {
    const r = await changeRule(app.db, await tenant(req), req.body);
    return ok(
      r,
      `规则已修改，${bookText(r.book)}${r.offRule ? `；${r.offRule} 个已下单的订单保持原时间，可在订单中改约` : ''}`,
    );
  });
  route(app, api.end, async (req) => {
    const r = await endPlan(app.db, await tenant(req), req.body, actorOf(req));
    return ok(
      r,
      `周期服务已结束${r.cancelled ? `，已取消 ${r.cancelled} 个订单` : ''}${r.kept ? `，保留 ${r.kept} 个订单` : ''}`,
    );
  });
  route(app, api.retry, async (req) => {
    const book = await retry(app.db, await tenant(req), req.body.visitId);
    return ok(book, book.booked ? '已重新下单' : '仍未能排期，原因已更新');
  });
  route(app, api.resolve, async (req) => {
    await resolve(app.db, await tenant(req), req.body.visitId, req.body.note);
    return ok(null, '已标记为已处理');
  });
}
