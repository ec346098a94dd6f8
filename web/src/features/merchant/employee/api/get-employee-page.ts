import type { Employee } from '@jz/contracts/employee';
import type { Page } from '@jz/contracts/envelope';
import { api } from '../../../../lib/api-client.ts';

/** Root of every employee query key: mutations invalidate it. */
export const employeeKeys = { all: ['merchant', 'employee'] as const };

/** weapp/findAllByPage: shopId empty = current shop, 'all' = every shop. */
export const getEmployeePage = (params: object) =>
  api.get<Page<Employee>>('/api/app/jiazheng/yuangong/weapp/findAllByPage', params, { quiet: true });
