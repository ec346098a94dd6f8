import { defineModule } from '../../types.ts';
import { accountRoutes } from './account.routes.ts';
import { seedAccountDemo } from './account.seed.ts';
import { subAccountRoutes } from './subaccount.routes.ts';

/** 我的账号, and the merchant's sub-accounts and roles (子账号与权限). */
export default defineModule({
  name: 'account',
  order: 60,
  routes(app) {
    accountRoutes(app);
    subAccountRoutes(app);
  },
  seedDemo: seedAccountDemo,
});
