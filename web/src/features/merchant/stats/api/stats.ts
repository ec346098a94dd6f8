import type { EmployeeOrders, EmployeeStats, OperationsStats, TodayFigures } from '@jz/contracts/stats';
import { api, download } from '../../../../lib/api-client.ts';

const base = '/api/app/jiazheng/tongji';
export const statsKeys = { all: ['merchant', 'stats'] as const };

/** Drops empty filters so the server applies its defaults. */
const clean = (p: object) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));

export const getEmployeeStats = (p: object) => api.get<EmployeeStats>(`${base}/yuangong`, clean(p), { quiet: true });
export const exportEmployeeStats = (p: object) => download(`${base}/yuangong/export`, clean(p), '员工数据.csv');
export const getOperations = (p: object) => api.get<OperationsStats>(`${base}/yunying`, clean(p), { quiet: true });
export const exportOperations = (p: object) => download(`${base}/yunying/export`, clean(p), '运营数据.csv');
export const getToday = () => api.get<TodayFigures>(`${base}/jinri`, undefined, { quiet: true, silentError: true });
export const getEmployeeOrders = (employeeId: number) =>
  api.get<EmployeeOrders>(`${base}/yuangong/dingdan`, { employeeId }, { quiet: true });
