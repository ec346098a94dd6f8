import { defineModule } from '../../types.ts';
import { startOrderJobs } from './order-jobs.ts';
import { orderRoutes } from './order.routes.ts';
import { seedOrderDemo, seedOrderDicts } from './order.seed.ts';

export { EXPIRE_INTERVAL_MS } from './order-jobs.ts';

/**
 * Orders: the state machine, live order taking, verification, settlements on completion.
 * Order 85: after finance (80), so its demo settlements exist first. The settlement (打款) lists are finance's routes.
 */
export default defineModule({
  name: 'order',
  order: 85,
  routes(app) {
    startOrderJobs(app);
    orderRoutes(app);
  },
  seed: seedOrderDicts,
  seedDemo: seedOrderDemo,
});
