import { defineModule } from '../../types.ts';
import { clientRoutes } from './client.routes.ts';
import { seedDemoClients } from './client.seed.ts';
import { linkPaidOrders } from './client.service.ts';
import './client.tables.ts';

/**
 * 客户档案 (docs/customers.md): the merchant's records of its customers, made from paid orders and by hand. After the
 * orders' demo seeds (85, 87) and before prepaid cards (88), which build on the records.
 */
export default defineModule({
  name: 'client',
  order: 87.5,
  routes: clientRoutes,
  // Paid orders without a record (older than migration 2000): linked at start, idempotent.
  seed: ({ db }) => linkPaidOrders(db),
  seedDemo: ({ db, demo }) => seedDemoClients(db, demo),
});
