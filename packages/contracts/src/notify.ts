import { z } from 'zod';

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
export const notifyEvent = z.enum(NOTIFY_EVENT_CODES as [NotifyEvent, ...NotifyEvent[]]);

export const NOTIFY_STATUS = { PENDING: 'pending', SENT: 'sent', FAILED: 'failed' } as const;
export type NotifyStatus = (typeof NOTIFY_STATUS)[keyof typeof NOTIFY_STATUS];
export const NOTIFY_STATUS_NAME: Record<NotifyStatus, string> = { pending: '待发送', sent: '已发送', failed: '失败' };

export const RECIPIENT_NAME = { customer: '客户', staff: '员工' } as const;

/** One message of an order, as the console's order drawer lists it (the phone masked). */
export const orderNotice = z.object({
  id: z.number().int(),
  channel: z.literal('sms'),
  event: notifyEvent,
  eventName: z.string(),
  recipientKind: z.enum(['customer', 'staff']),
  /** 138****0001, with the employee's name for staff. */
  recipient: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  /** Why it failed, or why it waits (quiet hours, the per-phone limit, the last error before a retry). */
  reason: z.string().nullable(),
  content: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When the next try is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  /** The message this one sends again (重发). */
  resendOf: z.number().int().nullable(),
});
export type OrderNotice = z.infer<typeof orderNotice>;

export const orderNoticesQuery = z.object({
  orderId: z.coerce.number({ error: '请指定订单' }).int().positive('请指定订单'),
});
export const resendBody = z.object({
  id: z.coerce.number({ error: '请指定消息' }).int().positive('请指定消息'),
});

/** The merchant's switches: one per event, on unless turned off. */
export const notifySwitch = z.object({
  event: notifyEvent,
  name: z.string(),
  recipientKind: z.enum(['customer', 'staff']),
  enabled: z.boolean(),
});
export type NotifySwitch = z.infer<typeof notifySwitch>;
/** `enabled` 1 on / 0 off (bodies arrive form-encoded, as 0/1 flags do elsewhere). */
export const notifySwitchBody = z.object({
  event: notifyEvent,
  enabled: z.coerce.number().int().min(0, '请选择开或关').max(1, '请选择开或关'),
});
