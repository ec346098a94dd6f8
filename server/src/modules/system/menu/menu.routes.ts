import { menuApi as c } from '@jz/contracts/api/menu';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { buildTree, bySortThenId } from '../../../lib/tree.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as admin from './menu.admin.repo.ts';
import * as repo from './menu.repo.ts';

/** Menu routes, registered from their contracts (packages/contracts/src/api/menu.ts). */
export function menuRoutes(app: App) {
  /** The signed-in user's sidebar: folders and pages its roles grant (docs/spec-notes.md#routes sidebar, #records menu item). */
  route(app, c.userTree, async (req) => {
    const user = currentUser(req);
    const rows = await repo.findUserMenus(app.db, user, ['CAIDAN', 'ZICAIDAN']);
    // Keep only folders that (transitively) hold a granted page, so the sidebar has no empty folders.
    const tree = buildTree(rows, { compare: bySortThenId });
    const prune = (list: typeof tree): typeof tree =>
      list
        .map((m) => (m.children ? { ...m, children: prune(m.children) } : m))
        .filter((m) => m.type !== 'CAIDAN' || (m.children?.length ?? 0) > 0);
    return ok(prune(tree), 'ok');
  });

  /** Button codes for the button-level permission (docs/spec-notes.md#permissions); the super admin gets ['super']. */
  route(app, c.userPerms, async (req) => ok([...currentUser(req).perms].sort(), 'ok'));

  route(app, c.tree, async (req) => ok(await admin.findAllByTree(app.db, req.query), 'ok'));
  route(app, c.selectTree, async (req) => ok(await admin.findSelectByTree(app.db, req.query), 'ok'));
  route(app, c.add, async (req) => ok(await admin.addMenu(app.db, req.body)));
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await admin.editMenu(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await admin.deleteMenus(app.db, req.params.ids);
    return ok(null);
  });
}
