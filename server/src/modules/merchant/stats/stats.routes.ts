import { employeeOrdersQuery, employeeStatsQuery, statsRange, statsShop } from '@jz/contracts/stats';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import type { App } from '../../types.ts';
import * as repo from './stats.repo.ts';

export const STATS_BASE = '/tmpl/api/app/jiazheng/tongji';
const oplog = { title: '数据中心', type: 'export' as const };
const WORK_STATE: Record<number, string> = { 0: '离职', 1: '空闲', 2: '服务中', 3: '休假' };

/** A CSV cell: quoted when needed; a leading = + - @ is defused so Excel does not run it as a formula. */
const cell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const yuan = (fen: number) => (fen / 100).toFixed(2);
const pct = (r: number | null) => (r === null ? '' : `${(r * 100).toFixed(2)}%`);

/**
 * CSV with a UTF-8 BOM (Excel opens it with the Chinese text intact). The UTF-8 file name (filename*) comes first: the
 * web client takes the first name it finds.
 */
function sendCsv(reply: FastifyReply, base: string, ascii: string, rows: unknown[][]) {
  const name = `${base}_${dayjs().tz(TZ).format('YYYYMMDDHHmmss')}.csv`;
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}.csv"`);
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * 数据中心 (issue 5): figures computed by aggregate queries (GROUP BY in the database). The spec names no calls:
 * they live under app/jiazheng/tongji.
 */
export function statsRoutes(app: App) {
  const base = STATS_BASE;

  app.get(
    `${base}/yuangong`,
    { schema: { querystring: employeeStatsQuery }, config: { perm: 'merchant:stats:employee' } },
    async (req) => ok(await repo.employeeStats(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  app.post(
    `${base}/yuangong/export`,
    { schema: { body: employeeStatsQuery }, config: { perm: 'merchant:stats:employeeExport', oplog } },
    async (req, reply) => {
      const s = await repo.employeeStats(app.db, await tenantOf(app.db, req), req.body);
      return sendCsv(reply, `员工数据_${s.startDate}_${s.endDate}`, 'employee-stats', [
        ['员工', '店铺', '工作状态', '服务订单数', '服务收入(元)', '平均评分', '评价数', '取消订单数'],
        ...s.rows.map((r) => [
          r.name,
          r.shopName,
          WORK_STATE[r.workState] ?? '',
          r.ordersServed,
          yuan(r.revenue),
          r.avgRating === null ? '' : r.avgRating.toFixed(2),
          r.reviewCount,
          r.cancellations,
        ]),
      ]);
    },
  );

  app.get(
    `${base}/yunying`,
    { schema: { querystring: statsRange }, config: { perm: 'merchant:stats:operations' } },
    async (req) => ok(await repo.operations(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  app.post(
    `${base}/yunying/export`,
    { schema: { body: statsRange }, config: { perm: 'merchant:stats:operationsExport', oplog } },
    async (req, reply) => {
      const s = await repo.operations(app.db, await tenantOf(app.db, req), req.body);
      const rows: unknown[][] = [
        ['运营数据', `${s.startDate} 至 ${s.endDate}`],
        ['支付订单数', s.orders],
        ['支付金额(元)', yuan(s.paidAmount)],
        ['客单价(元)', yuan(s.avgOrderValue)],
        ['退款订单数', s.refundCount],
        ['退款金额(元)', yuan(s.refundAmount)],
        ['下单顾客数', s.customers],
        ['新顾客', s.newCustomers],
        ['老顾客', s.returningCustomers],
        ['评价数', s.reviewCount],
        ['好评数(4星及以上)', s.goodReviews],
        ['好评率', pct(s.goodRate)],
        [],
        ['日期', '支付订单数', '支付金额(元)'],
        ...s.daily.map((d) => [d.date, d.orders, yuan(d.paidAmount)]),
        [],
        ['商品排行', '订单数', '金额(元)'],
        ...s.goodsRanking.map((g) => [g.name, g.orders, yuan(g.amount)]),
        [],
        ['服务类目', '订单数', '金额(元)'],
        ...s.categoryShare.map((g) => [g.name, g.orders, yuan(g.amount)]),
      ];
      return sendCsv(reply, `运营数据_${s.startDate}_${s.endDate}`, 'operations-stats', rows);
    },
  );

  app.get(
    `${base}/jinri`,
    { schema: { querystring: z.object({ shopId: statsShop }) }, config: { signedIn: true } },
    async (req) => ok(await repo.today(app.db, await tenantOf(app.db, req), req.query.shopId), 'ok'),
  );

  app.get(
    `${base}/yuangong/dingdan`,
    { schema: { querystring: employeeOrdersQuery }, config: { signedIn: true } },
    async (req) => ok(await repo.employeeOrders(app.db, await tenantOf(app.db, req), req.query.employeeId), 'ok'),
  );
}
