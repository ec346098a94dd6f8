import { randomBytes } from 'node:crypto';
import { idParam } from '@jz/contracts/common';
import {
  cancelBody,
  ORDER_STATUS_NAME,
  type OrderStatus,
  orderIdQuery,
  orderQuery,
  querenBody,
  setYuangongBody,
  verifyHistoryQuery,
  yanquanBody,
} from '@jz/contracts/order';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { type ExportColumn, exportFormat, sendTable } from '../../../lib/export/table-export.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { ownShopFilter } from '../../../lib/owned.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import type { App } from '../../types.ts';
import { registerStream } from './order-stream.ts';
import * as repo from './order.repo.ts';
import { type Actor, assignEmployee, confirmDone, merchantCancel, verifyByCode } from './order-transition.service.ts';

export const ORDER_BASE = '/tmpl/api/app/jiazheng/pay/dingdan';
const base = ORDER_BASE;
const oplog = (type: 'edit' | 'export' | 'other') => ({ title: '订单管理', type });

const actorOf = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { type: 'merchant', id: u.id, name: u.nickName || u.loginName };
};

const shopParam = z.object({
  shopId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
  ),
});

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

export function orderRoutes(app: App) {
  const tenant = (req: FastifyRequest) => tenantOf(app.db, req);

  const list = async (req: FastifyRequest<{ Querystring: z.infer<typeof orderQuery> }>) =>
    ok(await repo.pageOrders(app.db, await tenant(req), req.query), 'ok');
  app.get(
    `${base}/findAllByPage`,
    { schema: { querystring: orderQuery }, config: { perm: 'merchant:order:list' } },
    list,
  );
  // The merchant's own mini-program lists the same orders.
  app.get(
    `${base}/weapp/shangjia/findAllByPage`,
    { schema: { querystring: orderQuery }, config: { perm: 'merchant:order:list' } },
    list,
  );

  app.get(
    `${base}/findById/:id`,
    { schema: { params: idParam }, config: { perm: 'merchant:order:query' } },
    async (req) => {
      return ok(await repo.orderDetail(app.db, await tenant(req), req.params.id), 'ok');
    },
  );

  // The filter choices (employees, goods) of the order list and the reviews: for holders of either page.
  app.get(
    `${base}/findFilterOptions`,
    { config: { perm: 'merchant:order:list', alsoPerms: ['merchant:review:list'] } },
    async (req) => ok(await repo.filterOptions(app.db, await tenant(req)), 'ok'),
  );

  app.get(
    `${base}/findYuangong`,
    { schema: { querystring: orderIdQuery }, config: { perm: 'merchant:order:assign' } },
    async (req) => {
      return ok(await repo.assignableEmployees(app.db, await tenant(req), req.query.id), 'ok');
    },
  );

  app.post(
    `${base}/setYuangong`,
    { schema: { body: setYuangongBody }, config: { perm: 'merchant:order:assign', oplog: oplog('edit') } },
    async (req) => {
      const t = await tenant(req);
      return ok(await assignEmployee(app.db, t, req.body.id, req.body.yuangongId, actorOf(req)), '指派成功');
    },
  );

  app.post(
    `${base}/shangjiaCancel`,
    { schema: { body: cancelBody }, config: { perm: 'merchant:order:cancel', oplog: oplog('edit') } },
    async (req) => {
      const t = await tenant(req);
      return ok(await merchantCancel(app.db, t, req.body.id, req.body.reason, actorOf(req)), '订单已取消，退款已发起');
    },
  );

  app.post(
    `${base}/shangjiaYanquan`,
    { schema: { body: yanquanBody }, config: { perm: 'merchant:order:verify', oplog: oplog('edit') } },
    async (req) => {
      const t = await tenant(req);
      const { id } = await verifyByCode(app.db, t, req.body.code, actorOf(req));
      return ok({ order: await repo.orderDetail(app.db, t, id) }, '验券成功，订单开始服务');
    },
  );

  app.get(
    `${base}/yanquan/findAllByPage`,
    { schema: { querystring: verifyHistoryQuery }, config: { perm: 'merchant:order:verify' } },
    async (req) => ok(await repo.verifyHistory(app.db, await tenant(req), req.query), 'ok'),
  );

  app.post(
    `${base}/queren`,
    { schema: { body: querenBody }, config: { perm: 'merchant:order:confirm', oplog: oplog('edit') } },
    async (req) => {
      const t = await tenant(req);
      return ok(await confirmDone(app.db, t, req.body.id, actorOf(req)), '订单已完成，结算已生成');
    },
  );

  // Excel (.xlsx) by default, `format=csv` for CSV with a UTF-8 BOM: both from lib/export (exceljs).
  app.post(
    `${base}/export`,
    {
      schema: { body: orderQuery.omit({ pageNum: true, pageSize: true }).merge(exportFormat) },
      config: { perm: 'merchant:order:export', oplog: oplog('export') },
    },
    async (req, reply) => {
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
    },
  );

  // ---- live order taking
  app.get(
    `${base}/jiedan/findAllByList`,
    { schema: { querystring: shopParam }, config: { perm: 'merchant:order:taking' } },
    async (req) => {
      const t = await tenant(req);
      const r = await repo.pageOrders(app.db, t, { ...req.query, status: 20, pageNum: 1, pageSize: 100 });
      return ok({ records: [...r.records].reverse(), total: r.total }, 'ok');
    },
  );

  app.get(
    `${base}/findDaijiedanCount`,
    { schema: { querystring: shopParam }, config: { perm: 'merchant:order:taking' } },
    async (req) => {
      const u = currentUser(req);
      if (u.userType !== 'merchant' || !u.merchantId) return ok({ count: 0 }, 'ok');
      const t = await tenant(req);
      const shopId = await ownShopFilter(app.db, t, req.query.shopId);
      return ok({ count: await repo.waitingCount(app.db, t.merchantId, shopId) }, 'ok');
    },
  );

  app.post(
    `${base}/stream/ticket`,
    { schema: { body: shopParam }, config: { perm: 'merchant:order:taking' } },
    async (req) => {
      const t = await tenant(req);
      // A stream may only follow a shop of the caller's own merchant (another merchant's shop is "not found").
      const shopId = await ownShopFilter(app.db, t, req.body.shopId);
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = await repo.issueTicket(app.db, t, ticket, shopId);
      return ok({ ticket, expiresAt, url: `/api/app/jiazheng/pay/dingdan/stream?ticket=${ticket}` }, 'ok');
    },
  );
  registerStream(app, `${base}/stream`);
}
