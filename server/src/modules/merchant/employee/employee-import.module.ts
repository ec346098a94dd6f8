import { employeeImportApi } from '@jz/contracts/api/employee-import';
import { registerImportRoutes } from '../../../lib/import/import-flow.ts';
import { defineModule } from '../../types.ts';
import { employeeImporter } from './employee-import.ts';

/** 员工批量导入: template, check, progress, confirm, error file (docs/import.md). */
export default defineModule({
  name: 'employee-import',
  order: 51,
  routes: (app) => registerImportRoutes(app, employeeImportApi, employeeImporter),
});
