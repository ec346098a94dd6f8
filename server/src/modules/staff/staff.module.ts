import { defineModule } from '../types.ts';
import { startStaffJobs } from './staff-jobs-scheduler.ts';
import { staffRoutes } from './staff.routes.ts';

/** The staff page's server side (阿姨端, docs/staff.md): sign-in, her jobs and steps, schedule and leave requests. */
export default defineModule({
  name: 'staff',
  order: 88,
  routes: async (app) => {
    await staffRoutes(app);
    startStaffJobs(app);
  },
});
