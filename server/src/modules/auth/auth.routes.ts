import { STATUS_FLAG } from '@jz/contracts/common';
import { authApi as c } from '@jz/contracts/api/auth';
import { ok } from '../../lib/envelope.ts';
import { business } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { nowIso } from '../../lib/time.ts';
import { currentUser } from '../../plugins/auth.ts';
import { activeEmployeeByPhone, STAFF_PAGE_HINT } from '../staff/staff.service.ts';
import type { App } from '../types.ts';
import { passwordSignIn } from './password-login.service.ts';
import { openSession, revokeSession } from './session.service.ts';
import { signUpMerchantOwner } from './signup.ts';
import { consumeCode, issueCode } from './sms-code.service.ts';
import { findUserInfo } from './user-info.service.ts';

/** Sign-in and sign-out, registered from their contracts (packages/contracts/src/api/auth.ts). */
export function authRoutes(app: App) {
  route(app, c.sendCode, async (req) => {
    await issueCode(app, req.body.phone, 'login', req.ip);
    return ok(null, '验证码已发送');
  });

  /** An unknown mainland phone signs up as a new merchant's owner (signup.ts), unless it is an active employee's. */
  route(app, c.smsLogin, async (req) => {
    const { phone, code } = req.body;
    await consumeCode(app, phone, 'login', code);
    const found = await app.db
      .selectFrom('user')
      .select(['id', 'status'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (found?.status === STATUS_FLAG.DISABLED) throw business('该账号已停用，请联系管理员');
    // An employee's phone never becomes a new merchant here: she signs in on the staff page (docs/staff.md).
    if (!found && (await activeEmployeeByPhone(app.db, phone))) throw business(STAFF_PAGE_HINT);
    const userId = found?.id ?? (await signUpMerchantOwner(app.db, phone));
    return ok(await signedIn(app, userId, req.ip, req.headers['user-agent']), '登录成功');
  });

  /** 密码登录: login name or phone + password, with the SMS code's attempt limits (password-login.service.ts). */
  route(app, c.passwordLogin, async (req) => {
    const userId = await passwordSignIn(app, req.body.account, req.body.password, req.ip);
    return ok(await signedIn(app, userId, req.ip, req.headers['user-agent']), '登录成功');
  });

  route(app, c.logout, async (req) => {
    await revokeSession(app, currentUser(req).sessionId);
    return ok(null, '已退出登录');
  });
}

/** Records the sign-in and opens a session: the token and the user info both sign-ins answer. */
async function signedIn(app: App, userId: number, ip: string, userAgent: string | undefined) {
  await app.db.updateTable('user').set({ lastLoginAt: nowIso(), lastLoginIp: ip }).where('id', '=', userId).execute();
  const token = await openSession(app, userId, ip, userAgent ?? '');
  return { token, userInfo: await findUserInfo(app.db, userId) };
}
