import { statsApi } from '@jz/contracts/api/stats';
import type { QueryInputOf } from '@jz/contracts/contract';
import { callContract, downloadContract } from '../../../../lib/contract-client.ts';

export const statsKeys = { all: ['merchant', 'stats'] as const };

type EmployeeStatsFilter = QueryInputOf<typeof statsApi.employees>;
type RangeFilter = QueryInputOf<typeof statsApi.operations>;

/** Drops empty filters so the server applies its defaults. */
const clean = <T extends object>(p: T) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as T;

export const getEmployeeStats = (p: EmployeeStatsFilter) =>
  callContract(statsApi.employees, { query: clean(p) }, { quiet: true });
/** The exports answer an Excel workbook (.xlsx); the server's file name (with the range and a timestamp) wins. */
export const exportEmployeeStats = (p: EmployeeStatsFilter) =>
  downloadContract(statsApi.employeesExport, { body: { ...clean(p), format: 'xlsx' } }, '员工数据.xlsx');
export const getOperations = (p: RangeFilter) =>
  callContract(statsApi.operations, { query: clean(p) }, { quiet: true });
export const exportOperations = (p: RangeFilter) =>
  downloadContract(statsApi.operationsExport, { body: { ...clean(p), format: 'xlsx' } }, '运营数据.xlsx');
export const getToday = () => callContract(statsApi.today, { query: {} }, { quiet: true, silentError: true });
