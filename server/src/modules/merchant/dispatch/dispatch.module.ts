import { defineModule } from '../../types.ts';
import { dispatchRoutes } from './dispatch.routes.ts';
import { seedDemoDispatch } from './dispatch.seed.ts';
import './dispatch.tables.ts';

/**
 * Dispatch and scheduling (派单排班, issue 23, docs/dispatch.md): the time model, assignment by time, suggestions,
 * the board and leave periods. Its demo seed runs after the employee (50) and order seeds.
 */
export default defineModule({
  name: 'dispatch',
  order: 87,
  routes: dispatchRoutes,
  seedDemo: ({ db, demo }) => seedDemoDispatch(db, demo),
});
