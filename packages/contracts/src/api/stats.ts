import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  employeeOrders,
  employeeOrdersQuery,
  employeeStats,
  employeeStatsQuery,
  operationsStats,
  statsExportFormat,
  statsRange,
  statsShop,
  todayFigures,
} from '../stats.ts';

const base = '/api/app/jiazheng/tongji';

/**
 * 今日数据 as answered: `revenue` (今日成交额: the paid amount, in fen, of the orders paid today, Shanghai day, that
 * have no refund) is null for a caller who may not see money, i.e. who holds none of 运营数据
 * (merchant:stats:operations), 财务管理 (merchant:finance:view) or 资金总览 (merchant:finance:overview).
 */
const todayAnswer = todayFigures.extend({ revenue: z.number().int().nullable() });
const oplog = { title: '数据中心', type: 'export' as const };
const workbook = { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' } as const;

/**
 * 数据中心: figures computed by aggregate queries. The spec names no calls: they live under
 * app/jiazheng/tongji.
 */
export const statsApi = {
  employees: defineContract({
    method: 'GET',
    path: `${base}/yuangong`,
    summary: '员工数据（按员工汇总服务订单、收入与评价）',
    access: { perm: 'merchant:stats:employee' },
    query: employeeStatsQuery,
    result: employeeStats,
  }),
  employeesExport: defineContract({
    method: 'POST',
    path: `${base}/yuangong/export`,
    summary: '导出员工数据',
    access: { perm: 'merchant:stats:employeeExport' },
    oplog,
    body: employeeStatsQuery.and(statsExportFormat),
    result: z.null(),
    raw: workbook,
  }),
  operations: defineContract({
    method: 'GET',
    path: `${base}/yunying`,
    summary: '运营数据（订单、金额、顾客、评价与排行）',
    access: { perm: 'merchant:stats:operations' },
    query: statsRange,
    result: operationsStats,
  }),
  operationsExport: defineContract({
    method: 'POST',
    path: `${base}/yunying/export`,
    summary: '导出运营数据',
    access: { perm: 'merchant:stats:operationsExport' },
    oplog,
    body: statsRange.and(statsExportFormat),
    result: z.null(),
    raw: workbook,
  }),
  // Order data, for order holders; the amount only for those who may see money.
  today: defineContract({
    method: 'GET',
    path: `${base}/jinri`,
    summary: '今日数据（首页：今日支付订单、待接单、待服务、今日成交额、待回复评价）',
    access: { perm: 'merchant:order:list' },
    query: z.object({ shopId: statsShop }),
    result: todayAnswer,
  }),
  employeeOrders: defineContract({
    method: 'GET',
    path: `${base}/yuangong/dingdan`,
    summary: '员工详情：在手订单、近期订单与评价',
    access: { perm: 'merchant:order:list' },
    query: employeeOrdersQuery,
    result: employeeOrders,
  }),
};
