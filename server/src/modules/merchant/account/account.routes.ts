import { accountApi as c } from '@jz/contracts/api/account';
import { ok } from '../../../lib/envelope.ts';
import { business } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { findUserInfo } from '../../auth/user-info.service.ts';
import { consumeCode, issueCode } from '../../auth/sms-code.service.ts';
import { revokeOtherSessions } from '../../system/user/user.service.ts';
import type { App } from '../../types.ts';
import * as acc from './account.repo.ts';

/**
 * 我的账号 (every signed-in user: a sub-account reaches it from the header), registered from its contracts
 * (packages/contracts/src/api/account.ts).
 */
export function accountRoutes(app: App) {
  route(app, c.mine, async (req) =>
    ok(await acc.myAccount(app.db, currentUser(req).id, currentUser(req).sessionId), 'ok'),
  );

  route(app, c.editLoginName, async (req) => {
    await acc.setLoginName(app.db, currentUser(req).id, req.body.loginName);
    return ok(await findUserInfo(app.db, currentUser(req).id), '账号名已修改');
  });

  /** 修改手机号 step 1: a code to the current phone. */
  route(app, c.sendOldPhoneCode, async (req) => {
    await issueCode(app, currentUser(req).phone, 'phone_old', req.ip);
    return ok(null, '验证码已发送');
  });

  /** Step 1 checked: answers a ticket (10 minutes, this session) for step 2. */
  route(app, c.verifyOldPhone, async (req) => {
    const u = currentUser(req);
    await consumeCode(app, u.phone, 'phone_old', req.body.code);
    return ok({ ticket: acc.phoneTicket(app.config.APP_SECRET, u.id, u.sessionId) }, '验证成功');
  });

  /** Step 2: a code to the new phone, which no other account may use. */
  route(app, c.sendNewPhoneCode, async (req) => {
    const u = currentUser(req);
    if (req.body.phone === u.phone) throw business('新手机号不能与原手机号相同');
    await acc.assertPhoneFree(app.db, req.body.phone, u.id);
    await issueCode(app, req.body.phone, 'phone_new', req.ip);
    return ok(null, '验证码已发送');
  });

  /** Step 2 done: the phone changes and every other session of the account ends (this one stays). */
  route(app, c.editPhone, async (req) => {
    const u = currentUser(req);
    acc.checkPhoneTicket(app.config.APP_SECRET, u.id, u.sessionId, req.body.ticket);
    if (req.body.phone === u.phone) throw business('新手机号不能与原手机号相同');
    await acc.assertPhoneFree(app.db, req.body.phone, u.id);
    await consumeCode(app, req.body.phone, 'phone_new', req.body.code);
    await acc.setPhone(app.db, u.id, req.body.phone);
    await revokeOtherSessions(app.db, u.id, u.sessionId);
    return ok(await findUserInfo(app.db, u.id), '手机号已修改');
  });
}
