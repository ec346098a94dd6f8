import { defineModule } from '../../types.ts';
import { configRoutes } from './config.routes.ts';
import { seedConfigTypes } from './config.seed.ts';

/** configuration in docs/spec-notes.md#calls: platform texts and settings, read by any signed-in user, edited by platform admins. */
export default defineModule({
  name: 'config',
  order: 20,
  seed: seedConfigTypes,
  routes: configRoutes,
});
