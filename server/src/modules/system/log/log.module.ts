import { defineModule } from '../../types.ts';
import { logRoutes } from './log.routes.ts';

/** spec §7 /api/sys/log: rows are written by plugins/oplog.ts from each route's `oplog` declaration. */
export default defineModule({
  name: 'log',
  routes: logRoutes,
});
