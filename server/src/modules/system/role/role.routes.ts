import { roleApi as c } from '@jz/contracts/api/role';
import { assertMayChangeRole, assertMayGrant, authorityOf, menuCodes } from '../../../lib/authority.ts';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './role.repo.ts';

/**
 * Role routes, registered from their contracts (packages/contracts/src/api/role.ts). Role changes follow
 * lib/authority.ts: a role's codes, before and after, and every holder's rights must lie inside the caller's own.
 */
export function roleRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageRoles(app.db, req.query), 'ok'));
  route(app, c.list, async () => ok(await repo.listPlatformRoles(app.db), 'ok'));
  route(app, c.add, async (req) => {
    const me = await authorityOf(app.db, currentUser(req));
    assertMayGrant(me, await menuCodes(app.db, req.body.menuIds));
    return ok(await repo.addRole(app.db, req.body));
  });
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.platformRole(app.db, id);
    const me = await authorityOf(app.db, currentUser(req));
    await assertMayChangeRole(app.db, me, id, v.menuIds ? await menuCodes(app.db, v.menuIds) : undefined);
    await repo.editRole(app.db, id, v);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    const me = await authorityOf(app.db, currentUser(req));
    for (const id of new Set(req.params.ids)) {
      await repo.platformRole(app.db, id);
      await assertMayChangeRole(app.db, me, id);
    }
    await repo.deleteRoles(app.db, req.params.ids);
    return ok(null);
  });
}
