import { defineModule } from '../../types.ts';
import { menuRoutes } from './menu.routes.ts';
import { seedMenus } from './menu.seed.ts';

/** Menus (菜单): the sidebar, button codes and 菜单管理. */
export default defineModule({
  name: 'menu',
  order: 10,
  seed: ({ db }) => seedMenus(db),
  routes: menuRoutes,
});
