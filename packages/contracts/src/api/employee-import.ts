import { importFlowApi } from './import-flow.ts';

/**
 * 员工批量导入 (docs/import.md): everything with the employee add permission, in the caller's merchant and
 * shops.
 */
export const employeeImportApi = importFlowApi(
  '/api/app/jiazheng/yuangong/import',
  'merchant:employee:add',
  '员工',
  '员工管理',
);
