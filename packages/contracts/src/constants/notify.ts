// The schema-free part of notify.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/**
 * Messages to customers and staff (SMS through one transactional outbox; docs/messages.md "Messages to customers and
 * staff"). Not the merchant's 消息中心 (message.ts), which speaks to console users.
 */

/** Every event a message is sent for: who receives it and what the console calls it. */
export const NOTIFY_EVENTS = {
  customer_accepted: { recipient: 'customer', name: '已接单' },
  customer_assigned: { recipient: 'customer', name: '已派单' },
  customer_rescheduled: { recipient: 'customer', name: '改约' },
  customer_departed: { recipient: 'customer', name: '阿姨已出发' },
  customer_completed: { recipient: 'customer', name: '服务完成' },
  staff_assigned: { recipient: 'staff', name: '新派单' },
  staff_rescheduled: { recipient: 'staff', name: '改约' },
  staff_cancelled: { recipient: 'staff', name: '取消' },
  staff_leave_answered: { recipient: 'staff', name: '请假审批结果' },
} as const;
export type NotifyEvent = keyof typeof NOTIFY_EVENTS;
export const NOTIFY_EVENT_CODES = Object.keys(NOTIFY_EVENTS) as NotifyEvent[];

export const NOTIFY_STATUS = { PENDING: 'pending', SENT: 'sent', FAILED: 'failed' } as const;
export type NotifyStatus = (typeof NOTIFY_STATUS)[keyof typeof NOTIFY_STATUS];
export const NOTIFY_STATUS_NAME: Record<NotifyStatus, string> = { pending: '待发送', sent: '已发送', failed: '失败' };

export const RECIPIENT_NAME = { customer: '客户', staff: '员工' } as const;
