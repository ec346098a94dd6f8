import { passwordLoginBody } from '@jz/contracts/account';
import { sendCodeBody, smsLoginBody } from '@jz/contracts/auth';
import { ok } from '../../lib/envelope.ts';
import { business } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findUserInfo } from './user-info.service.ts';
import { defineModule } from '../types.ts';
import { revokeSession, openSession } from './session.service.ts';
import { passwordSignIn } from './password-login.service.ts';
import { signUpMerchantOwner } from './signup.ts';
import { consumeCode, issueCode } from './sms-code.service.ts';

export default defineModule({
  name: 'auth',
  routes(app) {
    app.post(
      '/tmpl/api/app/jiazheng/login/sms/sendCode',
      { schema: { body: sendCodeBody }, config: { public: true } },
      async (req) => {
        await issueCode(app, req.body.phone, 'login', req.ip);
        return ok(null, '验证码已发送');
      },
    );

    app.post(
      '/tmpl/api/app/jiazheng/login/sms/login',
      { schema: { body: smsLoginBody }, config: { public: true, oplog: { title: '短信登录', type: 'login' } } },
      async (req) => {
        const { phone, code } = req.body;
        await consumeCode(app, phone, 'login', code);
        const found = await app.db
          .selectFrom('user')
          .select(['id', 'status'])
          .where('phone', '=', phone)
          .executeTakeFirst();
        if (found?.status === 1) throw business('该账号已停用，请联系管理员');
        const userId = found?.id ?? (await signUpMerchantOwner(app.db, phone));
        await app.db
          .updateTable('user')
          .set({ lastLoginAt: nowIso(), lastLoginIp: req.ip })
          .where('id', '=', userId)
          .execute();
        const token = await openSession(app, userId, req.ip, req.headers['user-agent'] ?? '');
        return ok({ token, userInfo: await findUserInfo(app.db, userId) }, '登录成功');
      },
    );

    /** 密码登录: login name or phone + password, with the SMS code's attempt limits (password-login.service.ts). */
    app.post(
      '/tmpl/api/app/jiazheng/login/password/login',
      { schema: { body: passwordLoginBody }, config: { public: true, oplog: { title: '密码登录', type: 'login' } } },
      async (req) => {
        const userId = await passwordSignIn(app, req.body.account, req.body.password, req.ip);
        await app.db
          .updateTable('user')
          .set({ lastLoginAt: nowIso(), lastLoginIp: req.ip })
          .where('id', '=', userId)
          .execute();
        const token = await openSession(app, userId, req.ip, req.headers['user-agent'] ?? '');
        return ok({ token, userInfo: await findUserInfo(app.db, userId) }, '登录成功');
      },
    );

    app.post(
      '/tmpl/api/sys/login/logout',
      { config: { signedIn: true, oplog: { title: '退出登录', type: 'login' } } },
      async (req) => {
        await revokeSession(app, currentUser(req).sessionId);
        return ok(null, '已退出登录');
      },
    );
  },
});
