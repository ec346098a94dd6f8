import { defineModule } from '../../types.ts';
import { userRoutes } from './user.routes.ts';
import { seedAdmin } from './user.seed.ts';

/** The caller's own profile (every signed-in user) and the platform's 用户管理. */
export default defineModule({
  name: 'user',
  order: 30,
  // Seeds run outside a request; the validated config default matches loadConfig()'s.
  seed: ({ db }) => seedAdmin(db, process.env.ADMIN_PHONE || '13800000000'),
  routes: userRoutes,
});
