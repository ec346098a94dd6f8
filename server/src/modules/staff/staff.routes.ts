import multipart from '@fastify/multipart';
import { staffApi as c, staffLeaveReviewApi as review } from '@jz/contracts/api/staff';
import { PRIVATE_FILE_PREFIX } from '@jz/contracts/upload';
import type { FastifyRequest } from 'fastify';
import type { StaffCaller } from '../../lib/caller.ts';
import { ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { tenantOf } from '../../lib/tenant.ts';
import { nowIso } from '../../lib/time.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';
import { consumeCode, issueCode } from '../auth/sms-code.service.ts';
import { parserLimit, receive, storeUpload, uploadSettings } from '../common/upload/upload.service.ts';
import { staffArrive, staffDepart, staffFinish, staffStart } from '../merchant/order/order-staff-steps.ts';
import type { App } from '../types.ts';
import { staffJob, staffJobs, staffMonth, revealPhone } from './staff-jobs.ts';
import { decideLeaveRequest, listLeaveRequests, requestLeave, staffSchedule, withdrawLeave } from './staff-leave.ts';
import {
  assertStaffPhone,
  openStaffSession,
  resolveStaffToken,
  revokeStaffSession,
  staffEmployeeOf,
} from './staff-session.ts';
import { stepOnce, stepTime } from './staff-steps.ts';
import './staff.tables.ts';

/** The SMS code purpose of the staff sign-in (its own codes; the same resend, hourly, daily and per-IP limits). */
const PURPOSE = 'staff-login';

/** The staff caller of a `staff` route (its hook has already refused anyone else). */
export function currentStaff(req: FastifyRequest): StaffCaller {
  if (!req.staff) throw unauthorized('请先登录（员工端）');
  return req.staff;
}

/**
 * The staff page's calls (packages/contracts/src/api/staff.ts) and the dispatcher's leave-request calls. `staff` routes
 * are authenticated here, in this module's scope: `Authorization: Bearer <staff token>` looked up in staff_session
 * (with the employee still active on the same merchant); a console token is unknown there, so it gets 401, and a staff
 * token is unknown to the console's `session`, so every console route answers it 401.
 */
export async function staffRoutes(app: App) {
  const s = uploadSettings();
  await app.register(multipart, {
    limits: { fileSize: parserLimit(s), files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.config.staff) return;
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('请先登录（员工端）');
    const caller = await resolveStaffToken(app.db, token);
    if (!caller) throw unauthorized('员工端登录已失效，请重新登录');
    req.staff = caller;
  });

  route(app, c.sendCode, async (req) => {
    await assertStaffPhone(app.db, req.body.phone);
    await issueCode(app, req.body.phone, PURPOSE, req.ip);
    return ok(null, '验证码已发送');
  });
  route(app, c.login, async (req) => {
    const { phone, code } = req.body;
    await consumeCode(app, phone, PURPOSE, code);
    const e = await assertStaffPhone(app.db, phone);
    return ok(await openStaffSession(app.db, e.id, req.ip, req.headers['user-agent'] ?? ''), '登录成功');
  });
  route(app, c.logout, async (req) => {
    await revokeStaffSession(app.db, currentStaff(req).sessionId);
    return ok(null, '已退出登录');
  });
  route(app, c.me, async (req) => ok(await staffEmployeeOf(app.db, currentStaff(req).employeeId), 'ok'));

  route(app, c.jobs, async (req) => ok(await staffJobs(app.db, currentStaff(req), req.query), 'ok'));
  route(app, c.job, async (req) => ok(await staffJob(app.db, currentStaff(req), req.params.orderId), 'ok'));
  route(app, c.revealPhone, async (req) => ok(await revealPhone(app.db, currentStaff(req), req.params.orderId), 'ok'));
  route(app, c.month, async (req) => ok(await staffMonth(app.db, currentStaff(req), req.query.month), 'ok'));

  // The steps: each answers the job as it now is; a stepId already used answers it again without doing anything.
  const actor = (st: StaffCaller) => ({ employeeId: st.employeeId, merchantId: st.merchantId, name: st.name });
  route(app, c.depart, async (req) => {
    const st = currentStaff(req);
    const id = req.params.orderId;
    await stepOnce(app.db, st, req.body.stepId, id, 'depart', () =>
      staffDepart(app.db, actor(st), id, stepTime(req.body.at)),
    );
    return ok(await staffJob(app.db, st, id), '已出发');
  });
  route(app, c.arrive, async (req) => {
    const st = currentStaff(req);
    const id = req.params.orderId;
    const { lat, lng, accuracy } = req.body;
    await stepOnce(app.db, st, req.body.stepId, id, 'arrive', () =>
      staffArrive(app.db, actor(st), id, { lat, lng, accuracy }, stepTime(req.body.at)),
    );
    return ok(await staffJob(app.db, st, id), '已到达打卡');
  });
  route(app, c.start, async (req) => {
    const st = currentStaff(req);
    const id = req.params.orderId;
    await stepOnce(app.db, st, req.body.stepId, id, 'start', () =>
      staffStart(app.db, actor(st), id, req.body.code, stepTime(req.body.at)),
    );
    return ok(await staffJob(app.db, st, id), '已开始服务');
  });
  route(app, c.finish, async (req) => {
    const st = currentStaff(req);
    const id = req.params.orderId;
    await stepOnce(app.db, st, req.body.stepId, id, 'finish', () =>
      staffFinish(app.db, actor(st), id, { photos: req.body.photos, note: req.body.note }, stepTime(req.body.at)),
    );
    return ok(await staffJob(app.db, st, id), '服务已完成');
  });

  route(app, c.upload, async (req) => {
    const st = currentStaff(req);
    const r = await receive(req, s);
    // Always the private `job` folder, images only, whatever the form says.
    const up = await storeUpload(
      app,
      { id: null, merchantId: st.merchantId },
      { ...r, fields: {} },
      { defaultRoot: 'job', allowed: ['image'], s },
    );
    const key = up.url.slice(PRIVATE_FILE_PREFIX.length);
    await app.db
      .insertInto('staffUpload')
      .values({ storageKey: key, merchantId: st.merchantId, employeeId: st.employeeId, createdAt: nowIso() })
      .execute();
    return ok({ url: up.url }, '上传成功');
  });

  route(app, c.schedule, async (req) => ok(await staffSchedule(app.db, currentStaff(req), req.query), 'ok'));
  route(app, c.requestLeave, async (req) =>
    ok(await requestLeave(app.db, currentStaff(req), req.body), '请假申请已提交，等待审批'),
  );
  route(app, c.withdrawLeave, async (req) =>
    ok(await withdrawLeave(app.db, currentStaff(req), req.params.id), '请假申请已撤回'),
  );

  route(app, review.list, async (req) => ok(await listLeaveRequests(app.db, await tenantOf(app.db, req), req.query)));
  route(app, review.decide, async (req) => {
    const r = await decideLeaveRequest(app.db, await tenantOf(app.db, req), currentUser(req).id, req.body);
    return ok(r, req.body.approve ? '已批准，休假已生效' : '已拒绝');
  });
}
