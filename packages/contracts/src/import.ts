import { z } from 'zod';

/**
 * Excel import (docs/import.md): the shapes every import (employees, goods) answers. A check answers a
 * job: while it reads, `status` is checking with `checked` rows read of `total` (null until known); then the report.
 */
export const IMPORT_LIMITS = {
  /** 10 MB: larger uploads are refused while they arrive. */
  maxBytes: 10 * 1024 * 1024,
  /** Data rows per file. */
  maxRows: 5000,
  /** Problems listed in an answer; the rest are counted (moreErrors) and all are in the annotated copy. */
  maxListed: 200,
  /** An import id may be confirmed within this many minutes of its check. */
  validMinutes: 30,
} as const;

export const IMPORT_KINDS = ['employee', 'goods'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** checking → valid | invalid | failed (unreadable); valid → importing → done | failed (rolled back). */
export const IMPORT_STATUSES = ['checking', 'valid', 'invalid', 'failed', 'importing', 'done'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One problem: `row` as Excel numbers it, `column` its header ('' = the whole row), the cell's text, the reason. */
export const importProblem = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const importJob = z.object({
  importId: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows in the file; null while the first reading has not finished. */
  total: z.number().int().nullable(),
  /** Rows checked so far (the progress bar), or rows written while importing. */
  checked: z.number().int(),
  /** Rows without a problem. */
  valid: z.number().int(),
  errorCount: z.number().int(),
  /** Listed problems (at most IMPORT_LIMITS.maxListed), by row. */
  errors: z.array(importProblem),
  /** Problems not listed. */
  moreErrors: z.number().int(),
  /** Rows (employees) or goods items written by the confirmation. */
  imported: z.number().int(),
  /** Why a file could not be read or an import was rolled back (Chinese), else null. */
  message: z.string().nullable(),
  /** After this (ISO time) the import id is no longer accepted. */
  expiresAt: z.string(),
  /** Already confirmed (an id is usable once). */
  used: z.boolean(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importIdParam = z.object({
  id: z.coerce.number({ error: '导入编号无效' }).int('导入编号无效').positive('导入编号无效'),
});
export const importConfirmBody = z.object({
  importId: z.coerce.number({ error: '请先上传并校验文件' }).int('导入编号无效').positive('导入编号无效'),
});
