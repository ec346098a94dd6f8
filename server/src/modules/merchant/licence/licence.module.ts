import { defineModule } from '../../types.ts';
import { licenceRoutes } from './licence.routes.ts';
import { seedLicenceDemo, seedLicenceDicts } from './licence.seed.ts';

/** Licences (证照): the merchant's own, the platform's audit and the expiry reminders (README.md). */
export default defineModule({
  name: 'licence',
  order: 61,
  routes: licenceRoutes,
  seed: seedLicenceDicts,
  seedDemo: seedLicenceDemo,
});
