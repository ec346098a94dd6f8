import { defineModule } from '../../types.ts';
import { seedDemoDispatch } from './order-dispatch-demo.seed.ts';

/**
 * The demo week of the dispatch board (hours, leave, booked and assigned orders). A module of its own so that it runs
 * where it always has: after the employee (50), order (85), review and courier (86) and customer (87) seeds.
 */
export default defineModule({
  name: 'dispatch-demo',
  order: 87,
  seedDemo: ({ db, demo }) => seedDemoDispatch(db, demo),
});
