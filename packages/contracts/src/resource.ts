import { z } from 'zod';
import { optionalText, pageQuery } from './common.ts';
import { RESOURCE_TYPES } from './constants/resource.ts';

export * from './constants/resource.ts';

/** The resource library: one record per upload (and external links added by hand); never its storage key. */
export const resourceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  type: z.enum(RESOURCE_TYPES),
  ext: z.string().nullable(),
  mime: z.string().nullable(),
  /** Bytes; 0 for links. */
  size: z.number().int(),
  rootPath: z.string().nullable(),
  uploaderId: z.number().int().nullable(),
  uploaderName: z.string().nullable(),
  merchantId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Resource = z.infer<typeof resourceRow>;

const optionalType = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(RESOURCE_TYPES, { error: '资源类型无效' }).optional(),
);

export const resourceQuery = pageQuery.extend({
  name: optionalText(100),
  type: optionalType,
  rootPath: optionalText(60),
});

export const resourceListQuery = z.object({ type: optionalType });

export const resourceTypeParam = z.object({ type: z.enum(RESOURCE_TYPES, { error: '资源类型无效' }) });

const name = z.string({ error: '请输入资源名称' }).trim().min(1, '请输入资源名称').max(100, '资源名称最多 100 个字');

/** add: an external link (https) kept in the library; files enter it by being uploaded. */
export const resourceAddBody = z.object({
  name,
  url: z
    .string({ error: '请输入链接地址' })
    .trim()
    .max(500, '链接地址过长')
    .regex(/^https:\/\/[^\s"'<>]+$/i, '链接须以 https:// 开头'),
});

/** edit: rename. */
export const resourceEditBody = z.object({ id: z.coerce.number().int().positive(), name });
