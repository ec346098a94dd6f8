// The schema-free part of staff.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/** Longest span a jobs or schedule query may cover, in days. */
export const STAFF_MAX_DAYS = 14;

/**
 * Where a job is, as the staff page shows it: after 派单 it is `assigned`; she taps 出发 (`departed`), 到达 (`arrived`,
 * clock-in with her location), 开始服务 with the customer's code (`serving`, the order's 验券), 完成 (`done`).
 */
export const JOB_STEPS = ['assigned', 'departed', 'arrived', 'serving', 'done'] as const;
export type JobStep = (typeof JOB_STEPS)[number];
export const JOB_STEP_NAME: Record<JobStep, string> = {
  assigned: '待出发',
  departed: '已出发',
  arrived: '已到达',
  serving: '服务中',
  done: '已完成',
};

/** How far a clock-in may be from the order's address before the board flags it (a shop may set its own). */
export const DEFAULT_ARRIVAL_RADIUS_M = 500;
/** The customer's full phone is shown from the day before the job until this long after it ends. */
export const PHONE_WINDOW_AFTER_MS = 24 * 3_600_000;
/** At most this many photos on completion. */
export const MAX_JOB_PHOTOS = 9;

/** Clock-in flag: within the radius, beyond it, or no location given (refused by the browser or unavailable). */
export const ARRIVAL_FLAGS = ['near', 'far', 'no_location'] as const;
export type ArrivalFlag = (typeof ARRIVAL_FLAGS)[number];
export const STAFF_LEAVE_STATUS = { pending: 0, approved: 1, refused: 2, withdrawn: 3 } as const;
export const STAFF_LEAVE_STATUS_NAME: Record<number, string> = {
  0: '待审批',
  1: '已批准',
  2: '已拒绝',
  3: '已撤回',
};
/**
 * 撤回: she may withdraw her own request while it is pending, or once approved until the leave starts (the approved
 * leave period is then removed). Refused and withdrawn requests, and a leave already begun, stay as they are: the
 * dispatcher ends a leave early (员工详情 › 休假, or 空闲 on the list).
 */
export function staffLeaveWithdrawable(r: { status: number; from: string }, now = Date.now()) {
  if (r.status === STAFF_LEAVE_STATUS.pending) return true;
  return r.status === STAFF_LEAVE_STATUS.approved && Date.parse(r.from) > now;
}
/** Minutes after a job's start without a clock-in (到达) before the console is told (迟到提醒, event `late`). */
export const LATE_AFTER_MINUTES = 15;
