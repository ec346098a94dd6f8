import { defineContract, noResult, pageOf } from '../contract.ts';
import {
  leaveRequestDecide,
  leaveRequestQuery,
  staffArriveBody,
  staffDepartBody,
  staffFinishBody,
  staffJob,
  staffJobsQuery,
  staffJobsResult,
  staffLeaveBody,
  staffLeaveParam,
  staffLeaveRequest,
  staffLeaveRequestRow,
  staffLoginBody,
  staffMonthQuery,
  staffMonthResult,
  staffOrderParam,
  staffRevealResult,
  staffScheduleQuery,
  staffScheduleResult,
  staffSendCodeBody,
  staffSession,
  staffEmployee,
  staffStartBody,
  staffUploadResult,
} from '../staff.ts';

const base = '/api/staff';

/**
 * The staff page's calls (阿姨端, docs/staff.md). Sign-in is public; every other call is `staff`: the caller is an
 * active employee signed in on the staff page (`Authorization: Bearer <staff token>`), and it reaches only her own
 * jobs, schedule and requests. A step out of order, repeated with another `stepId`, or on an order that is not hers is
 * refused and changes nothing.
 */
export const staffApi = {
  sendCode: defineContract({
    method: 'POST',
    path: `${base}/login/sms/sendCode`,
    summary: '阿姨端：发送登录验证码（仅在职员工的手机号）',
    access: { public: true },
    body: staffSendCodeBody,
    result: noResult,
  }),
  login: defineContract({
    method: 'POST',
    path: `${base}/login/sms/login`,
    summary: '阿姨端：验证码登录',
    access: { public: true },
    oplog: { title: '员工登录', type: 'login' },
    body: staffLoginBody,
    result: staffSession,
  }),
  logout: defineContract({
    method: 'POST',
    path: `${base}/logout`,
    summary: '阿姨端：退出登录',
    access: { staff: true },
    result: noResult,
  }),
  me: defineContract({
    method: 'GET',
    path: `${base}/me`,
    summary: '阿姨端：我的信息',
    access: { staff: true },
    result: staffEmployee,
  }),
  jobs: defineContract({
    method: 'GET',
    path: `${base}/jobs`,
    summary: '阿姨端：我的订单（某日或一段日期，按时间排序）',
    access: { staff: true },
    query: staffJobsQuery,
    result: staffJobsResult,
  }),
  job: defineContract({
    method: 'GET',
    path: `${base}/jobs/:orderId`,
    summary: '阿姨端：一单的详情',
    access: { staff: true },
    params: staffOrderParam,
    result: staffJob,
  }),
  revealPhone: defineContract({
    method: 'POST',
    path: `${base}/jobs/:orderId/phone`,
    summary: '阿姨端：查看顾客完整电话（服务前一天至结束后 24 小时内；每次查看都会记录）',
    access: { staff: true },
    params: staffOrderParam,
    result: staffRevealResult,
  }),
  depart: defineContract({
    method: 'POST',
    path: `${base}/jobs/:orderId/depart`,
    summary: '阿姨端：出发',
    access: { staff: true },
    params: staffOrderParam,
    body: staffDepartBody,
    result: staffJob,
  }),
  arrive: defineContract({
    method: 'POST',
    path: `${base}/jobs/:orderId/arrive`,
    summary: '阿姨端：到达打卡（位置与订单地址的距离超出店铺范围时提醒调度）',
    access: { staff: true },
    params: staffOrderParam,
    body: staffArriveBody,
    result: staffJob,
  }),
  start: defineContract({
    method: 'POST',
    path: `${base}/jobs/:orderId/start`,
    summary: '阿姨端：输入顾客核销码，开始服务',
    access: { staff: true },
    params: staffOrderParam,
    body: staffStartBody,
    result: staffJob,
  }),
  finish: defineContract({
    method: 'POST',
    path: `${base}/jobs/:orderId/finish`,
    summary: '阿姨端：完成服务（照片、备注）',
    access: { staff: true },
    params: staffOrderParam,
    body: staffFinishBody,
    result: staffJob,
  }),
  upload: defineContract({
    method: 'POST',
    path: `${base}/upload`,
    summary: '阿姨端：上传服务照片（仅图片，私有存储）',
    access: { staff: true },
    multipart: true,
    result: staffUploadResult,
  }),
  schedule: defineContract({
    method: 'GET',
    path: `${base}/schedule`,
    summary: '阿姨端：我的排班（每日工作时间、休假与请假申请）',
    access: { staff: true },
    query: staffScheduleQuery,
    result: staffScheduleResult,
  }),
  requestLeave: defineContract({
    method: 'POST',
    path: `${base}/leave`,
    summary: '阿姨端：请假申请（由调度审批）',
    access: { staff: true },
    body: staffLeaveBody,
    result: staffLeaveRequest,
  }),
  withdrawLeave: defineContract({
    method: 'POST',
    path: `${base}/leave/:id/withdraw`,
    summary: '阿姨端：撤回自己的请假申请（待审批，或已批准且休假尚未开始；已批准的休假随之取消）',
    access: { staff: true },
    params: staffLeaveParam,
    result: staffLeaveRequest,
  }),
  month: defineContract({
    method: 'GET',
    path: `${base}/completed`,
    summary: '阿姨端：本月（或指定月份）已完成的订单',
    access: { staff: true },
    query: staffMonthQuery,
    result: staffMonthResult,
  }),
};

/**
 * The console's side of the staff page: the dispatcher reads the employees' leave requests and approves (the leave
 * period is created with the same overlap rules as 派单看板's 休假) or refuses them with a reply. Scoped to the caller's
 * merchant and a limited sub-account's shops.
 */
export const staffLeaveReviewApi = {
  list: defineContract({
    method: 'GET',
    path: '/api/app/jiazheng/paidan/leaveRequest/findAllByPage',
    summary: '员工请假申请（按店铺、状态；新的在前）',
    access: { perm: 'merchant:dispatch:view', alsoPerms: ['merchant:employee:list'] },
    query: leaveRequestQuery,
    result: pageOf(staffLeaveRequestRow),
  }),
  decide: defineContract({
    method: 'POST',
    path: '/api/app/jiazheng/paidan/leaveRequest/decide',
    summary: '审批员工请假申请：批准（生成休假，与已派订单冲突时拒绝）或拒绝并回复',
    access: { perm: 'merchant:dispatch:assign' },
    oplog: { title: '请假审批', type: 'edit' },
    body: leaveRequestDecide,
    result: staffLeaveRequestRow,
  }),
};
