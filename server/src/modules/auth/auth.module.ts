import { defineModule } from '../types.ts';
import { authRoutes } from './auth.routes.ts';

/** docs/spec-notes.md#records signing in (SMS code or password) and out. */
export default defineModule({
  name: 'auth',
  routes: authRoutes,
});
