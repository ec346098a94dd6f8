import { defineModule } from '../../types.ts';
import { merchantUserRoutes } from './merchant-user.routes.ts';

/** GET /api/app/user/findAllByPage in docs/spec-notes.md#calls: the merchant accounts with their merchant and status (platform only). */
export default defineModule({
  name: 'merchant-user',
  routes: merchantUserRoutes,
});
