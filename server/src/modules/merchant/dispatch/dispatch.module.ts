import { defineModule } from '../../types.ts';
import { dispatchRoutes } from './dispatch.routes.ts';

/**
 * The dispatch board (派单看板, docs/dispatch.md): the day's board, the 派工单, suggestions and leave periods over the
 * scheduling module (modules/merchant/scheduling: hours, leave, booking rules, capacity, matching). Assignment is an
 * order transition (order/order-assign.ts); the demo week is seeded by order/order-dispatch-demo.module.ts.
 */
export default defineModule({
  name: 'dispatch',
  order: 87,
  routes: dispatchRoutes,
});
