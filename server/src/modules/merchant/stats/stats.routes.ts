import { statsApi as c } from '@jz/contracts/api/stats';
import { ok } from '../../../lib/envelope.ts';
import { type ExportColumn, sendTable } from '../../../lib/export/table-export.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { hasPerm } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { cardFlowsSheet } from '../card/card-flows.service.ts';
import * as repo from './stats.repo.ts';

/**
 * Who may see money on the landing page: holders of 运营数据 (its 支付金额), 财务管理 or 资金总览. Everyone else with
 * 订单管理 gets today's counts with the amount left out (null), so hiding it on the web is not the only guard.
 */
export const MONEY_PERMS = ['merchant:stats:operations', 'merchant:finance:view', 'merchant:finance:overview'];

const WORK_STATE: Record<number, string> = { 0: '离职', 1: '空闲', 2: '服务中', 3: '休假' };

const money = (header: string): ExportColumn => ({ header, width: 14, kind: 'money' });
const count = (header: string): ExportColumn => ({ header, width: 12, kind: 'integer' });

const EMPLOYEE_COLUMNS: ExportColumn[] = [
  { header: '员工', width: 12 },
  { header: '店铺', width: 24 },
  { header: '工作状态', width: 10 },
  count('服务订单数'),
  money('服务收入(元)'),
  { header: '平均评分', width: 10, kind: 'decimal' },
  count('评价数'),
  count('取消订单数'),
];

const OVERVIEW_COLUMNS: ExportColumn[] = [
  { header: '开始日期', width: 12 },
  { header: '结束日期', width: 12 },
  count('支付订单数'),
  money('支付金额(元)'),
  count('其中用卡支付订单数'),
  money('其中用卡本金(元)'),
  money('客单价(元)'),
  count('退款订单数'),
  money('退款金额(元)'),
  count('下单顾客数'),
  count('新顾客'),
  count('老顾客'),
  count('评价数'),
  count('好评数(4星及以上)'),
  { header: '好评率', width: 10, kind: 'percent' },
];

/**
 * 数据中心: figures computed by aggregate queries (GROUP BY in the database), registered from their
 * contracts (packages/contracts/src/api/stats.ts).
 */
export function statsRoutes(app: App) {
  route(app, c.employees, async (req) =>
    ok(await repo.employeeStats(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  route(app, c.employeesExport, async (req, reply) => {
    const { format, ...query } = req.body;
    const s = await repo.employeeStats(app.db, await tenantOf(app.db, req), query);
    return sendTable(reply, format, {
      fileName: `员工数据_${s.startDate}_${s.endDate}`,
      asciiName: 'employee-stats',
      sheets: [
        {
          name: '员工数据',
          columns: EMPLOYEE_COLUMNS,
          rows: s.rows.map((r) => [
            r.name,
            r.shopName,
            WORK_STATE[r.workState] ?? '',
            r.ordersServed,
            r.revenue,
            r.avgRating,
            r.reviewCount,
            r.cancellations,
          ]),
        },
      ],
    });
  });

  route(app, c.operations, async (req) =>
    ok(await repo.operations(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  route(app, c.operationsExport, async (req, reply) => {
    const { format, ...range } = req.body;
    const s = await repo.operations(app.db, await tenantOf(app.db, req), range);
    const ranking = (header: string) => [{ header, width: 24 }, count('订单数'), money('金额(元)')];
    return sendTable(reply, format, {
      fileName: `运营数据_${s.startDate}_${s.endDate}`,
      asciiName: 'operations-stats',
      sheets: [
        {
          name: '运营概览',
          columns: OVERVIEW_COLUMNS,
          rows: [
            [
              s.startDate,
              s.endDate,
              s.orders,
              s.paidAmount,
              s.cardOrders,
              s.cardPaidAmount,
              s.avgOrderValue,
              s.refundCount,
              s.refundAmount,
              s.customers,
              s.newCustomers,
              s.returningCustomers,
              s.reviewCount,
              s.goodReviews,
              s.goodRate,
            ],
          ],
        },
        {
          name: '每日',
          columns: [{ header: '日期', width: 12 }, count('支付订单数'), money('支付金额(元)')],
          rows: s.daily.map((d) => [d.date, d.orders, d.paidAmount]),
        },
        { name: '商品排行', columns: ranking('商品'), rows: s.goodsRanking.map((g) => [g.name, g.orders, g.amount]) },
        {
          name: '服务类目',
          columns: ranking('服务类目'),
          rows: s.categoryShare.map((g) => [g.name, g.orders, g.amount]),
        },
        cardFlowsSheet(s.cards),
      ],
    });
  });

  // 今日数据 (/index): counts of today's orders and reviews to answer (order data, for order holders) and 今日成交额
  // (money: only for those who may see it, else null).
  route(app, c.today, async (req) => {
    const t = await tenantOf(app.db, req);
    const seesMoney = MONEY_PERMS.some((p) => hasPerm(t.user, p));
    return ok(await repo.today(app.db, t, req.query.shopId, seesMoney), 'ok');
  });

  // 员工详情: an employee's orders (customer names, amounts) and reviews: order data, for order holders.
  route(app, c.employeeOrders, async (req) =>
    ok(await repo.employeeOrders(app.db, await tenantOf(app.db, req), req.query.employeeId), 'ok'),
  );
}
