import { defineModule } from '../../types.ts';
import { planJobs } from './plan.jobs.ts';
import { planRoutes } from './plan.routes.ts';

/** 周期服务: recurring plans of a client, booked ahead through the booking rules (docs/customers.md "周期服务"). */
export default defineModule({
  name: 'plan',
  order: 89,
  routes(app) {
    planRoutes(app);
    planJobs(app);
  },
});
