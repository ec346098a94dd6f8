import { defineModule } from '../types.ts';
import { authRoutes } from './auth.routes.ts';

/** spec §3 signing in (SMS code or password) and out. */
export default defineModule({
  name: 'auth',
  routes: authRoutes,
});
