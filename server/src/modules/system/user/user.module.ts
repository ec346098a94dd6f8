import { idsParam } from '@jz/contracts/common';
import {
  avatarBody,
  passwordEditBody,
  profileEditBody,
  rePasswordBody,
  userAddBody,
  userEditBody,
  userQuery,
} from '@jz/contracts/user';
import type { FastifyRequest } from 'fastify';
import { assertMayCreate, assertMayManage, authorityOf, targetOf } from '../../../lib/authority.ts';
import { ok } from '../../../lib/envelope.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { limitedPasswordTry } from '../../auth/password-login.service.ts';
import { revokeUserSessions } from '../../auth/session.service.ts';
import { consumeCode, issueCode } from '../../auth/sms-code.service.ts';
import { defineModule } from '../../types.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import * as admin from './user.admin.repo.ts';
import { findUserInfo } from '../../auth/user-info.service.ts';
import { seedAdmin } from './user.seed.ts';

const oplog = (type: 'add' | 'edit' | 'delete' | 'other') => ({ title: '用户管理', type });
const self = (type: 'edit' | 'other') => ({ title: '个人中心', type });

export default defineModule({
  name: 'user',
  order: 30,
  // Seeds run outside a request; the validated config default matches loadConfig()'s.
  seed: ({ db }) => seedAdmin(db, process.env.ADMIN_PHONE || '13800000000'),
  routes(app) {
    const base = '/tmpl/api/sys/user';

    // Self-service (every signed-in user, platform or merchant): the caller's own profile, name, avatar, password.
    app.get(`${base}/findProfile`, { config: { signedIn: true } }, async (req) =>
      ok(await findUserInfo(app.db, currentUser(req).id), 'ok'),
    );

    app.post(
      `${base}/edit/profile`,
      { schema: { body: profileEditBody }, config: { signedIn: true, oplog: self('edit') } },
      async (req) => {
        await admin.updateSelf(app.db, currentUser(req).id, { nickName: req.body.nickName });
        return ok(await findUserInfo(app.db, currentUser(req).id));
      },
    );

    app.post(
      `${base}/avatar`,
      { schema: { body: avatarBody }, config: { signedIn: true, oplog: self('edit') } },
      async (req) => {
        await admin.updateSelf(app.db, currentUser(req).id, { headUrl: req.body.headUrl });
        return ok({ headUrl: req.body.headUrl });
      },
    );

    /** A code to the caller's own phone, for setting a password when none is set yet. */
    app.post(`${base}/edit/password/sendCode`, { config: { signedIn: true } }, async (req) => {
      await issueCode(app, currentUser(req).phone, 'password', req.ip);
      return ok(null, '验证码已发送');
    });

    /** Needs the old password, or (when none is set) an SMS code; ends the caller's other sessions. */
    app.post(
      `${base}/edit/password`,
      { schema: { body: passwordEditBody }, config: { signedIn: true, oplog: self('edit') } },
      async (req) => {
        const me = currentUser(req);
        const row = await app.db
          .selectFrom('user')
          .select('passwordHash')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow();
        if (row.passwordHash) {
          if (!req.body.oldPassword) throw invalid('请输入原密码');
          const old = req.body.oldPassword;
          // Throttled like password sign-in, on the same per-account budget: a stolen session cannot guess it.
          await limitedPasswordTry(app, {
            key: `u:${me.id}`,
            ip: req.ip,
            check: () => verifyPassword(old, row.passwordHash),
            messages: {
              ipLimited: '当前网络密码尝试过于频繁，请 1 小时后再试',
              locked: (mins) => `原密码错误次数过多，请 ${mins} 分钟后再试，或退出后使用短信登录`,
              wrong: (left) => (left > 0 ? `原密码错误，还可尝试 ${left} 次` : '原密码错误，已锁定 1 小时'),
            },
          });
        } else {
          if (!req.body.code) throw invalid('请输入短信验证码');
          await consumeCode(app, me.phone, 'password', req.body.code);
        }
        await admin.setPasswordHash(app.db, me.id, await hashPassword(req.body.newPassword));
        await admin.revokeOtherSessions(app.db, me.id, me.sessionId);
        return ok(null, '密码已修改');
      },
    );

    // The platform's 用户管理 (sys: codes; the auth hook refuses them to every merchant user). Acting on a user
    // follows lib/authority.ts: its roles' codes, before and after, inside the caller's own (super passes).
    const mayManagePlatformUser = async (req: FastifyRequest, id: number, roleIds?: number[]) => {
      await admin.platformUser(app.db, id);
      const target = await targetOf(app.db, id);
      if (!target) throw notFound('用户不存在');
      await assertMayManage(app.db, await authorityOf(app.db, currentUser(req)), target, { roleIds });
    };
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: userQuery }, config: { perm: 'sys:user:list' } },
      async (req) => ok(await admin.pageUsers(app.db, req.query), 'ok'),
    );

    /** `add` adds (the original front end had add and edit swapped: here each does what it says). */
    app.post(
      `${base}/add`,
      { schema: { body: userAddBody }, config: { perm: 'sys:user:add', oplog: oplog('add') } },
      async (req) => {
        const { password, ...v } = req.body;
        await assertMayCreate(app.db, await authorityOf(app.db, currentUser(req)), v.roleIds, 'all');
        return ok(await admin.addUser(app.db, { ...v, passwordHash: password ? await hashPassword(password) : null }));
      },
    );

    /** `edit` edits; disabling a user ends its sessions at once. */
    app.post(
      `${base}/edit`,
      { schema: { body: userEditBody }, config: { perm: 'sys:user:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await mayManagePlatformUser(req, id, v.roleIds);
        const { disabled } = await admin.editUser(app.db, currentUser(req).id, id, v);
        if (disabled) await revokeUserSessions(app, id);
        return ok(null);
      },
    );

    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'sys:user:del', oplog: oplog('delete') } },
      async (req) => {
        for (const id of new Set(req.params.ids)) await mayManagePlatformUser(req, id);
        await admin.deleteUsers(app.db, currentUser(req).id, req.params.ids);
        return ok(null);
      },
    );

    /** Resets a user's password; its sessions end so the new password is needed everywhere. */
    app.post(
      `${base}/rePassword`,
      { schema: { body: rePasswordBody }, config: { perm: 'sys:user:rePassword', oplog: oplog('other') } },
      async (req) => {
        await mayManagePlatformUser(req, req.body.id);
        await admin.setPasswordHash(app.db, req.body.id, await hashPassword(req.body.password));
        if (req.body.id !== currentUser(req).id) await revokeUserSessions(app, req.body.id);
        return ok(null, '密码已重置');
      },
    );
  },
});
