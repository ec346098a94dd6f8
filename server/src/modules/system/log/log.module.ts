import { defineModule } from '../../types.ts';
import { logRoutes } from './log.routes.ts';

/** /api/sys/log in docs/spec-notes.md#calls: rows are written by plugins/oplog.ts from each route's `oplog` declaration. */
export default defineModule({
  name: 'log',
  routes: logRoutes,
});
