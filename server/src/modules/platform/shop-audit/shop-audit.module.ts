import { defineModule } from '../../types.ts';
import { shopAuditRoutes } from './shop-audit.routes.ts';

/** Platform toolkit: shop audit. Listing is search/findAllByPage (platform: all shops); approving makes a shop visible. */
export default defineModule({
  name: 'shop-audit',
  order: 43,
  routes: shopAuditRoutes,
});
