import { defineModule } from '../../types.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { employeeRoutes } from './employee.routes.ts';
import { seedDemoEmployees } from './employee.seed.ts';
import './employee.tables.ts';

export default defineModule({
  name: 'employee',
  order: 50,
  routes: employeeRoutes,
  async seed({ db }) {
    await ensureDict(db, 'employee_gender', '员工性别', [
      { label: '男', value: '1', tag: 'blue' },
      { label: '女', value: '2', tag: 'purple' },
    ]);
    await ensureDict(db, 'employee_work_state', '员工工作状态', [
      { label: '空闲', value: '1', tag: 'success' },
      { label: '服务中', value: '2', tag: 'processing' },
      { label: '休假', value: '3', tag: 'warning' },
      { label: '离职', value: '0', tag: 'default' },
    ]);
  },
  async seedDemo({ db, demo }) {
    await seedDemoEmployees(db, demo);
  },
});
