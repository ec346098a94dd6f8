import { userApi as c } from '@jz/contracts/api/user';
import type { FastifyRequest } from 'fastify';
import { assertMayCreate, assertMayManage, authorityOf, targetOf } from '../../../lib/authority.ts';
import { ok } from '../../../lib/envelope.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../../lib/password.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { limitedPasswordTry } from '../../auth/password-login.service.ts';
import { revokeUserSessions } from '../../auth/session.service.ts';
import { consumeCode, issueCode } from '../../auth/sms-code.service.ts';
import { findUserInfo } from '../../auth/user-info.service.ts';
import type { App } from '../../types.ts';
import * as admin from './user.admin.repo.ts';

/** The caller's own profile and the platform's 用户管理, registered from their contracts (api/user.ts). */
export function userRoutes(app: App) {
  // Self-service (every signed-in user, platform or merchant): the caller's own profile, name, avatar, password.
  route(app, c.profile, async (req) => ok(await findUserInfo(app.db, currentUser(req).id), 'ok'));

  route(app, c.editProfile, async (req) => {
    await admin.updateSelf(app.db, currentUser(req).id, { nickName: req.body.nickName });
    return ok(await findUserInfo(app.db, currentUser(req).id));
  });

  route(app, c.avatar, async (req) => {
    await admin.updateSelf(app.db, currentUser(req).id, { headUrl: req.body.headUrl });
    return ok({ headUrl: req.body.headUrl });
  });

  /** A code to the caller's own phone, for setting a password when none is set yet. */
  route(app, c.passwordCode, async (req) => {
    await issueCode(app, currentUser(req).phone, 'password', req.ip);
    return ok(null, '验证码已发送');
  });

  /** Needs the old password, or (when none is set) an SMS code; ends the caller's other sessions. */
  route(app, c.editPassword, async (req) => {
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
  });

  // The platform's 用户管理 (sys: codes; the auth hook refuses them to every merchant user). Acting on a user
  // follows lib/authority.ts: its roles' codes, before and after, inside the caller's own (super passes).
  const mayManagePlatformUser = async (req: FastifyRequest, id: number, roleIds?: number[]) => {
    await admin.platformUser(app.db, id);
    const target = await targetOf(app.db, id);
    if (!target) throw notFound('用户不存在');
    await assertMayManage(app.db, await authorityOf(app.db, currentUser(req)), target, { roleIds });
  };

  route(app, c.page, async (req) => ok(await admin.pageUsers(app.db, req.query), 'ok'));

  /** `add` adds (the original front end had add and edit swapped: here each does what it says). */
  route(app, c.add, async (req) => {
    const { password, ...v } = req.body;
    await assertMayCreate(app.db, await authorityOf(app.db, currentUser(req)), v.roleIds, 'all');
    return ok(await admin.addUser(app.db, { ...v, passwordHash: password ? await hashPassword(password) : null }));
  });

  /** `edit` edits; disabling a user ends its sessions at once. */
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await mayManagePlatformUser(req, id, v.roleIds);
    const { disabled } = await admin.editUser(app.db, currentUser(req).id, id, v);
    if (disabled) await revokeUserSessions(app, id);
    return ok(null);
  });

  route(app, c.remove, async (req) => {
    for (const id of new Set(req.params.ids)) await mayManagePlatformUser(req, id);
    await admin.deleteUsers(app.db, currentUser(req).id, req.params.ids);
    return ok(null);
  });

  /** Resets a user's password; its sessions end so the new password is needed everywhere. */
  route(app, c.rePassword, async (req) => {
    await mayManagePlatformUser(req, req.body.id);
    await admin.setPasswordHash(app.db, req.body.id, await hashPassword(req.body.password));
    if (req.body.id !== currentUser(req).id) await revokeUserSessions(app, req.body.id);
    return ok(null, '密码已重置');
  });
}
