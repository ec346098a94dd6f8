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
  'broadcast',
] as const;
export type MessageRefType = (typeof MESSAGE_REF_TYPES)[number];

export interface Message {
  id: number;
  userId: number;
  type: MessageType;
  title: string;
  content: string;
  refType: MessageRefType | null;
  refId: number | null;
  readAt: string | null;
  createdAt: string;
}

export interface UnreadCount {
  total: number;
  order: number;
  finance: number;
  system: number;
}

export interface Broadcast {
  id: number;
  title: string;
  content: string;
  /** null = every merchant; else the chosen merchants' ids. */
  merchantIds: number[] | null;
  recipientCount: number;
  senderName: string | null;
  createdAt: string;
}

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const messageQuery = pageQuery.extend({
  type: z.preprocess(blank, z.enum(MESSAGE_TYPES, { error: '消息类型无效' }).optional()),
  /** 0 unread only, 1 read only. */
  read: z.preprocess(blank, z.coerce.number().int().min(0, '已读状态无效').max(1, '已读状态无效').optional()),
  title: optionalText(100),
});

/** xiaoxi/setRead: `ids` (comma-separated) or `all=1` (optionally of one `type`). */
export const setReadBody = z
  .object({
    ids: z.preprocess(
      blank,
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
    blank,
    z
      .string()
      .regex(/^\d+(,\d+)*$/, '商家 ids 须为逗号分隔的数字')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .refine((a) => a.length <= 1000, '一次最多选择 1000 个商家')
      .optional(),
  ),
});

export const broadcastQuery = pageQuery.extend({ title: optionalText(100) });
