import { defineModule } from '../../types.ts';
import { statsRoutes } from './stats.routes.ts';

/** 数据中心: 员工数据, 运营数据, today's figures on /index and an employee's orders. No tables of its own. */
export default defineModule({
  name: 'stats',
  order: 90,
  routes: statsRoutes,
});
