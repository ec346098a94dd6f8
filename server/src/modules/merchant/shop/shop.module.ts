import { defineModule } from '../../types.ts';
import { shopRoutes } from './shop.routes.ts';
import { seedShopDemo } from './shop.seed.ts';

/** Shops (店铺): the merchant's main shop and branches, the current shop of the session. */
export default defineModule({
  name: 'shop',
  order: 40,
  routes: shopRoutes,
  seedDemo: seedShopDemo,
});
