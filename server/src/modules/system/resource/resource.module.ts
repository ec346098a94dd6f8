import { defineModule } from '../../types.ts';
import { resourceRoutes } from './resource.routes.ts';

/** spec §7 /api/app/resource: the resource library. Platform toolkit only (sys:resource:*). */
export default defineModule({
  name: 'resource',
  order: 40,
  routes: resourceRoutes,
});
