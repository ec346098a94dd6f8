import { defineModule } from '../../types.ts';
import { dictRoutes } from './dict.routes.ts';
import { seedDicts } from './dict.seed.ts';

/** Dictionaries (字典): value lists every page renders as labels and tags. */
export default defineModule({
  name: 'dict',
  order: 15,
  routes: dictRoutes,
  seed: seedDicts,
});
