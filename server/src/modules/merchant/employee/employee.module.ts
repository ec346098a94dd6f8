import { defineModule } from '../../types.ts';
import { employeeRoutes } from './employee.routes.ts';
import { seedDemoEmployees, seedEmployeeDicts } from './employee.seed.ts';
import './employee.tables.ts';

/** Employees (员工管理): the merchant's service staff, their certificates and work states. */
export default defineModule({
  name: 'employee',
  order: 50,
  routes: employeeRoutes,
  seed: seedEmployeeDicts,
  seedDemo: ({ db, demo }) => seedDemoEmployees(db, demo),
});
