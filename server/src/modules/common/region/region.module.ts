import { defineModule } from '../../types.ts';
import { regionRoutes } from './region.routes.ts';
import { seedRegionTable } from './region.seed.ts';

/** Regions (省市区): the province > city > district tree (spec §7 findShengShiQu). */
export default defineModule({
  name: 'region',
  order: 5,
  routes: regionRoutes,
  seed: seedRegionTable,
});
