import { defineModule } from '../../types.ts';
import { jinjianRoutes } from './jinjian.routes.ts';
import { seedDemoJinjian, seedJinjianDicts } from './jinjian.seed.ts';
import './jinjian.tables.ts';

/** Payment onboarding (用户进件): the merchant's application to the payment provider, shown masked. */
export default defineModule({
  name: 'jinjian',
  // After finance (its bank cards receive the approved settlement card) and the bank-branch sample.
  order: 90,
  routes: jinjianRoutes,
  seed: seedJinjianDicts,
  seedDemo: ({ db, demo }) => seedDemoJinjian(db, demo),
});
