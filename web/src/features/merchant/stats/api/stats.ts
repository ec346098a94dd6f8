import type { EmployeeOrders, EmployeeStats, OperationsStats, TodayFigures } from '@jz/contracts/stats';
import { api, download } from '../../../../lib/api-client.ts';

const base = '/api/app/jiazheng/tongji';
export const statsKeys = { all: ['merchant', 'stats'] as const };

/** Drops empty filters so the server applies its defaults. */
const clean = (p: object) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));

export const getEmployeeStats = (p: object) => api.get<EmployeeStats>(`${base}/yuangong`, clean(p), { quiet: true });
/** The exports answer an Excel workbook (.xlsx); the server's file name (with the range and a timestamp) wins. */
export const exportEmployeeStats = (p: object) =>
  download(`${base}/yuangong/export`, { ...clean(p), format: 'xlsx' }, '员工数据.xlsx');
export const getOperations = (p: object) => api.get<OperationsStats>(`${base}/yunying`, clean(p), { quiet: true });
export const exportOperations = (p: object) =>
  download(`${base}/yunying/export`, { ...clean(p), format: 'xlsx' }, '运营数据.xlsx');
export const getToday = () => api.get<TodayFigures>(`${base}/jinri`, undefined, { quiet: true, silentError: true });
export const getEmployeeOrders = (employeeId: number) =>
  api.get<EmployeeOrders>(`${base}/yuangong/dingdan`, { employeeId }, { quiet: true });
