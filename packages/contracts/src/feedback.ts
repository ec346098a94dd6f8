import { z } from 'zod';
import { jsonField, optionalDate, optionalStatus, optionalText, pageQuery } from './common.ts';
import { imageUrlField } from './user.ts';

export const FEEDBACK_TYPES = ['1', '2', '3', '4'] as const;
/** 0 未处理 / 1 已处理 (dictionary `feedback_state`). */
export const FEEDBACK_STATE = { OPEN: 0, HANDLED: 1 } as const;

export const feedbackQuery = pageQuery
  .extend({
    type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(FEEDBACK_TYPES).optional()),
    state: optionalStatus,
    merchantName: optionalText(100),
    content: optionalText(100),
    startDate: optionalDate,
    endDate: optionalDate,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['startDate'],
  });

export const myFeedbackQuery = pageQuery.extend({ state: optionalStatus });

export const feedbackAddBody = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
  content: z
    .string({ error: '请输入反馈内容' })
    .trim()
    .min(5, '反馈内容至少 5 个字')
    .max(1000, '反馈内容最多 1000 个字'),
  images: jsonField(z.array(imageUrlField).max(6, '最多 6 张图片')).default([]),
  contact: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(50, '联系方式最多 50 个字').optional(),
  ),
});

export const feedbackSetStateBody = z.object({
  id: z.coerce.number().int().positive(),
  state: z.coerce
    .number()
    .int()
    .refine((n) => n === 1, '处理状态只能设为 已处理'),
  reply: z.string({ error: '请输入回复内容' }).trim().min(1, '请输入回复内容').max(1000, '回复最多 1000 个字'),
});

/** A feedback with its merchant, submitter and handler, as both lists answer it. */
export const feedbackRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  merchantId: z.number().int().nullable(),
  merchantName: z.string().nullable(),
  userName: z.string().nullable(),
  userPhone: z.string().nullable(),
  type: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  state: z.number().int(),
  reply: z.string().nullable(),
  handledBy: z.number().int().nullable(),
  handlerName: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackRow>;
