import { z } from 'zod';
import { dbId, jsonField, mainlandPhone, pageQuery, smsCode } from './common.ts';
import { JOB_STEPS, MAX_JOB_PHOTOS, ARRIVAL_FLAGS } from './constants/staff.ts';
// Constants, labels and helpers without schemas (constants/staff.ts), re-exported for the server and existing imports.
export * from './constants/staff.ts';

/**
 * The staff side (阿姨端, served at /staff/): an active employee signs in with her phone and an SMS code and sees only
 * her own jobs. Staff calls carry `Authorization: Bearer <staff token>`; a staff token is refused by every console
 * call and a console token by every staff call (separate session tables). docs/staff.md.
 */

/** YYYY-MM-DD (a Shanghai calendar day). */
const day = z.string({ error: '请指定日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 2026-12-01');

// ------------------------------------------------------------------ requests

export const staffSendCodeBody = z.object({ phone: mainlandPhone });
export const staffLoginBody = z.object({ phone: mainlandPhone, code: smsCode });

/** `date` one day, or `from`–`to` (at most STAFF_MAX_DAYS days); none: today in Shanghai. */
export const staffJobsQuery = z.object({
  date: day.optional(),
  from: day.optional(),
  to: day.optional(),
});

export const staffScheduleQuery = z.object({ from: day, to: day });

export const staffOrderParam = z.object({ orderId: z.coerce.number().int().positive('订单不存在') });

/** A leave request of hers (撤回). */
export const staffLeaveParam = z.object({ id: dbId });

/**
 * What every step carries: `at`, when it was taken (a step taken offline is sent later with its own time; the server
 * takes it if it lies in the last 24 hours and not in the future, else the time it arrives), and `stepId`, a key the
 * page generates once per tap so that a step sent twice (a retry after a lost answer) is done once and answered alike.
 */
const stepMeta = {
  at: z.iso.datetime({ offset: true, error: '时间格式不正确' }).optional(),
  stepId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '操作编号格式不正确')
    .optional(),
};

export const staffDepartBody = z.object({ ...stepMeta });

/** GCJ-02 (as AMap and the browser-converted point); absent when the browser gave no location. */
export const staffArriveBody = z.object({
  ...stepMeta,
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围').optional(),
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围').optional(),
  /** Accuracy the browser reported, in metres. */
  accuracy: z.coerce.number().min(0).max(100_000).optional(),
});

export const staffStartBody = z.object({
  ...stepMeta,
  code: z
    .string({ error: '请输入顾客的核销码' })
    .trim()
    .regex(/^\d{12}$/, '核销码为 12 位数字'),
});

export const staffFinishBody = z.object({
  ...stepMeta,
  /** Addresses answered by the staff upload (private `job` folder); a form sends them as one JSON field. */
  photos: jsonField(z.array(z.string().max(500)).max(MAX_JOB_PHOTOS, `最多上传 ${MAX_JOB_PHOTOS} 张照片`)).default([]),
  note: z.string().trim().max(500, '备注最多 500 字').optional(),
});

export const staffLeaveBody = z.object({
  from: z.iso.datetime({ offset: true, error: '请选择开始时间' }),
  to: z.iso.datetime({ offset: true, error: '请选择结束时间' }),
  reason: z.string({ error: '请填写请假原因' }).trim().min(1, '请填写请假原因').max(200, '原因最多 200 字'),
});

export const staffMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, '月份格式应为 2026-12')
    .optional(),
});

// ------------------------------------------------------------------ answers

export const staffEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  phoneMasked: z.string(),
  merchantName: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type StaffEmployee = z.infer<typeof staffEmployee>;

export const staffSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  employee: staffEmployee,
  /** The phone is also a console user's: the page offers the way there. */
  alsoMerchantUser: z.boolean(),
});

export const staffJob = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** ORDER_STATUS */
  status: z.number().int(),
  step: z.enum(JOB_STEPS),
  /** ISO; the job is [startsAt, endsAt). */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  goodsName: z.string(),
  /** The specification ('61–90㎡'); null when none, or when the goods name or its unit says it (as the 派工单). */
  specName: z.string().nullable(),
  /** '× 1' (a fixed specification), '3 小时', '85 平方米', '2次' (an order from before specifications). */
  quantityLabel: z.string(),
  customerName: z.string(),
  /** Masked outside the call window (the day before the job until 24 h after it ends). */
  customerPhoneMasked: z.string(),
  /** Whether `revealPhone` answers the full number now. */
  phoneCallable: z.boolean(),
  address: z.string(),
  /** GCJ-02; null when the order has no point. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The address's notes for the staff (门禁、钥匙、宠物…); null when none. */
  addressNotes: z.string().nullable(),
  remark: z.string().nullable(),
  /** The 派工单 line of this job, as printed. */
  sheetText: z.string(),
  departedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  arrivalDistanceM: z.number().int().nullable(),
  arrivalFlag: z.enum(ARRIVAL_FLAGS).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Signed, short-lived addresses of the completion photos. */
  photos: z.array(z.string()),
  finishNote: z.string().nullable(),
});
export type StaffJob = z.infer<typeof staffJob>;

export const staffJobsResult = z.object({
  from: z.string(),
  to: z.string(),
  jobs: z.array(staffJob),
});

export const staffRevealResult = z.object({ phone: z.string() });

export const staffDay = z.object({
  date: z.string(),
  /** Working ranges that day after exceptions ('08:00'–'12:00'); empty: rest day. */
  hours: z.array(z.object({ from: z.string(), to: z.string() })),
  /** Leave overlapping the day, [from, to) ISO. */
  leaves: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string().nullable() })),
  jobs: z.number().int(),
});

export const staffLeaveRequest = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  /** STAFF_LEAVE_STATUS */
  status: z.number().int(),
  /** The dispatcher's answer. */
  reply: z.string().nullable(),
  /** When the dispatcher answered; kept when she withdraws an approved leave (已撤回 with a decidedAt: 批准后撤回). */
  decidedAt: z.string().nullable(),
  /** When she withdrew it (status 已撤回), else null. */
  withdrawnAt: z.string().nullable(),
  /** Whether she may withdraw it now: pending, or approved and the leave not started yet (staffLeaveWithdrawable). */
  withdrawable: z.boolean(),
  createdAt: z.string(),
});
export type StaffLeaveRequest = z.infer<typeof staffLeaveRequest>;

export const staffScheduleResult = z.object({
  days: z.array(staffDay),
  requests: z.array(staffLeaveRequest),
});

export const staffMonthResult = z.object({
  month: z.string(),
  completed: z.number().int(),
  jobs: z.array(staffJob),
});

export const staffUploadResult = z.object({ url: z.string() });

// ------------------------------------------------------------------ console side

/**
 * The staff steps of an order as the console's order drawer shows them (null fields: not taken yet). Photos are private
 * references, signed in the answer for the merchant's users with the order permission.
 */
export const orderStaffSteps = z.object({
  employeeId: z.number().int(),
  step: z.enum(JOB_STEPS),
  departedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  arrivalDistanceM: z.number().int().nullable(),
  arrivalFlag: z.enum(ARRIVAL_FLAGS).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  photos: z.array(z.string()),
  finishNote: z.string().nullable(),
  /** When the 迟到提醒 was raised (no clock-in 15 minutes after the start); null: not late. */
  lateAt: z.string().nullable(),
});
export type OrderStaffSteps = z.infer<typeof orderStaffSteps>;

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), dbId.optional());

/** The dispatcher's list of leave requests: by shop (absent: the caller's shops) and status. */
export const leaveRequestQuery = pageQuery.extend({
  shopId: optionalId,
  employeeId: optionalId,
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(3).optional(),
  ),
});

/** 批准 (creates the leave period, refused when it overlaps assigned jobs) or 拒绝 with a reply. */
export const leaveRequestDecide = z.object({
  id: dbId,
  approve: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: '请选择批准或拒绝' }),
  ),
  reply: z.string().trim().max(200, '回复最多 200 字').optional(),
});

export const staffLeaveRequestRow = staffLeaveRequest.extend({ shopId: z.number().int() });
