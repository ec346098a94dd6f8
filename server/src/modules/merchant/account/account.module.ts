import { loginNameEditBody, phoneChangeBody, phoneSendNewBody, phoneVerifyOldBody } from '@jz/contracts/account';
import { idParam, idsParam } from '@jz/contracts/common';
import {
  merchantRoleAddBody,
  merchantRoleEditBody,
  subAccountAddBody,
  subAccountEditBody,
  subAccountQuery,
  subAccountRePasswordBody,
  subAccountStatusBody,
} from '@jz/contracts/subaccount';
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
import { type Tenant, tenantOf } from '../../../lib/tenant.ts';
import { currentUser, loadPerms } from '../../../plugins/auth.ts';
import { revokeUserSessions } from '../../auth/session.service.ts';
import { consumeCode, issueCode } from '../../auth/sms-code.service.ts';
import { hashPassword } from '../../../lib/password.ts';
import { revokeOtherSessions, setPasswordHash } from '../../system/user/user.admin.repo.ts';
import { findUserInfo } from '../../auth/user-info.service.ts';
import { type App, defineModule } from '../../types.ts';
import * as acc from './account.repo.ts';
import * as sub from './subaccount.repo.ts';

const self = { title: '我的账号', type: 'edit' } as const;
const team = (type: 'add' | 'edit' | 'delete' | 'grant' | 'other') => ({ title: '子账号与权限', type });

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

export default defineModule({
  name: 'account',
  order: 60,
  // domain.md's demo sub-account works in every shop: granted explicitly, as the team page would.
  seedDemo: async ({ db, demo }) => {
    await db.updateTable('user').set({ allShops: 1 }).where('id', '=', demo.merchantA.subId).execute();
  },
  routes(app) {
    const me = '/tmpl/api/merchant/account';

    /* ---------------- 我的账号 (every signed-in user: a sub-account reaches it from the header) */
    app.get(`${me}/mine`, { config: { signedIn: true } }, async (req) =>
      ok(await acc.myAccount(app.db, currentUser(req).id, currentUser(req).sessionId), 'ok'),
    );

    app.post(
      `${me}/edit/loginName`,
      { schema: { body: loginNameEditBody }, config: { signedIn: true, oplog: self } },
      async (req) => {
        await acc.setLoginName(app.db, currentUser(req).id, req.body.loginName);
        return ok(await findUserInfo(app.db, currentUser(req).id), '账号名已修改');
      },
    );

    /** 修改手机号 step 1: a code to the current phone. */
    app.post(`${me}/phone/sendOld`, { config: { signedIn: true } }, async (req) => {
      await issueCode(app, currentUser(req).phone, 'phone_old', req.ip);
      return ok(null, '验证码已发送');
    });

    /** Step 1 checked: answers a ticket (10 minutes, this session) for step 2. */
    app.post(
      `${me}/phone/verifyOld`,
      { schema: { body: phoneVerifyOldBody }, config: { signedIn: true } },
      async (req) => {
        const u = currentUser(req);
        await consumeCode(app, u.phone, 'phone_old', req.body.code);
        return ok({ ticket: acc.phoneTicket(app.config.APP_SECRET, u.id, u.sessionId) }, '验证成功');
      },
    );

    /** Step 2: a code to the new phone, which no other account may use. */
    app.post(`${me}/phone/sendNew`, { schema: { body: phoneSendNewBody }, config: { signedIn: true } }, async (req) => {
      const u = currentUser(req);
      if (req.body.phone === u.phone) throw business('新手机号不能与原手机号相同');
      await acc.assertPhoneFree(app.db, req.body.phone, u.id);
      await issueCode(app, req.body.phone, 'phone_new', req.ip);
      return ok(null, '验证码已发送');
    });

    /** Step 2 done: the phone changes and every other session of the account ends (this one stays). */
    app.post(
      `${me}/phone/edit`,
      { schema: { body: phoneChangeBody }, config: { signedIn: true, oplog: self } },
      async (req) => {
        const u = currentUser(req);
        acc.checkPhoneTicket(app.config.APP_SECRET, u.id, u.sessionId, req.body.ticket);
        if (req.body.phone === u.phone) throw business('新手机号不能与原手机号相同');
        await acc.assertPhoneFree(app.db, req.body.phone, u.id);
        await consumeCode(app, req.body.phone, 'phone_new', req.body.code);
        await acc.setPhone(app.db, u.id, req.body.phone);
        await revokeOtherSessions(app.db, u.id, u.sessionId);
        return ok(await findUserInfo(app.db, u.id), '手机号已修改');
      },
    );

    /* ---------------- 子账号与权限 */
    const base = '/tmpl/api/merchant/subaccount';

    // Every call below that acts on an account or a role goes through lib/authority.ts: the target's codes and shops,
    // before and after, must lie inside the caller's own; nobody changes its own role or shops; owners pass.
    const scope = async (req: FastifyRequest) => {
      const t = await tenantOf(app.db, req);
      return { t, me: await authorityOf(app.db, t.user) };
    };

    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: subAccountQuery }, config: { perm: 'merchant:subaccount:list' } },
      async (req) => {
        const { t, me } = await scope(req);
        return ok(await sub.pageSubAccounts(app.db, t, me, req.query), 'ok');
      },
    );
    app.get(
      `${base}/detail`,
      { schema: { querystring: idParam }, config: { perm: 'merchant:subaccount:query' } },
      async (req) => {
        const { t, me } = await scope(req);
        return ok(await sub.subDetail(app.db, t, me, req.query.id), 'ok');
      },
    );
    /** The shops the caller may hand out (its own limit applies). */
    app.get(`${base}/shops`, { config: { perm: 'merchant:subaccount:list' } }, async (req) =>
      ok(await sub.merchantShops(app.db, await tenantOf(app.db, req)), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: subAccountAddBody }, config: { perm: 'merchant:subaccount:add', oplog: team('add') } },
      async (req) => {
        const { t, me } = await scope(req);
        const { password, ...v } = req.body;
        await sub.findOwnRole(app.db, t, v.roleId);
        await assertMayCreate(app.db, me, [v.roleId], v.shopIds);
        return ok(await sub.addSub(app.db, t, { ...v, passwordHash: password ? await hashPassword(password) : null }));
      },
    );
    app.post(
      `${base}/edit`,
      { schema: { body: subAccountEditBody }, config: { perm: 'merchant:subaccount:edit', oplog: team('edit') } },
      async (req) => {
        const { t, me } = await scope(req);
        const { id, ...v } = req.body;
        const target = await sub.findSubTarget(app.db, t, id);
        if (v.roleId) await sub.findOwnRole(app.db, t, v.roleId);
        await assertMayManage(app.db, me, target, { roleIds: v.roleId ? [v.roleId] : undefined, shops: v.shopIds });
        await sub.editSub(app.db, t, id, v);
        return ok(null);
      },
    );
    /** Enable/disable: the account's sessions end at once either way. */
    app.post(
      `${base}/status`,
      { schema: { body: subAccountStatusBody }, config: { perm: 'merchant:subaccount:status', oplog: team('edit') } },
      async (req) => {
        const { t, me } = await scope(req);
        await assertMayManage(app.db, me, await sub.findSubTarget(app.db, t, req.body.id));
        await sub.setSubStatus(app.db, t, req.body.id, req.body.status);
        await revokeUserSessions(app, req.body.id);
        return ok(null, req.body.status === 1 ? '账号已停用' : '账号已启用');
      },
    );
    app.post(
      `${base}/rePassword`,
      {
        schema: { body: subAccountRePasswordBody },
        config: { perm: 'merchant:subaccount:rePassword', oplog: team('other') },
      },
      async (req) => {
        const { t, me } = await scope(req);
        const target = await sub.findSubTarget(app.db, t, req.body.id);
        // Its own password is changed with the old one (我的账号), not reset here.
        if (target.id === me.userId) throw business('请在「我的账号」中修改自己的密码');
        await assertMayManage(app.db, me, target);
        await setPasswordHash(app.db, req.body.id, await hashPassword(req.body.password));
        await revokeUserSessions(app, req.body.id);
        return ok(null, '密码已重置');
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'merchant:subaccount:del', oplog: team('delete') } },
      async (req) => {
        const { t, me } = await scope(req);
        if (req.params.ids.includes(me.userId)) throw business('不能删除自己的账号');
        // The whole list is refused when one account is out of reach.
        for (const id of new Set(req.params.ids))
          await assertMayManage(app.db, me, await sub.findSubTarget(app.db, t, id));
        await sub.deleteSubs(app.db, t, req.params.ids);
        return ok(null);
      },
    );

    /* roles */
    app.get(`${base}/role/list`, { config: { perm: 'merchant:subaccount:list' } }, async (req) =>
      ok(await sub.listRoles(app.db, await tenantOf(app.db, req)), 'ok'),
    );
    app.get(`${base}/role/menuTree`, { config: { perm: 'merchant:subaccount:role' } }, async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(sub.toTree(await sub.grantableMenus(app.db, t, await merchantPerms(app, t))), 'ok');
    });
    app.post(
      `${base}/role/add`,
      { schema: { body: merchantRoleAddBody }, config: { perm: 'merchant:subaccount:role', oplog: team('grant') } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        await sub.assertGrantable(app.db, t, await merchantPerms(app, t), req.body.menuIds);
        return ok(await sub.addRole(app.db, t, req.body));
      },
    );
    app.post(
      `${base}/role/edit`,
      { schema: { body: merchantRoleEditBody }, config: { perm: 'merchant:subaccount:role', oplog: team('grant') } },
      async (req) => {
        const { t, me } = await scope(req);
        const { id, ...v } = req.body;
        await sub.findOwnRole(app.db, t, id);
        if (v.menuIds) await sub.assertGrantable(app.db, t, await merchantPerms(app, t), v.menuIds);
        await assertMayChangeRole(app.db, me, id, v.menuIds ? await menuCodes(app.db, v.menuIds) : undefined);
        await sub.editRole(app.db, t, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/role/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'merchant:subaccount:role', oplog: team('delete') } },
      async (req) => {
        const { t, me } = await scope(req);
        for (const id of new Set(req.params.ids)) {
          await sub.findOwnRole(app.db, t, id);
          await assertMayChangeRole(app.db, me, id);
        }
        await sub.deleteRoles(app.db, t, req.params.ids);
        return ok(null);
      },
    );
  },
});
