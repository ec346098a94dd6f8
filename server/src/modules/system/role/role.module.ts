import { defineModule } from '../../types.ts';
import { roleRoutes } from './role.routes.ts';
import { seedRoles } from './role.seed.ts';

/** Roles (角色): the platform's role catalogue and merchant role templates. */
export default defineModule({
  name: 'role',
  order: 20,
  seed: ({ db }) => seedRoles(db),
  routes: roleRoutes,
});
