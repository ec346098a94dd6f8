import { z } from 'zod';
import { optionalDate, optionalStatus, optionalText, pageQuery } from './common.ts';

export interface OplogRow {
  id: number;
  userId: number | null;
  loginName: string | null;
  title: string;
  type: string;
  method: string;
  url: string;
  params: string | null;
  ip: string | null;
  userAgent: string | null;
  durationMs: number;
  success: number;
  errorMessage: string | null;
  createdAt: string;
}

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
