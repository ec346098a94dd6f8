import { idsParam } from '@jz/contracts/common';
import { menuAddBody, menuEditBody, menuSelectQuery, menuTreeQuery } from '@jz/contracts/menu-admin';
import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import * as admin from './menu.admin.repo.ts';
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

    // 菜单管理 (sys: codes: platform admins only). Users see a change in their sidebar on their next load.
    const base = '/tmpl/api/sys/menu';
    const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '菜单管理', type });
    app.get(
      `${base}/findAllByTree`,
      { schema: { querystring: menuTreeQuery }, config: { perm: 'sys:menu:list' } },
      async (req) => ok(await admin.findAllByTree(app.db, req.query), 'ok'),
    );
    /** The checkbox tree of the role form (and the parent picker): needs the role page's code. */
    app.get(
      `${base}/findSelectByTree`,
      { schema: { querystring: menuSelectQuery }, config: { perm: 'sys:role:list' } },
      async (req) => ok(await admin.findSelectByTree(app.db, req.query), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: menuAddBody }, config: { perm: 'sys:menu:add', oplog: oplog('add') } },
      async (req) => ok(await admin.addMenu(app.db, req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: menuEditBody }, config: { perm: 'sys:menu:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await admin.editMenu(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'sys:menu:del', oplog: oplog('delete') } },
      async (req) => {
        await admin.deleteMenus(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
