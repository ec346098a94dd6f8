import { defineModule } from '../../types.ts';
import { regionRoutes } from './region.routes.ts';
import { seedRegionTable } from './region.seed.ts';

/** Regions (省市区): the province > city > district tree (findShengShiQu in docs/spec-notes.md#calls). */
export default defineModule({
  name: 'region',
  order: 5,
  routes: regionRoutes,
  seed: seedRegionTable,
});
