import { STATUS_FLAG } from '@jz/contracts/common';
import { subAccountApi as c } from '@jz/contracts/api/account';
import type { FastifyRequest } from 'fastify';
import {
  assertMayChangeRole,
  assertMayCreate,
  assertMayManage,
  authorityOf,
  menuCodes,
} from '../../../lib/authority.ts';
import { ok } from '../../../lib/envelope.ts';
import { business } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/password.ts';
import { route } from '../../../lib/route.ts';
import { type Tenant, tenantOf } from '../../../lib/tenant.ts';
import { loadPerms } from '../../../plugins/auth.ts';
import { revokeUserSessions } from '../../auth/session.service.ts';
import { setPasswordHash } from '../../system/user/user.service.ts';
import type { App } from '../../types.ts';
import * as role from './subaccount-role.repo.ts';
import * as sub from './subaccount.repo.ts';

/** The codes the merchant holds: its owners' codes (a sub-account can never get more). */
async function merchantPerms(app: App, t: Tenant) {
  const owners = await app.db
    .selectFrom('user')
    .select('id')
    .where('merchantId', '=', t.merchantId)
    .where('isOwner', '=', 1)
    .execute();
  const out = new Set<string>();
  for (const o of owners) for (const p of await loadPerms(app, o.id)) out.add(p);
  return out;
}

/** 子账号与权限, registered from their contracts (packages/contracts/src/api/account.ts). */
export function subAccountRoutes(app: App) {
  // Every call below that acts on an account or a role goes through lib/authority.ts: the target's codes and shops,
  // before and after, must lie inside the caller's own; nobody changes its own role or shops; owners pass.
  const scope = async (req: FastifyRequest) => {
    const t = await tenantOf(app.db, req);
    return { t, me: await authorityOf(app.db, t.user) };
  };

  route(app, c.page, async (req) => {
    const { t, me } = await scope(req);
    return ok(await sub.pageSubAccounts(app.db, t, me, req.query), 'ok');
  });
  route(app, c.detail, async (req) => {
    const { t, me } = await scope(req);
    return ok(await sub.subDetail(app.db, t, me, req.query.id), 'ok');
  });
  /** The shops the caller may hand out (its own limit applies). */
  route(app, c.shops, async (req) => ok(await sub.merchantShops(app.db, await tenantOf(app.db, req)), 'ok'));
  route(app, c.add, async (req) => {
    const { t, me } = await scope(req);
    const { password, ...v } = req.body;
    await role.findOwnRole(app.db, t, v.roleId);
    await assertMayCreate(app.db, me, [v.roleId], v.shopIds);
    return ok(await sub.addSub(app.db, t, { ...v, passwordHash: password ? await hashPassword(password) : null }));
  });
  route(app, c.edit, async (req) => {
    const { t, me } = await scope(req);
    const { id, ...v } = req.body;
    const target = await sub.findSubTarget(app.db, t, id);
    if (v.roleId) await role.findOwnRole(app.db, t, v.roleId);
    await assertMayManage(app.db, me, target, { roleIds: v.roleId ? [v.roleId] : undefined, shops: v.shopIds });
    await sub.editSub(app.db, t, id, v);
    return ok(null);
  });
  /** Enable/disable: the account's sessions end at once either way. */
  route(app, c.setStatus, async (req) => {
    const { t, me } = await scope(req);
    await assertMayManage(app.db, me, await sub.findSubTarget(app.db, t, req.body.id));
    await sub.setSubStatus(app.db, t, req.body.id, req.body.status);
    await revokeUserSessions(app, req.body.id);
    return ok(null, req.body.status === STATUS_FLAG.DISABLED ? '账号已停用' : '账号已启用');
  });
  route(app, c.rePassword, async (req) => {
    const { t, me } = await scope(req);
    const target = await sub.findSubTarget(app.db, t, req.body.id);
    // Its own password is changed with the old one (我的账号), not reset here.
    if (target.id === me.userId) throw business('请在「我的账号」中修改自己的密码');
    await assertMayManage(app.db, me, target);
    await setPasswordHash(app.db, req.body.id, await hashPassword(req.body.password));
    await revokeUserSessions(app, req.body.id);
    return ok(null, '密码已重置');
  });
  route(app, c.remove, async (req) => {
    const { t, me } = await scope(req);
    if (req.params.ids.includes(me.userId)) throw business('不能删除自己的账号');
    // The whole list is refused when one account is out of reach.
    for (const id of new Set(req.params.ids)) await assertMayManage(app.db, me, await sub.findSubTarget(app.db, t, id));
    await sub.deleteSubs(app.db, t, req.params.ids);
    return ok(null);
  });

  /* roles */
  route(app, c.roles, async (req) => ok(await role.listRoles(app.db, await tenantOf(app.db, req)), 'ok'));
  route(app, c.grantTree, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(role.toTree(await role.grantableMenus(app.db, t, await merchantPerms(app, t))), 'ok');
  });
  route(app, c.addRole, async (req) => {
    const t = await tenantOf(app.db, req);
    await role.assertGrantable(app.db, t, await merchantPerms(app, t), req.body.menuIds);
    return ok(await role.addRole(app.db, t, req.body));
  });
  route(app, c.editRole, async (req) => {
    const { t, me } = await scope(req);
    const { id, ...v } = req.body;
    await role.findOwnRole(app.db, t, id);
    if (v.menuIds) await role.assertGrantable(app.db, t, await merchantPerms(app, t), v.menuIds);
    await assertMayChangeRole(app.db, me, id, v.menuIds ? await menuCodes(app.db, v.menuIds) : undefined);
    await role.editRole(app.db, t, id, v);
    return ok(null);
  });
  route(app, c.removeRoles, async (req) => {
    const { t, me } = await scope(req);
    for (const id of new Set(req.params.ids)) {
      await role.findOwnRole(app.db, t, id);
      await assertMayChangeRole(app.db, me, id);
    }
    await role.deleteRoles(app.db, t, req.params.ids);
    return ok(null);
  });
}
