import { merchantUserQuery } from '@jz/contracts/user';
import { ok } from '../../../lib/envelope.ts';
import { pageMerchantUsers } from '../../system/user/user.admin.repo.ts';
import { defineModule } from '../../types.ts';

/** spec §7 GET /api/app/user/findAllByPage: the merchant accounts with their merchant and status (platform only). */
export default defineModule({
  name: 'merchant-user',
  routes(app) {
    app.get(
      '/tmpl/api/app/user/findAllByPage',
      { schema: { querystring: merchantUserQuery }, config: { perm: 'platform:merchantUser:list' } },
      async (req) => ok(await pageMerchantUsers(app.db, req.query), 'ok'),
    );
  },
});
