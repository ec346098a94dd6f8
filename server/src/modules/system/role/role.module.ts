import { idsParam } from '@jz/contracts/common';
import { roleAddBody, roleEditBody, roleQuery } from '@jz/contracts/role';
import { assertMayChangeRole, assertMayGrant, authorityOf, menuCodes } from '../../../lib/authority.ts';
import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import * as repo from './role.repo.ts';
import { seedRoles } from './role.seed.ts';

const oplog = (type: 'add' | 'edit' | 'delete' | 'grant') => ({ title: '角色管理', type });

export default defineModule({
  name: 'role',
  order: 20,
  seed: ({ db }) => seedRoles(db),
  routes(app) {
    // Role changes follow lib/authority.ts: a role's codes, before and after, and every holder's rights must lie
    // inside the caller's own (super passes).
    const base = '/tmpl/api/sys/role';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: roleQuery }, config: { perm: 'sys:role:list' } },
      async (req) => ok(await repo.pageRoles(app.db, req.query), 'ok'),
    );
    /** Enabled platform roles: what the user form offers (so it needs the user page's code, not the role page's). */
    app.get(`${base}/findAllByList`, { config: { perm: 'sys:user:list' } }, async () =>
      ok(await repo.listPlatformRoles(app.db), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: roleAddBody }, config: { perm: 'sys:role:add', oplog: oplog('add') } },
      async (req) => {
        const me = await authorityOf(app.db, currentUser(req));
        assertMayGrant(me, await menuCodes(app.db, req.body.menuIds));
        return ok(await repo.addRole(app.db, req.body));
      },
    );
    app.post(
      `${base}/edit`,
      { schema: { body: roleEditBody }, config: { perm: 'sys:role:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.platformRole(app.db, id);
        const me = await authorityOf(app.db, currentUser(req));
        await assertMayChangeRole(app.db, me, id, v.menuIds ? await menuCodes(app.db, v.menuIds) : undefined);
        await repo.editRole(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'sys:role:del', oplog: oplog('delete') } },
      async (req) => {
        const me = await authorityOf(app.db, currentUser(req));
        for (const id of new Set(req.params.ids)) {
          await repo.platformRole(app.db, id);
          await assertMayChangeRole(app.db, me, id);
        }
        await repo.deleteRoles(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
