import { z } from 'zod';
import { type NotifyEvent, NOTIFY_EVENT_CODES } from './constants/notify.ts';
// Constants, labels and helpers without schemas (constants/notify.ts), re-exported for the server and existing imports.
export * from './constants/notify.ts';

export const notifyEvent = z.enum(NOTIFY_EVENT_CODES as [NotifyEvent, ...NotifyEvent[]]);

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
