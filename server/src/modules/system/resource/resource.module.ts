import { defineModule } from '../../types.ts';
import { resourceRoutes } from './resource.routes.ts';

/** /api/app/resource in docs/spec-notes.md#calls: the resource library. Platform toolkit only (sys:resource:*). */
export default defineModule({
  name: 'resource',
  order: 40,
  routes: resourceRoutes,
});
