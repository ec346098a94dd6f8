import { z } from 'zod';
import { optionalDate, optionalStatus, optionalText, pageQuery } from './common.ts';

/** One operation log row (params were redacted when it was written). */
export const oplogRow = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  loginName: z.string().nullable(),
  title: z.string(),
  type: z.string(),
  method: z.string(),
  url: z.string(),
  params: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  durationMs: z.number().int(),
  success: z.number().int(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type OplogRow = z.infer<typeof oplogRow>;

export const OPLOG_TYPES = ['add', 'edit', 'delete', 'grant', 'export', 'import', 'other', 'login'] as const;

export const oplogQuery = pageQuery
  .extend({
    loginName: optionalText(50),
    title: optionalText(50),
    type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(OPLOG_TYPES, { error: '操作类型无效' }).optional()),
    success: optionalStatus,
    startDate: optionalDate,
    endDate: optionalDate,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['startDate'],
  });
