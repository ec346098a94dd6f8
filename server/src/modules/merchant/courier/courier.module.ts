import { defineModule } from '../../types.ts';
import { courierRoutes } from './courier.routes.ts';
import { seedCourierDemo, seedCourierDicts } from './courier.seed.ts';
import './courier.tables.ts';

/** 快递下单: courier pick-ups through a courier provider (sandbox by default). */
export default defineModule({
  name: 'courier',
  order: 86,
  routes: courierRoutes,
  seed: seedCourierDicts,
  seedDemo: ({ db, demo }) => seedCourierDemo(db, demo),
});
