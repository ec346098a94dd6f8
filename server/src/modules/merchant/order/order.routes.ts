import { randomBytes } from 'node:crypto';
import { orderApi as c } from '@jz/contracts/api/order';
import { ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/order';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../lib/envelope.ts';
import { type ExportColumn, sendTable } from '../../../lib/export/table-export.ts';
import { ownShopFilter } from '../../../lib/owned.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { registerStream } from './order-stream.ts';
import * as repo from './order.repo.ts';
import { type Actor, assignEmployee, confirmDone, merchantCancel, verifyByCode } from './order-transition.service.ts';

const actorOf = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { type: 'merchant', id: u.id, name: u.nickName || u.loginName };
};

const time = (iso: string | null) => (iso ? dayjs(iso).tz(TZ).format('YYYY-MM-DD HH:mm') : '');
const REFUND = ['无', '退款中', '已退款', '退款失败'];
const ORDER_COLUMNS: ExportColumn[] = [
  { header: '订单号', width: 24 },
  { header: '店铺', width: 24 },
  { header: '商品', width: 20 },
  { header: '数量', width: 8 },
  { header: '金额(元)', width: 10, kind: 'money' },
  { header: '实付(元)', width: 10, kind: 'money' },
  { header: '状态', width: 8 },
  { header: '退款', width: 8 },
  { header: '联系人', width: 10 },
  { header: '联系电话', width: 14 },
  { header: '服务地址', width: 40 },
  { header: '预约时间', width: 17 },
  { header: '服务人员', width: 10 },
  { header: '下单时间', width: 17 },
  { header: '完成时间', width: 17 },
  { header: '取消原因', width: 24 },
];

/** Order routes, registered from their contracts (packages/contracts/src/api/order.ts). */
export function orderRoutes(app: App) {
  const tenant = (req: FastifyRequest) => tenantOf(app.db, req);

  route(app, c.page, async (req) => ok(await repo.pageOrders(app.db, await tenant(req), req.query), 'ok'));
  // The merchant's own mini-program lists the same orders.
  route(app, c.weappPage, async (req) => ok(await repo.pageOrders(app.db, await tenant(req), req.query), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.orderDetail(app.db, await tenant(req), req.params.id), 'ok'));
  route(app, c.filterOptions, async (req) => ok(await repo.filterOptions(app.db, await tenant(req)), 'ok'));
  route(app, c.assignable, async (req) =>
    ok(await repo.assignableEmployees(app.db, await tenant(req), req.query.id), 'ok'),
  );

  route(app, c.assign, async (req) => {
    const t = await tenant(req);
    return ok(await assignEmployee(app.db, t, req.body.id, req.body.yuangongId, actorOf(req)), '指派成功');
  });
  route(app, c.cancel, async (req) => {
    const t = await tenant(req);
    return ok(await merchantCancel(app.db, t, req.body.id, req.body.reason, actorOf(req)), '订单已取消，退款已发起');
  });
  route(app, c.verify, async (req) => {
    const t = await tenant(req);
    const { id } = await verifyByCode(app.db, t, req.body.code, actorOf(req));
    return ok({ order: await repo.orderDetail(app.db, t, id) }, '验券成功，订单开始服务');
  });
  route(app, c.verifyHistory, async (req) => ok(await repo.verifyHistory(app.db, await tenant(req), req.query), 'ok'));
  route(app, c.confirm, async (req) => {
    const t = await tenant(req);
    return ok(await confirmDone(app.db, t, req.body.id, actorOf(req)), '订单已完成，结算已生成');
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
          rows: rows.map((r) => [
            r.orderNo,
            r.shopName,
            r.goodsName,
            `${r.quantity}${r.unit}`,
            r.amount,
            r.payAmount,
            ORDER_STATUS_NAME[r.status as OrderStatus],
            REFUND[r.refundStatus] ?? '',
            r.customerName,
            r.customerPhone,
            r.address,
            time(r.appointmentAt),
            r.employeeName ?? '',
            time(r.createdAt),
            time(r.completedAt),
            r.cancelReason ?? '',
          ]),
        },
      ],
    });
  });

  // ---- live order taking
  route(app, c.waiting, async (req) => {
    const t = await tenant(req);
    const r = await repo.pageOrders(app.db, t, { ...req.query, status: 20, pageNum: 1, pageSize: 100 });
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
