import { z } from 'zod';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';

export const QA_CATEGORIES = ['account', 'shop', 'order', 'finance', 'other'] as const;

export const qaQuery = pageQuery.extend({
  question: optionalText(100),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QA_CATEGORIES).optional()),
  status: optionalStatus,
});

const answerField = z
  .string({ error: '请输入答案' })
  .max(100_000, '答案过长')
  .refine((s) => s.replace(/<[^>]*>/g, '').trim().length > 0 || /<img|<video/i.test(s), '请输入答案');

export const qaAddBody = z.object({
  question: z.string({ error: '请输入问题' }).trim().min(1, '请输入问题').max(200, '问题最多 200 个字'),
  answer: answerField,
  category: z.enum(QA_CATEGORIES, { error: '请选择分类' }),
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999).default(0),
  status: statusFlag.default(0),
});

export const qaEditBody = z.object({
  id: z.coerce.number().int().positive(),
  question: z.string().trim().min(1, '请输入问题').max(200, '问题最多 200 个字').optional(),
  answer: answerField.optional(),
  category: z.enum(QA_CATEGORIES, { error: '请选择分类' }).optional(),
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999).optional(),
  status: statusFlag.optional(),
});

/** A question as the platform's list answers it. */
export const qaRow = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Qa = z.infer<typeof qaRow>;

/** What merchants read: an enabled question without the platform's bookkeeping. */
export const publishedQaRow = qaRow.pick({ id: true, question: true, answer: true, category: true, sort: true });
