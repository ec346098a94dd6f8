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
const oplog = { title: '数据中心', type: 'export' as const };
const workbook = { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' } as const;

/**
 * 数据中心 (issue 5): figures computed by aggregate queries. The spec names no calls: they live under
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
  // Order data, for order holders.
  today: defineContract({
    method: 'GET',
    path: `${base}/jinri`,
    summary: '今日数据（首页）',
    access: { perm: 'merchant:order:list' },
    query: z.object({ shopId: statsShop }),
    result: todayFigures,
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
