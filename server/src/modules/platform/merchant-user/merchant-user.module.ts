import { defineModule } from '../../types.ts';
import { merchantUserRoutes } from './merchant-user.routes.ts';

/** spec §7 GET /api/app/user/findAllByPage: the merchant accounts with their merchant and status (platform only). */
export default defineModule({
  name: 'merchant-user',
  routes: merchantUserRoutes,
});
