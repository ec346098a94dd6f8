import { defineModule } from '../../types.ts';
import { qaRoutes } from './qa.routes.ts';
import { seedQaDemo, seedQaDicts } from './qa.seed.ts';

/** spec §7 /api/app/qa: question, rich-text answer (cleaned), category, sort, status. */
export default defineModule({
  name: 'qa',
  order: 60,
  routes: qaRoutes,
  seed: seedQaDicts,
  seedDemo: seedQaDemo,
});
