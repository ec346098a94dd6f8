import { z } from 'zod';
import { optionalText, pageQuery } from './common.ts';

/** Message kinds (dictionary `message_type`): 订单 / 财务 / 系统. */
export const MESSAGE_TYPES = ['order', 'finance', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** What a message links to; the console maps each to its page. */
export const MESSAGE_REF_TYPES = [
  'order',
  'withdrawal',
  'settlement',
  'agreement',
  'shop',
  'onboarding',
  'licence',
  /** An employee's leave request from the staff page (请假申请 / 请假撤回): 员工排班 › 请假审批. */
  'leaveRequest',
  'broadcast',
] as const;
export type MessageRefType = (typeof MESSAGE_REF_TYPES)[number];

/** A message of the signed-in user (消息管理 and the header's latest unread). */
export const messageRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  content: z.string(),
  refType: z.enum(MESSAGE_REF_TYPES).nullable(),
  refId: z.number().int().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageRow>;

/** The header badge: unread messages in all and per type. */
export const unreadCount = z.object({
  total: z.number().int(),
  order: z.number().int(),
  finance: z.number().int(),
  system: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCount>;

/** A platform broadcast (消息推送). */
export const broadcastRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** null = every merchant; else the chosen merchants' ids. */
  merchantIds: z.array(z.number().int()).nullable(),
  recipientCount: z.number().int(),
  senderName: z.string().nullable(),
  createdAt: z.string(),
});
export type Broadcast = z.infer<typeof broadcastRow>;

/** The merchants a broadcast can be sent to. */
export const merchantOption = z.object({ id: z.number().int(), name: z.string() });

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const messageQuery = pageQuery.extend({
  type: z.preprocess(blank, z.enum(MESSAGE_TYPES, { error: '消息类型无效' }).optional()),
  /** 0 unread only, 1 read only. */
  read: z.preprocess(blank, z.coerce.number().int().min(0, '已读状态无效').max(1, '已读状态无效').optional()),
  title: optionalText(100),
});

/**
 * Id lists as the spec sends them (comma-separated) or as the console's forms send every array (a JSON array,
 * web/src/lib/api-client.ts toForm): both read as the comma-separated text, so a caller passes the `number[]` the
 * parsed type names.
 */
const idListText = (v: unknown) => {
  const b = blank(v);
  if (Array.isArray(b)) return blank(b.join(','));
  if (typeof b === 'string' && b.startsWith('[')) {
    try {
      const a: unknown = JSON.parse(b);
      if (Array.isArray(a)) return blank(a.join(','));
    } catch {
      /* not JSON: the pattern below refuses it */
    }
  }
  return b;
};

/** xiaoxi/setRead: `ids` (comma-separated) or `all=1` (optionally of one `type`). */
export const setReadBody = z
  .object({
    ids: z.preprocess(
      idListText,
      z
        .string()
        .regex(/^\d+(,\d+)*$/, 'ids 须为逗号分隔的数字')
        .transform((s) => [...new Set(s.split(',').map(Number))])
        .refine((a) => a.length <= 500, '一次最多处理 500 条')
        .optional(),
    ),
    all: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
    type: z.preprocess(blank, z.enum(MESSAGE_TYPES, { error: '消息类型无效' }).optional()),
  })
  .refine((v) => v.all === 1 || (v.ids?.length ?? 0) > 0, { message: '请选择要标记的消息' });

export const broadcastBody = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题最多 100 个字'),
  content: z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(2000, '内容最多 2000 个字'),
  /** Comma-separated merchant ids; empty = every merchant. */
  merchantIds: z.preprocess(
    idListText,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, '商家 ids 须为逗号分隔的数字')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .refine((a) => a.length <= 1000, '一次最多选择 1000 个商家')
      .optional(),
  ),
});

export const broadcastQuery = pageQuery.extend({ title: optionalText(100) });
