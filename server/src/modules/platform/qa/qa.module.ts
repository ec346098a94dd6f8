import { defineModule } from '../../types.ts';
import { qaRoutes } from './qa.routes.ts';
import { seedQaDemo, seedQaDicts } from './qa.seed.ts';

/** /api/app/qa in docs/spec-notes.md#calls: question, rich-text answer (cleaned), category, sort, status. */
export default defineModule({
  name: 'qa',
  order: 60,
  routes: qaRoutes,
  seed: seedQaDicts,
  seedDemo: seedQaDemo,
});
