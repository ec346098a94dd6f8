import { ORDER_STATUS } from '@jz/contracts/order';
import { randomBytes } from 'node:crypto';
import { dispatchApi } from '@jz/contracts/api/dispatch';
import { orderApi as c } from '@jz/contracts/api/order';
import { earlyVerifyQuestion, earlyVerifyWarning } from '@jz/contracts/booking';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../lib/envelope.ts';
import { AppError } from '../../../lib/errors.ts';
import { sendTable } from '../../../lib/export/table-export.ts';
import { ownShopFilter } from '../../../lib/owned.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { ORDER_COLUMNS, orderExportRow } from './order-export.ts';
import { registerStream } from './order-stream.ts';
import * as repo from './order.repo.ts';
import { assignEmployee } from './order-assign.ts';
import { suggest } from '../scheduling/suggest.ts';
import { reschedule, rescheduleSlots } from './order-reschedule.ts';
import { type Actor, checkCode, confirmDone, merchantCancel, verifyByCode } from './order-transition.service.ts';
import { cardSettlementOf } from '../card/card-order.service.ts';

const actorOf = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { type: 'merchant', id: u.id, name: u.nickName || u.loginName };
};

/** Order routes, registered from their contracts (packages/contracts/src/api/order.ts). */
export function orderRoutes(app: App) {
  const tenant = (req: FastifyRequest) => tenantOf(app.db, req);

  route(app, c.page, async (req) => ok(await repo.pageOrders(app.db, await tenant(req), req.query), 'ok'));
  // The merchant's own mini-program lists the same orders.
  route(app, c.weappPage, async (req) => ok(await repo.pageOrders(app.db, await tenant(req), req.query), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.orderDetail(app.db, await tenant(req), req.params.id), 'ok'));
  route(app, c.filterOptions, async (req) => ok(await repo.filterOptions(app.db, await tenant(req)), 'ok'));
  // By time (docs/dispatch.md): only the employees who can take the job then, best suggestion first.
  route(app, c.assignable, async (req) => {
    const t = await tenant(req);
    const rows = await repo.assignableEmployees(app.db, t, req.query.id);
    // An order suggest() refuses (not 待接单/待服务) keeps the plain list; any other failure is an error.
    const ranked = await suggest(app.db, t, req.query.id).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    if (!ranked) return ok(rows, 'ok');
    const rank = new Map(ranked.suggestions.map((x, i) => [x.employeeId, i]));
    return ok(
      rows.filter((r) => rank.has(r.id)).sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0)),
      'ok',
    );
  });

  route(app, c.assign, async (req) => {
    const t = await tenant(req);
    return ok(await assignEmployee(app.db, t, req.body.id, req.body.yuangongId, actorOf(req)), '指派成功');
  });
  // The board's 派单: the same assignment transition, its contract declared with the board's calls.
  route(app, dispatchApi.assign, async (req) => {
    const t = await tenant(req);
    return ok(await assignEmployee(app.db, t, req.body.orderId, req.body.employeeId, actorOf(req)), '指派成功');
  });
  route(app, c.rescheduleSlots, async (req) =>
    ok(await rescheduleSlots(app.db, await tenant(req), req.query.id, req.query.date), 'ok'),
  );
  route(app, c.reschedule, async (req) => {
    const t = await tenant(req);
    const r = await reschedule(
      app.db,
      { merchant: t },
      req.body.id,
      req.body.appointmentAt,
      actorOf(req),
      req.body.reason,
    );
    return ok(r, r.message);
  });
  route(app, c.cancel, async (req) => {
    const t = await tenant(req);
    return ok(await merchantCancel(app.db, t, req.body.id, req.body.reason, actorOf(req)), '订单已取消，退款已发起');
  });
  route(app, c.verify, async (req) => {
    const t = await tenant(req);
    const { id } = await verifyByCode(app.db, t, req.body.code, actorOf(req));
    const order = await repo.orderDetail(app.db, t, id);
    return ok({ order }, `验券成功，订单开始服务${earlyVerifyWarning(order.appointmentAt)}`);
  });
  // 验券 asks before an early use: the order the code names and the question, nothing changed.
  route(app, c.verifyCheck, async (req) => {
    const t = await tenant(req);
    const { id } = await checkCode(app.db, t, req.body.code, actorOf(req));
    const order = await repo.orderDetail(app.db, t, id);
    return ok({ order, question: earlyVerifyQuestion(order.appointmentAt) }, 'ok');
  });
  route(app, c.verifyHistory, async (req) => ok(await repo.verifyHistory(app.db, await tenant(req), req.query), 'ok'));
  route(app, c.confirm, async (req) => {
    const t = await tenant(req);
    const done = await confirmDone(app.db, t, req.body.id, actorOf(req));
    // A visit of a card sold offline settles nothing: the merchant took the card's money at the sale (docs/ledger.md).
    const offline = (await cardSettlementOf(app.db, req.body.id))?.offline;
    return ok(done, offline ? '订单已完成（线下卡项，无需结算）' : '订单已完成，结算已生成');
  });

  // Excel (.xlsx) by default, `format=csv` for CSV with a UTF-8 BOM: both from lib/export (exceljs).
  route(app, c.export, async (req, reply) => {
    const { format, ...filters } = req.body;
    const rows = await repo.exportOrders(app.db, await tenant(req), filters);
    return sendTable(reply, format, {
      fileName: '订单',
      asciiName: 'orders',
      sheets: [
        {
          name: '订单',
          columns: ORDER_COLUMNS,
          rows: rows.map(orderExportRow),
        },
      ],
    });
  });

  // ---- live order taking
  route(app, c.waiting, async (req) => {
    const t = await tenant(req);
    const r = await repo.waitingOrders(app.db, t, {
      ...req.query,
      status: ORDER_STATUS.WAITING,
      pageNum: 1,
      pageSize: 100,
    });
    return ok({ records: [...r.records].reverse(), total: r.total }, 'ok');
  });
  route(app, c.waitingCount, async (req) => {
    const u = currentUser(req);
    if (u.userType !== 'merchant' || !u.merchantId) return ok({ count: 0 }, 'ok');
    const t = await tenant(req);
    const shopId = await ownShopFilter(app.db, t, req.query.shopId);
    return ok({ count: await repo.waitingCount(app.db, t.merchantId, shopId) }, 'ok');
  });
  route(app, c.streamTicket, async (req) => {
    const t = await tenant(req);
    // A stream may only follow a shop of the caller's own merchant (another merchant's shop is "not found").
    const shopId = await ownShopFilter(app.db, t, req.body.shopId);
    const ticket = randomBytes(24).toString('base64url');
    const expiresAt = await repo.issueTicket(app.db, t, ticket, shopId);
    return ok({ ticket, expiresAt, url: `${c.stream.path}?ticket=${ticket}` }, 'ok');
  });
  registerStream(app);
}
