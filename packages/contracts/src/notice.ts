import { z } from 'zod';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { optionalMoment } from './banner.ts';

export const NOTICE_TYPES = ['1', '2'] as const;

export const noticeQuery = pageQuery.extend({
  title: optionalText(50),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NOTICE_TYPES).optional()),
  status: optionalStatus,
});

export const publishedNoticeQuery = pageQuery.extend({
  title: optionalText(50),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NOTICE_TYPES).optional()),
});

const contentField = z
  .string({ error: '请输入内容' })
  .max(200_000, '内容过长')
  .refine((s) => s.replace(/<[^>]*>/g, '').trim().length > 0 || /<img|<video/i.test(s), '请输入内容');

export const noticeAddBody = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题最多 100 个字'),
  content: contentField,
  type: z.enum(NOTICE_TYPES, { error: '请选择类型' }).default('1'),
  status: statusFlag.default(0),
  /** When it becomes visible to merchants; empty = now. */
  publishedAt: optionalMoment,
});

export const noticeEditBody = z.object({
  id: z.coerce.number().int().positive(),
  title: z.string().trim().min(1, '请输入标题').max(100, '标题最多 100 个字').optional(),
  content: contentField.optional(),
  type: z.enum(NOTICE_TYPES, { error: '请选择类型' }).optional(),
  status: statusFlag.optional(),
  publishedAt: optionalMoment,
});

/** A notice as the platform's list answers it. */
export const noticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: z.string(),
  status: z.number().int(),
  publishedAt: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeRow>;

/** What merchants read: a published notice without the platform's bookkeeping. */
export const publishedNoticeRow = noticeRow.pick({
  id: true,
  title: true,
  content: true,
  type: true,
  publishedAt: true,
});
export type PublishedNotice = z.infer<typeof publishedNoticeRow>;
