import { z } from 'zod';
import { defineContract, pageOf } from '../contract.ts';
import {
  financeOverview,
  frozenPageResult,
  frozenQuery,
  ledgerEntry,
  ledgerExportQuery,
  ledgerQuery,
  ledgerTotals,
  ledgerTotalsQuery,
  settlementRow,
  settlementTotals,
  trendPoint,
  trendQuery,
} from '../finance.ts';
import { settlementQuery } from '../order.ts';

const base = '/api/app/jiazheng/caiwu';
/** Settlements are listed in the order console: under the order path the spec gives them. */
const orderBase = '/api/app/jiazheng/pay/dingdan';

/**
 * Merchant finance: the account figures, the ledger (收支明细), frozen settlements and the settlement (打款)
 * list. Every call is scoped to the caller's merchant (and its shop limit where rows belong to shops). Fen throughout.
 */
export const financeApi = {
  overview: defineContract({
    method: 'GET',
    path: `${base}/findZonglan`,
    summary: '资金概况：余额、冻结、可提现、累计与提现规则，以及进件状态',
    access: { perm: 'merchant:finance:view' },
    result: financeOverview,
  }),
  trend: defineContract({
    method: 'GET',
    path: `${base}/findQushi`,
    summary: '收支趋势（按日或按月，空档为 0）',
    access: { perm: 'merchant:finance:overview' },
    query: trendQuery,
    result: z.array(trendPoint),
  }),
  ledgerPage: defineContract({
    method: 'GET',
    path: `${base}/shouzhi/findAllByPage`,
    summary: '收支明细分页列表（按时间倒序）',
    access: { perm: 'merchant:finance:ledger' },
    query: ledgerQuery,
    result: pageOf(ledgerEntry),
  }),
  ledgerTotals: defineContract({
    method: 'GET',
    path: `${base}/shouzhi/findHuizong`,
    summary: '收支明细合计（收入、支出与划转，与列表同一筛选）',
    access: { perm: 'merchant:finance:ledger' },
    query: ledgerTotalsQuery,
    result: ledgerTotals,
  }),
  ledgerExport: defineContract({
    method: 'POST',
    path: `${base}/shouzhi/export`,
    summary: '导出收支明细（xlsx 或 csv）',
    access: { perm: 'merchant:finance:export' },
    oplog: { title: '财务管理', type: 'export' },
    body: ledgerExportQuery,
    result: z.null(),
    raw: { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' },
  }),
  frozenPage: defineContract({
    method: 'GET',
    path: `${base}/dongjie/findAllByPage`,
    summary: '冻结明细分页列表与冻结总额',
    access: { perm: 'merchant:finance:frozen' },
    query: frozenQuery,
    result: frozenPageResult,
  }),
  settlementPage: defineContract({
    method: 'GET',
    path: `${orderBase}/findDakuanByPage`,
    summary: '打款（订单结算）分页列表',
    access: { perm: 'merchant:order:dakuan' },
    query: settlementQuery,
    result: pageOf(settlementRow),
  }),
  settlementTotals: defineContract({
    method: 'GET',
    path: `${orderBase}/findDakuanHuizong`,
    summary: '打款汇总（按冻结、已解冻与合计）',
    access: { perm: 'merchant:order:dakuan' },
    query: settlementQuery.omit({ pageNum: true, pageSize: true }),
    result: settlementTotals,
  }),
};
