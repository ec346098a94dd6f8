import { defineModule } from '../../types.ts';
import { setupRoutes } from './setup.routes.ts';

/**
 * 开店准备: the first-day checklist on /index — shop details, service area, first goods, first employee,
 * payment onboarding and must-sign agreements — read from the shop, goods and employee tables and through the
 * onboarding and agreement services. No tables of its own.
 */
export default defineModule({
  name: 'setup',
  order: 92,
  routes: setupRoutes,
});
