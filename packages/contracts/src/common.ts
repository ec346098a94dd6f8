import { z } from 'zod';
import { MAX_PAGE_SIZE } from './envelope.ts';

/** Form bodies and query strings arrive as strings: every number is coerced. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Ids are PostgreSQL `integer`s: a larger number names nothing, on either database the same answer (2001). */
export const MAX_DB_ID = 2_147_483_647;
export const dbId = z.coerce.number().int().positive().max(MAX_DB_ID, 'id 超出范围');

export const idParam = z.object({ id: dbId });

/**
 * Every id array of a request keeps each id once (first occurrence order): a repeated id names the same object, and
 * written twice it would break a unique index (a 500) or count one object twice. Use on each id-array field:
 * `distinctIds(z.array(dbId).max(50))`. An `overwrite` keeps the schema's type and its JSON schema (OpenAPI, fuzzing).
 */
export const distinctIds = <S extends z.ZodArray<z.ZodType<number | string>>>(schema: S): S =>
  schema.overwrite((a) => [...new Set(a)] as typeof a) as S;

/** `delByIds/{ids}`: comma-separated positive ids, at most 500 at a time. */
export const idsParam = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids 须为逗号分隔的数字')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((a) => a.length <= 500, '一次最多处理 500 条')
    .refine((a) => a.every((id) => id > 0 && id <= MAX_DB_ID), 'id 超出范围'),
});

/** Optional trimmed text filter: empty strings mean "no filter". */
export const optionalText = (max = 100) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

/** The generic 0/1 status of toolkit rows (users, roles, menus, dictionaries, notices, categories…): 0 正常 / 1 停用. */
export const STATUS_FLAG = { ENABLED: 0, DISABLED: 1 } as const;

/** 0/1 status flag coming from a form or query string. */
export const statusFlag = z.coerce.number().int().min(0).max(1);
export const optionalStatus = z.preprocess((v) => (v === '' || v === null ? undefined : v), statusFlag.optional());

export const mainlandPhone = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号');

export const smsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');

/** A real calendar day between 1900 and 2199 ('2026-02-30' and '0000-00-00' are not). */
export function isCalendarDay(s: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2199 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** YYYY-MM-DD date filter (Asia/Shanghai calendar day). */
export const optionalDate = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
    .refine(isCalendarDay, '日期不存在')
    .optional(),
);

/**
 * A JSON value sent as one form field (the web client JSON-encodes arrays and objects in form bodies).
 * Accepts the already-parsed value too (JSON bodies).
 */
export const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

/** Yuan typed in a form -> integer fen in the API; the API itself only takes fen. */
export const fen = z.coerce.number().int('金额须为整数（分）').min(0, '金额不能为负').max(100_000_000_00, '金额过大');
