import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import { buildTree, findUserMenus } from './menu.repo.ts';
import { seedMenus } from './menu.seed.ts';

export default defineModule({
  name: 'menu',
  order: 10,
  seed: ({ db }) => seedMenus(db),
  routes(app) {
    /** The signed-in user's sidebar: folders and pages its roles grant (spec §2 sidebar, §3 menu item). */
    app.get('/tmpl/api/sys/menu/findUserMenuByTree', { config: { signedIn: true } }, async (req) => {
      const user = currentUser(req);
      const rows = await findUserMenus(app.db, user, ['CAIDAN', 'ZICAIDAN']);
      // Keep only folders that (transitively) hold a granted page, so the sidebar has no empty folders.
      const tree = buildTree(rows);
      const prune = (list: typeof tree): typeof tree =>
        list
          .map((m) => (m.children ? { ...m, children: prune(m.children) } : m))
          .filter((m) => m.type !== 'CAIDAN' || (m.children?.length ?? 0) > 0);
      return ok(prune(tree), 'ok');
    });

    /** Button codes for spec §6's button-level permission; the super admin gets ['super']. */
    app.get('/tmpl/api/sys/menu/findAllPerByUserId', { config: { signedIn: true } }, async (req) => {
      const user = currentUser(req);
      return ok([...user.perms].sort(), 'ok');
    });
  },
});
