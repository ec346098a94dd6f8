import { defineModule } from '../../types.ts';
import { fuwuRoutes } from './fuwu.routes.ts';
import { seedCategoryTree } from './fuwu.seed.ts';

/** Service categories (服务类目): the platform tree, customers' selector, the current shop's categories. */
export default defineModule({
  name: 'fuwu',
  order: 41,
  routes: fuwuRoutes,
  seed: seedCategoryTree,
});
